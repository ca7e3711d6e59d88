import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from './session.ts';

/** Whether an access token is stored, re-rendering on sign-in and sign-out in any tab. */
export function useHasToken(): boolean {
  // The server (and hydration) render signed out; the stored token is read once the page is live.
  return useSyncExternalStore(
    subscribeSession,
    () => getToken() !== null,
    () => false,
  );
}

const noSubscription = () => () => undefined;

/**
 * False while the server renders and while the client hydrates that HTML, true from then on: for markup that must
 * match the server's on the first pass but can depend on the browser after it.
 */
export function useIsLive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

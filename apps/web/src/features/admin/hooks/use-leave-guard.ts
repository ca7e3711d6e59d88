import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before unsaved changes are left behind: in-app navigation is held (the caller shows the question through
 * `blocker`), and closing or reloading the tab brings up the browser's own prompt. `allowLeave()` lets the next
 * navigation through, for leaving after a successful save.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return { blocker, allowLeave: () => (allowed.current = true) };
}

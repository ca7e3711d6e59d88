import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '@kindred/shared';

/**
 * Navigates after the spec's redirect delay (1 s after sign-in, sign-up, recovery steps and password changes;
 * callers pass PAYMENT_REDIRECT_DELAY_MS for the 1.5 s after a payment), so the success toast is seen first. A
 * pending redirect is dropped if the screen unmounts.
 */
export function useDelayedNavigate(
  delayMs: number = REDIRECT_DELAY_MS,
): (to: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to, options) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void navigate(to, { replace: options?.replace ?? false });
      }, delayMs);
    },
    [navigate, delayMs],
  );
}

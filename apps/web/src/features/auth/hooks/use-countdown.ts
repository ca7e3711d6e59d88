import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline, ticking down to 0 and stopping there (spec: "nothing happens at zero").
 * Measured against the clock, so a throttled background tab still shows the right time when it comes back.
 */
export function useCountdown(initialSeconds: number): { seconds: number; restart: (seconds?: number) => void } {
  const [deadline, setDeadline] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [seconds, setSeconds] = useState(Math.max(0, initialSeconds));

  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) clearInterval(id);
    };
    const id = setInterval(tick, 250);
    tick();
    return () => clearInterval(id);
  }, [deadline]);

  const restart = useCallback(
    (next: number = initialSeconds) => {
      setSeconds(next);
      setDeadline(Date.now() + next * 1000);
    },
    [initialSeconds],
  );

  return { seconds, restart };
}

import { useEffect } from 'react';
import { reportTimeZone } from '../api/notifications.api.ts';

/** The browser's IANA time zone, or undefined when it does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the server the browser's time zone once per signed-in app load (the bell mounts at sign-in and when a
 * signed-in app opens), so the daily digest goes at 07:00 where the parent is (ADR 025 addendum). Best effort: the
 * server keeps the last zone it was told (UTC until then), and an unchanged zone writes nothing.
 */
export function useReportTimeZone() {
  useEffect(() => {
    const zone = browserTimeZone();
    if (zone) reportTimeZone(zone).catch(() => undefined);
  }, []);
}

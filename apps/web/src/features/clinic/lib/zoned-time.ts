/** Times as the clinic portal shows them: in the clinic's zone, with the zone named. */

/** The calendar day (YYYY-MM-DD) of `iso` in `timeZone`. */
export const dayKey = (iso: string, timeZone: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone });

/** "Wednesday 26 November 2026" in `timeZone`. */
export const dayLabel = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** "14:30" in `timeZone`. */
export const timeLabel = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });

/** The zone's short name at that instant ("CST", "GMT+1"). */
export const zoneAbbreviation = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** YYYY-MM-DD `days` after today in `timeZone`. */
export function localDate(timeZone: string, days = 0, now = new Date()): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toLocaleDateString('en-CA', { timeZone });
}

/** Groups items by their day in `timeZone`, days in order. */
export function groupByDay<T>(items: T[], instantOf: (t: T) => string | null, timeZone: string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const at = instantOf(item);
    if (!at) continue;
    const key = dayKey(at, timeZone);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

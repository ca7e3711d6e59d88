/**
 * Times in a named zone (issue 14), for the parent's pages and the clinic portal alike. A parent sees every time in
 * their own zone ("Tue 1 Dec, 10:00 (CST)"); the clinic portal shows its clinic's zone ("Wednesday, 26 November
 * 2026", "14:30 CST"). Instants travel as ISO 8601 strings; only the display and the calendar day depend on the zone.
 */

/** The browser's IANA zone (the parent's), or UTC when the browser does not say. */
export function parentZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The short name of `zone` at `instant` ("CST", "GMT+1"). */
export function zoneAbbreviation(instant: Date | string, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

function parts(instant: Date, zone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', ...options })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
}

/** "Tue 1 Dec" in `zone`. */
export function formatDay(iso: string, zone: string = parentZone()): string {
  const p = parts(new Date(iso), zone, { weekday: 'short', day: 'numeric', month: 'short' });
  return `${p.weekday} ${p.day} ${p.month}`;
}

/** "10:00" in `zone`. */
export function formatClock(iso: string, zone: string = parentZone()): string {
  const p = parts(new Date(iso), zone, { hour: '2-digit', minute: '2-digit' });
  return `${p.hour}:${p.minute}`;
}

/** "Tue 1 Dec, 10:00 (CST)": a slot or appointment start in the parent's zone, the zone named. */
export function formatSlot(iso: string, zone: string = parentZone()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDay(iso, zone)}, ${formatClock(iso, zone)} (${zoneAbbreviation(d, zone)})`;
}

/** "Wednesday, 26 November 2026" in `zone` (the clinic portal's day headings). */
export function formatLongDay(iso: string, zone: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** The local calendar date (YYYY-MM-DD) of an instant in `zone`: slots and appointments are grouped by it. */
export function localDateOf(iso: string, zone: string = parentZone()): string {
  const p = parts(new Date(iso), zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** Today's date (YYYY-MM-DD) in `zone`. */
export function todayIn(zone: string = parentZone(), now: Date = new Date()): string {
  return localDateOf(now.toISOString(), zone);
}

/** The date (YYYY-MM-DD) in `zone` `days` × 24 hours from `now`. */
export function localDateAhead(zone: string, days: number, now: Date = new Date()): string {
  return todayIn(zone, new Date(now.getTime() + days * 24 * 60 * 60 * 1000));
}

/**
 * Items grouped by the local day of their start in `zone`, days and starts in order; items without a start are left
 * out. `label` is the short day ("Tue 1 Dec").
 */
export function groupByDay<T extends { starts_at: string | null }>(
  items: readonly T[],
  zone: string = parentZone(),
): { date: string; label: string; slots: (T & { starts_at: string })[] }[] {
  const days = new Map<string, (T & { starts_at: string })[]>();
  const timed = items.filter((i): i is T & { starts_at: string } => i.starts_at !== null);
  for (const item of [...timed].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const key = localDateOf(item.starts_at, zone);
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return [...days].map(([date, list]) => ({ date, label: formatDay(list[0]!.starts_at, zone), slots: list }));
}

/**
 * One day's times for the slot chips and their legend, in `zone`. The legend names the zone of that day, not of
 * today ("EST" for a December day seen in October). On a day the clocks change, each time carries its own
 * abbreviation, so the two 01:00s of a fall-back night read "01:00 EDT" and "01:00 EST", and the legend names both
 * ("EDT, then EST").
 */
export function dayTimes(starts: readonly string[], zone: string = parentZone()): { zone: string; labels: string[] } {
  const zones = starts.map((s) => zoneAbbreviation(s, zone));
  const distinct = [...new Set(zones)];
  const changes = distinct.length > 1;
  return {
    zone: distinct.length > 0 ? distinct.join(', then ') : zoneAbbreviation(new Date(), zone),
    labels: starts.map((s, i) => (changes ? `${formatClock(s, zone)} ${zones[i]}` : formatClock(s, zone))),
  };
}

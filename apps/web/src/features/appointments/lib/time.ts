/**
 * Times shown to a parent (issue 14): always in the parent's own zone, with the zone named, e.g.
 * "Tue 1 Dec, 10:00 (CST)". The clinic's zone travels with every slot; it is used only for the clinic's own label.
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
export function zoneAbbreviation(instant: Date, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(instant)
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

/** The local calendar date (YYYY-MM-DD) of an instant in `zone`: slots are grouped by it. */
export function localDateOf(iso: string, zone: string = parentZone()): string {
  const p = parts(new Date(iso), zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** Today's date (YYYY-MM-DD) in `zone`. */
export function todayIn(zone: string = parentZone(), now: Date = new Date()): string {
  return localDateOf(now.toISOString(), zone);
}

/** Slots grouped by their local day in `zone`, days and times in order. */
export function groupByDay<T extends { starts_at: string }>(
  slots: readonly T[],
  zone: string = parentZone(),
): { date: string; label: string; slots: T[] }[] {
  const days = new Map<string, T[]>();
  for (const slot of [...slots].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const key = localDateOf(slot.starts_at, zone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days].map(([date, list]) => ({ date, label: formatDay(list[0]!.starts_at, zone), slots: list }));
}

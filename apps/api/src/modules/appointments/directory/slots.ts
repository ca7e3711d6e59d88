import { DateTime, IANAZone } from 'luxon';

/**
 * Free slots computed from a clinician's wall-clock hours in the clinic's IANA zone (ADR 021). Pure: no database,
 * no clock of its own; the caller passes `now` and the busy blocks.
 *
 * - Working time of a local date: the weekly intervals of its weekday (an end at or before the start runs to that
 *   time on the next date: a night shift belongs to the date it starts on), unless a 'closed' override removes them;
 *   'extra' overrides of that date are added in either case (a clinic can replace a day's hours by closing it and
 *   adding an extra interval). Overlapping or touching intervals are joined.
 * - Wall clock → instant: a time the zone skips (02:30 on a spring-forward night) is read with the offset in force
 *   before the change, so it lands just after the gap (02:30 → 03:30 daylight time); a time that happens twice
 *   (01:30 on a fall-back night) is its first occurrence. An interval therefore lasts what the clock really ran:
 *   a 00:00–04:00 night is 3 hours on spring-forward and 5 hours on fall-back.
 * - Grid: slots start every min(15, duration) minutes counted in real time from the start of each working
 *   interval, so a 09:00 start stays 09:00 local on any date while its instant follows the offset.
 * - The whole block (buffer before + visit + buffer after) fits inside one working interval and overlaps no busy
 *   block (half-open ranges: a block ending at 10:00 leaves 10:00 free).
 * - Min notice and horizon are counted from `now` in real time: a slot is offered when
 *   now + min notice ≤ start ≤ now + horizon days.
 */

export const SLOT_GRID_MINUTES = 15;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One weekly working interval: ISO weekday (1 = Monday … 7 = Sunday), 'HH:MM' or 'HH:MM:SS' wall-clock times. */
export type WeeklyHours = { weekday: number; start: string; end: string };
/** A date override: 'closed' removes the weekly hours of that local date; 'extra' adds an interval. */
export type ScheduleOverride = { date: string; kind: 'closed' | 'extra'; start?: string | null; end?: string | null };
export type SlotRules = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
};
export type Range = { start: Date; end: Date };
export type SlotInput = {
  zone: string;
  hours: readonly WeeklyHours[];
  overrides: readonly ScheduleOverride[];
  rules: SlotRules;
  busy: readonly Range[];
  now: Date;
  /** The first local date (YYYY-MM-DD in `zone`). */
  fromDate: string;
  days: number;
};
/** A free slot: the visit's own instants, and the block it would occupy (buffers included). */
export type Slot = { startsAt: Date; endsAt: Date; blockStart: Date; blockEnd: Date };

export const gridMinutes = (durationMinutes: number) => Math.min(SLOT_GRID_MINUTES, durationMinutes);

/** 'HH:MM[:SS]' → minutes after midnight (24:00 allowed as the end of the day). */
function minutesOf(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** Conversions already made (a zone's rules do not change while the process runs); cleared when large. */
const instants = new Map<string, number>();
const MEMO_LIMIT = 50_000;

/** The instant of a wall-clock time on a local date in `zone` (gaps and overlaps resolved as documented above). */
export function wallClockToInstant(date: string, time: string, zone: string): Date {
  const key = `${zone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const t = resolveWallClock(date, time, zone);
  if (instants.size >= MEMO_LIMIT) instants.clear();
  instants.set(key, t);
  return new Date(t);
}

function resolveWallClock(date: string, time: string, zone: string): number {
  const z = IANAZone.create(zone);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, mo - 1, d) + minutesOf(time) * MINUTE_MS;
  // The offsets in force a day either side cover every transition a local time can fall into.
  const before = z.offset(naive - DAY_MS);
  const after = z.offset(naive + DAY_MS);
  const valid = [before, after]
    .map((o) => naive - o * MINUTE_MS)
    .filter((t) => z.offset(t) * MINUTE_MS === naive - t)
    .sort((a, b) => a - b);
  // Several readings (an overlap): the first occurrence. None (a gap): the offset before the change.
  return valid[0] ?? naive - before * MINUTE_MS;
}

/** The local date (YYYY-MM-DD) of an instant in `zone`. */
export const localDateOf = (instant: Date, zone: string): string =>
  DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';

/** `date` plus `days` calendar days (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? date;

/** The working intervals of one local date as instants, joined where they touch or overlap. */
export function workingRanges(
  zone: string,
  hours: readonly WeeklyHours[],
  overrides: readonly ScheduleOverride[],
  date: string,
): Range[] {
  const weekday = DateTime.fromISO(date, { zone: 'UTC' }).weekday;
  const ofDay = overrides.filter((o) => o.date === date);
  const closed = ofDay.some((o) => o.kind === 'closed');
  const walls = [
    ...(closed ? [] : hours.filter((h) => h.weekday === weekday)),
    ...ofDay.filter((o) => o.kind === 'extra' && o.start && o.end).map((o) => ({ start: o.start!, end: o.end! })),
  ];
  const ranges = walls
    .map((w) => ({
      start: wallClockToInstant(date, w.start, zone),
      // An end at or before the start is on the next local date: a night shift (20:00–02:00) belongs to the date
      // it starts on, and its hours after midnight are counted in real time across the date line and any DST change.
      end: wallClockToInstant(minutesOf(w.end) <= minutesOf(w.start) ? addDays(date, 1) : date, w.end, zone),
    }))
    .filter((r) => r.start < r.end)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const joined: Range[] = [];
  for (const r of ranges) {
    const last = joined.at(-1);
    if (last && r.start <= last.end) last.end = new Date(Math.max(last.end.getTime(), r.end.getTime()));
    else joined.push({ ...r });
  }
  return joined;
}

const overlaps = (a0: number, a1: number, b: Range) => a0 < b.end.getTime() && b.start.getTime() < a1;

/** The free slots of one clinician for one visit type, oldest first. */
export function computeSlots(input: SlotInput): Slot[] {
  const { rules } = input;
  const step = gridMinutes(rules.durationMinutes) * MINUTE_MS;
  const before = rules.bufferBeforeMinutes * MINUTE_MS;
  const visit = rules.durationMinutes * MINUTE_MS;
  const after = rules.bufferAfterMinutes * MINUTE_MS;
  const earliest = input.now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  const latest = input.now.getTime() + rules.horizonDays * DAY_MS;
  const out: Slot[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.fromDate, i);
    for (const range of workingRanges(input.zone, input.hours, input.overrides, date)) {
      const open = range.start.getTime();
      const close = range.end.getTime();
      // The first start on the grid that leaves room for the buffer before.
      for (let s = open + Math.ceil(before / step) * step; s + visit + after <= close; s += step) {
        if (s < earliest || s > latest) continue;
        if (input.busy.some((b) => overlaps(s - before, s + visit + after, b))) continue;
        out.push({
          startsAt: new Date(s),
          endsAt: new Date(s + visit),
          blockStart: new Date(s - before),
          blockEnd: new Date(s + visit + after),
        });
      }
    }
  }
  return out;
}

export type SlotRefusal = 'slotInPast' | 'slotTooSoon' | 'slotBeyondHorizon' | 'slotUnavailable';

/**
 * Why `startsAt` is not a slot `computeSlots` would offer (busy blocks aside: overlaps are the exclusion
 * constraint's to refuse), or null when it is one. Returns the slot's block on success.
 */
export function refuseSlot(
  input: Omit<SlotInput, 'busy' | 'fromDate' | 'days'>,
  startsAt: Date,
): { refusal: SlotRefusal } | { slot: Slot } {
  const t = startsAt.getTime();
  const { rules, now } = input;
  if (t <= now.getTime()) return { refusal: 'slotInPast' };
  if (t < now.getTime() + rules.minNoticeMinutes * MINUTE_MS) return { refusal: 'slotTooSoon' };
  if (t > now.getTime() + rules.horizonDays * DAY_MS) return { refusal: 'slotBeyondHorizon' };
  // The previous date too: a night shift that started then may hold this time after midnight.
  const date = addDays(localDateOf(startsAt, input.zone), -1);
  const slot = computeSlots({ ...input, busy: [], fromDate: date, days: 2 }).find((s) => s.startsAt.getTime() === t);
  return slot ? { slot } : { refusal: 'slotUnavailable' };
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { computeSlots, refuseSlot, wallClockToInstant, type SlotInput, type WeeklyHours } from './slots.ts';

const everyDay = (start: string, end: string): WeeklyHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
const rules = (over: Partial<SlotInput['rules']> = {}): SlotInput['rules'] => ({
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 400,
  ...over,
});
const base = (over: Partial<SlotInput>): SlotInput => ({
  zone: 'America/Chicago',
  hours: everyDay('09:00', '17:00'),
  overrides: [],
  rules: rules(),
  busy: [],
  now: new Date('2026-01-01T00:00:00Z'),
  fromDate: '2026-01-05',
  days: 1,
  ...over,
});
const local = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-MM-dd HH:mm');
const iso = (d: Date) => d.toISOString();

// Spring-forward and fall-back dates in 2026 for the four zones the issue names.
const DST = [
  { zone: 'America/Chicago', spring: '2026-03-08', fall: '2026-11-01' },
  { zone: 'America/Los_Angeles', spring: '2026-03-08', fall: '2026-11-01' },
  { zone: 'Europe/London', spring: '2026-03-29', fall: '2026-10-25' },
  { zone: 'Australia/Sydney', spring: '2026-10-04', fall: '2026-04-05' },
] as const;

describe('computeSlots across DST changes', () => {
  for (const { zone, spring, fall } of DST) {
    for (const [kind, date] of [
      ['spring-forward', spring],
      ['fall-back', fall],
    ] as const) {
      it(`${zone} ${kind} (${date}): 09:00 stays 09:00 local, the instant shifts by the offset change`, () => {
        const dayBefore = DateTime.fromISO(date).minus({ days: 1 }).toISODate()!;
        const slots = computeSlots(
          base({ zone, hours: everyDay('09:00', '09:30'), fromDate: dayBefore, days: 3, now: new Date('2025-12-01') }),
        );
        expect(slots.map((s) => local(s.startsAt, zone).slice(11))).toEqual(['09:00', '09:00', '09:00']);
        const gapHours = (slots[1]!.startsAt.getTime() - slots[0]!.startsAt.getTime()) / 3_600_000;
        // Spring: the day is 23 hours long; fall: 25.
        expect(gapHours).toBe(kind === 'spring-forward' ? 23 : 25);
        expect(slots[2]!.startsAt.getTime() - slots[1]!.startsAt.getTime()).toBe(24 * 3_600_000);
      });

      it(`${zone} ${kind} (${date}): a 00:00–04:00 night has as many 60-minute slots as the clock really ran`, () => {
        const slots = computeSlots(
          base({
            zone,
            hours: everyDay('00:00', '04:00'),
            rules: rules({ durationMinutes: 60 }),
            fromDate: date,
            now: new Date('2025-12-01'),
          }),
        );
        // Real minutes: 180 on spring-forward, 300 on fall-back; starts every 15 min while the hour still fits.
        const realMinutes = kind === 'spring-forward' ? 180 : 300;
        expect(slots).toHaveLength((realMinutes - 60) / 15 + 1);
        for (const s of slots) expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(3_600_000);
        const starts = slots.map((s) => s.startsAt.getTime());
        expect(new Set(starts).size).toBe(starts.length);
      });
    }
  }

  it('a wall-clock time in the spring gap lands just after it; one in the fall overlap is its first occurrence', () => {
    // Chicago: 02:00 CST → 03:00 CDT on 8 March; 02:00 CDT → 01:00 CST on 1 November.
    expect(iso(wallClockToInstant('2026-03-08', '02:30', 'America/Chicago'))).toBe('2026-03-08T08:30:00.000Z');
    expect(local(wallClockToInstant('2026-03-08', '02:30', 'America/Chicago'), 'America/Chicago')).toBe(
      '2026-03-08 03:30',
    );
    expect(iso(wallClockToInstant('2026-11-01', '01:30', 'America/Chicago'))).toBe('2026-11-01T06:30:00.000Z');
    // London: 01:00 GMT → 02:00 BST on 29 March; 02:00 BST → 01:00 GMT on 25 October.
    expect(iso(wallClockToInstant('2026-03-29', '01:30', 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(wallClockToInstant('2026-10-25', '01:30', 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z');
    // Sydney: 03:00 AEDT → 02:00 AEST on 5 April (02:30 twice); 02:00 → 03:00 on 4 October (02:30 missing).
    expect(iso(wallClockToInstant('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
    expect(local(wallClockToInstant('2026-10-04', '02:30', 'Australia/Sydney'), 'Australia/Sydney')).toBe(
      '2026-10-04 03:30',
    );
    // Los Angeles, an ordinary day: no ambiguity.
    expect(iso(wallClockToInstant('2026-07-01', '09:00', 'America/Los_Angeles'))).toBe('2026-07-01T16:00:00.000Z');
  });
});

describe('computeSlots rules', () => {
  const zone = 'America/Chicago';
  const times = (input: SlotInput) => computeSlots(input).map((s) => local(s.startsAt, input.zone).slice(11));

  it('a lunch break: no block crosses it, the grid restarts after it', () => {
    const hours: WeeklyHours[] = [
      { weekday: 1, start: '09:00', end: '12:30' },
      { weekday: 1, start: '13:30', end: '17:00' },
    ];
    const t = times(base({ zone, hours, rules: rules({ bufferAfterMinutes: 10 }) }));
    expect(t[0]).toBe('09:00');
    // The last morning block (30 + 10 min) must end by 12:30.
    expect(t).toContain('11:45');
    expect(t).not.toContain('12:00');
    expect(t.filter((x) => x >= '12:00' && x < '13:30')).toEqual([]);
    expect(t).toContain('13:30');
    expect(t.at(-1)).toBe('16:15');
  });

  it('the grid is 15 minutes, or the duration when shorter', () => {
    expect(times(base({ hours: everyDay('09:00', '10:00') }))).toEqual(['09:00', '09:15', '09:30']);
    expect(times(base({ hours: everyDay('09:00', '09:30'), rules: rules({ durationMinutes: 10 }) }))).toEqual([
      '09:00',
      '09:10',
      '09:20',
    ]);
  });

  it('buffers: the block before and after must fit in working time and clear busy blocks', () => {
    const r = rules({ durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    const hours = everyDay('09:00', '12:00');
    expect(times(base({ hours, rules: r }))).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45']);
    // A visit busy 10:00–10:30 local (16:00–16:30Z): blocks overlapping it are gone, 10:45's block starts 10:30.
    const busy = [{ start: new Date('2026-01-05T16:00:00Z'), end: new Date('2026-01-05T16:30:00Z') }];
    expect(times(base({ hours, rules: r, busy }))).toEqual(['10:45']);
  });

  it('a closed override removes the day; an extra one adds hours (also on a day off)', () => {
    const weekdays: WeeklyHours[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '10:00' }));
    const input = base({ hours: weekdays, fromDate: '2026-01-05', days: 7 });
    expect(computeSlots(input)).toHaveLength(15);
    const closed = computeSlots({ ...input, overrides: [{ date: '2026-01-06', kind: 'closed' }] });
    expect(closed).toHaveLength(12);
    expect(closed.some((s) => local(s.startsAt, zone).startsWith('2026-01-06'))).toBe(false);
    const extra = computeSlots({
      ...input,
      overrides: [{ date: '2026-01-10', kind: 'extra', start: '10:00:00', end: '11:00:00' }],
    });
    expect(
      extra.filter((s) => local(s.startsAt, zone).startsWith('2026-01-10')).map((s) => local(s.startsAt, zone)),
    ).toEqual(['2026-01-10 10:00', '2026-01-10 10:15', '2026-01-10 10:30']);
  });

  it('min notice and horizon are counted from now', () => {
    // now = Monday 2026-01-05 09:00 Chicago (15:00Z); 24 h notice; 2 days ahead.
    const now = new Date('2026-01-05T15:00:00Z');
    const r = rules({ minNoticeMinutes: 1440, horizonDays: 2 });
    const slots = computeSlots(base({ hours: everyDay('09:00', '10:00'), rules: r, now, days: 4 }));
    expect(slots.map((s) => local(s.startsAt, zone))).toEqual([
      '2026-01-06 09:00',
      '2026-01-06 09:15',
      '2026-01-06 09:30',
      '2026-01-07 09:00',
    ]);
  });

  it('refuseSlot names why a time is not offered', () => {
    const now = new Date('2026-01-05T15:00:00Z');
    const input = {
      zone,
      hours: everyDay('09:00', '17:00'),
      overrides: [],
      rules: rules({ minNoticeMinutes: 1440, horizonDays: 60 }),
      now,
    };
    expect(refuseSlot(input, new Date('2026-01-05T14:00:00Z'))).toEqual({ refusal: 'slotInPast' });
    expect(refuseSlot(input, new Date('2026-01-05T20:00:00Z'))).toEqual({ refusal: 'slotTooSoon' });
    expect(refuseSlot(input, new Date('2026-04-01T15:00:00Z'))).toEqual({ refusal: 'slotBeyondHorizon' });
    expect(refuseSlot(input, new Date('2026-01-07T03:00:00Z'))).toEqual({ refusal: 'slotUnavailable' });
    expect(refuseSlot(input, new Date('2026-01-07T15:05:00Z'))).toEqual({ refusal: 'slotUnavailable' });
    const ok = refuseSlot(input, new Date('2026-01-07T15:15:00Z'));
    expect('slot' in ok && iso(ok.slot.endsAt)).toBe('2026-01-07T15:45:00.000Z');
  });
});

describe('computeSlots properties', () => {
  const zones = ['America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Australia/Sydney', 'America/Phoenix'];
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const interval = fc
    .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 32 }))
    .map(([weekday, q, len]) => ({ weekday, start: hhmm(q * 15), end: hhmm(Math.min(1440, (q + len) * 15)) }));
  const day = Date.parse('2026-03-01T00:00:00Z');

  it('no slot ever overlaps a busy block or leaves working hours', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.array(interval, { maxLength: 8 }),
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 14 * 96 }), fc.integer({ min: 1, max: 16 })).map(([q, len]) => ({
            start: new Date(day + q * 900_000),
            end: new Date(day + (q + len) * 900_000),
          })),
          { maxLength: 10 },
        ),
        fc.record({
          durationMinutes: fc.integer({ min: 5, max: 120 }),
          bufferBeforeMinutes: fc.integer({ min: 0, max: 30 }),
          bufferAfterMinutes: fc.integer({ min: 0, max: 30 }),
          minNoticeMinutes: fc.constant(0),
          horizonDays: fc.constant(60),
        }),
        (zone, hours, busy, r) => {
          const input = base({ zone, hours, busy, rules: r, now: new Date(day), fromDate: '2026-03-01', days: 14 });
          for (const s of computeSlots(input)) {
            expect(busy.some((b) => s.blockStart < b.end && b.start < s.blockEnd)).toBe(false);
            // The block lies inside the union of that local date's intervals (touching rows join).
            const date = DateTime.fromJSDate(s.startsAt, { zone }).toISODate()!;
            const weekday = DateTime.fromISO(date).weekday;
            const ranges = hours
              .filter((h) => h.weekday === weekday)
              .map((h) => [wallClockToInstant(date, h.start, zone), wallClockToInstant(date, h.end, zone)] as const)
              .sort((a, b) => a[0].getTime() - b[0].getTime());
            let covered = s.blockStart.getTime();
            for (const [open, close] of ranges)
              if (open.getTime() <= covered) covered = Math.max(covered, close.getTime());
            expect(covered).toBeGreaterThanOrEqual(s.blockEnd.getTime());
            expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(r.durationMinutes * 60_000);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('working hours across midnight (issue 25)', () => {
  const night = (over: Partial<SlotInput> = {}) => base({ hours: everyDay('20:00', '02:00'), rules: rules(), ...over });

  it('a 20:00–02:00 shift offers its times after midnight, on the date it starts', () => {
    const slots = computeSlots(night({ fromDate: '2026-01-05', days: 1 }));
    // Six hours, a 30-minute visit every 15 minutes: 20:00 … 01:30.
    expect(slots).toHaveLength(23);
    expect(local(slots[0]!.startsAt, 'America/Chicago')).toBe('2026-01-05 20:00');
    expect(local(slots.at(-1)!.startsAt, 'America/Chicago')).toBe('2026-01-06 01:30');
    expect(local(slots.at(-1)!.endsAt, 'America/Chicago')).toBe('2026-01-06 02:00');
  });

  it('counts the night in real time across DST: 7 hours on fall-back night, 6 on spring-forward night', () => {
    const fall = computeSlots(night({ fromDate: '2026-10-31', days: 1 }));
    expect(fall).toHaveLength(27);
    expect(iso(fall.at(-1)!.endsAt)).toBe('2026-11-01T08:00:00.000Z'); // 02:00 CST
    const spring = computeSlots(night({ fromDate: '2026-03-07', days: 1 }));
    expect(spring).toHaveLength(23);
    expect(iso(spring.at(-1)!.endsAt)).toBe('2026-03-08T08:00:00.000Z'); // just after the gap, 03:00 CDT
    // No slot is offered twice, and none overlaps the next night's shift.
    const week = computeSlots(night({ fromDate: '2026-10-28', days: 7 }));
    expect(new Set(week.map((s) => iso(s.startsAt))).size).toBe(week.length);
  });

  it('a booking check accepts 01:00 of a night shift that started the day before, and refuses 03:00', () => {
    const input = { zone: 'America/Chicago', hours: everyDay('20:00', '02:00'), overrides: [], rules: rules() };
    const now = new Date('2026-01-01T00:00:00Z');
    const at = (t: string) => wallClockToInstant('2026-01-06', t, 'America/Chicago');
    expect(refuseSlot({ ...input, now }, at('01:00'))).toHaveProperty('slot');
    expect(refuseSlot({ ...input, now }, at('03:00'))).toEqual({ refusal: 'slotUnavailable' });
  });
});

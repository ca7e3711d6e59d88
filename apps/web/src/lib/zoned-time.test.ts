import { describe, expect, it } from 'vitest';
import {
  dayTimes,
  formatClock,
  formatLongDay,
  formatSlot,
  groupByDay,
  localDateAhead,
  localDateOf,
  todayIn,
  zoneAbbreviation,
} from './zoned-time.ts';

describe('zoned times', () => {
  it("shows an instant in the parent's zone with the zone named", () => {
    expect(formatSlot('2026-12-01T16:00:00Z', 'America/Chicago')).toBe('Tue 1 Dec, 10:00 (CST)');
    expect(formatSlot('2026-07-01T16:00:00Z', 'America/Chicago')).toBe('Wed 1 Jul, 11:00 (CDT)');
    expect(formatSlot('2026-12-01T16:00:00Z', 'Europe/London')).toBe('Tue 1 Dec, 16:00 (GMT)');
  });

  it('groups by the local day, which may differ from the UTC day; starts in order, none without a start', () => {
    const slots = [
      { starts_at: '2026-12-02T03:00:00Z' },
      { starts_at: '2026-12-01T15:00:00Z' },
      { starts_at: null },
      { starts_at: '2026-12-02T16:00:00Z' },
    ];
    const days = groupByDay(slots, 'America/Los_Angeles');
    expect(days.map((d) => [d.date, d.slots.map((s) => s.starts_at)])).toEqual([
      ['2026-12-01', ['2026-12-01T15:00:00Z', '2026-12-02T03:00:00Z']],
      ['2026-12-02', ['2026-12-02T16:00:00Z']],
    ]);
    expect(days[0]!.label).toBe('Tue 1 Dec');
    expect(localDateOf('2026-12-02T03:00:00Z', 'Australia/Sydney')).toBe('2026-12-02');
    expect(todayIn('UTC', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
  });

  it("groups by the clinic's calendar day, not UTC's", () => {
    // 03:30 UTC on the 2nd is still the evening of the 1st in Chicago.
    const items = [{ starts_at: '2026-11-02T15:00:00Z' }, { starts_at: '2026-11-02T03:30:00Z' }];
    const groups = groupByDay([...items, { starts_at: '2026-11-01T16:00:00Z' }], 'America/Chicago');
    expect(groups.map((g) => [g.date, g.slots.length])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 1],
    ]);
  });

  it('names the zone as it is at that instant, across a DST change', () => {
    expect(zoneAbbreviation('2026-10-31T15:00:00Z', 'America/Chicago')).toBe('CDT');
    expect(zoneAbbreviation(new Date('2026-11-02T15:00:00Z'), 'America/Chicago')).toBe('CST');
    expect(formatClock('2026-11-02T15:00:00Z', 'America/Chicago')).toBe('09:00');
    expect(formatClock('2026-11-02T06:00:00Z', 'America/Chicago')).toBe('00:00');
    expect(formatLongDay('2026-11-26T15:00:00Z', 'America/Chicago')).toBe('Thursday, 26 November 2026');
    expect(localDateOf('2026-07-01T23:30:00Z', 'Australia/Sydney')).toBe('2026-07-02');
  });

  it("counts days from today in the zone's calendar", () => {
    const now = new Date('2026-11-02T03:30:00Z');
    expect(todayIn('America/Chicago', now)).toBe('2026-11-01');
    expect(localDateAhead('Europe/London', 1, now)).toBe('2026-11-03');
    expect(localDateAhead('America/Chicago', 30, now)).toBe('2026-12-01');
  });

  it("tells the two 01:00s of a fall-back night apart and names the shown day's zone, not today's", () => {
    // New York fell back on Sunday 1 November 2026: 01:00 EDT (05:00 UTC), then 01:00 EST (06:00 UTC).
    const night = ['2026-11-01T04:30:00Z', '2026-11-01T05:00:00Z', '2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z'];
    expect(dayTimes(night, 'America/New_York')).toEqual({
      zone: 'EDT, then EST',
      labels: ['00:30 EDT', '01:00 EDT', '01:00 EST', '02:00 EST'],
    });
    // An ordinary day: plain times, and the legend names that day's zone whatever today's is.
    expect(dayTimes(['2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z'], 'America/New_York')).toEqual({
      zone: 'EST',
      labels: ['10:00', '11:00'],
    });
    expect(dayTimes(['2026-07-01T15:00:00Z'], 'America/New_York')).toEqual({ zone: 'EDT', labels: ['11:00'] });
  });
});

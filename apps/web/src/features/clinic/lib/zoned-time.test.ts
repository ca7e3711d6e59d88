import { describe, expect, it } from 'vitest';
import { dayKey, groupByDay, localDate, timeLabel, zoneAbbreviation } from './zoned-time.ts';

describe('clinic portal times', () => {
  it("groups by the clinic's calendar day, not UTC's", () => {
    // 03:30 UTC on the 2nd is still the evening of the 1st in Chicago.
    const items = [{ at: '2026-11-02T15:00:00Z' }, { at: '2026-11-02T03:30:00Z' }, { at: '2026-11-01T16:00:00Z' }];
    const groups = groupByDay(items, (i) => i.at, 'America/Chicago');
    expect(groups.map(([day, list]) => [day, list.length])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 1],
    ]);
  });

  it('names the zone as it is at that instant, across a DST change', () => {
    expect(zoneAbbreviation('2026-10-31T15:00:00Z', 'America/Chicago')).toBe('CDT');
    expect(zoneAbbreviation('2026-11-02T15:00:00Z', 'America/Chicago')).toBe('CST');
    expect(timeLabel('2026-11-02T15:00:00Z', 'America/Chicago')).toBe('09:00');
    expect(dayKey('2026-07-01T23:30:00Z', 'Australia/Sydney')).toBe('2026-07-02');
  });

  it("counts days from today in the clinic's zone", () => {
    const now = new Date('2026-11-02T03:30:00Z');
    expect(localDate('America/Chicago', 0, now)).toBe('2026-11-01');
    expect(localDate('Europe/London', 1, now)).toBe('2026-11-03');
  });
});

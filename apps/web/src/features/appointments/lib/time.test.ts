import { describe, expect, it } from 'vitest';
import { formatSlot, groupByDay, localDateOf, todayIn } from './time.ts';

describe('appointment times', () => {
  it("shows an instant in the parent's zone with the zone named", () => {
    expect(formatSlot('2026-12-01T16:00:00Z', 'America/Chicago')).toBe('Tue 1 Dec, 10:00 (CST)');
    expect(formatSlot('2026-07-01T16:00:00Z', 'America/Chicago')).toBe('Wed 1 Jul, 11:00 (CDT)');
    expect(formatSlot('2026-12-01T16:00:00Z', 'Europe/London')).toBe('Tue 1 Dec, 16:00 (GMT)');
  });

  it('groups slots by the local day, which may differ from the UTC day', () => {
    const slots = [
      { starts_at: '2026-12-02T03:00:00Z' },
      { starts_at: '2026-12-01T15:00:00Z' },
      { starts_at: '2026-12-02T16:00:00Z' },
    ];
    const days = groupByDay(slots, 'America/Los_Angeles');
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-12-01', 2],
      ['2026-12-02', 1],
    ]);
    expect(days[0]!.label).toBe('Tue 1 Dec');
    expect(localDateOf('2026-12-02T03:00:00Z', 'Australia/Sydney')).toBe('2026-12-02');
    expect(todayIn('UTC', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
  });
});

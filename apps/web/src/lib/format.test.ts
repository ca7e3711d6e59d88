import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMmSs } from './format.ts';

describe('formatMmSs', () => {
  it('shows the OTP countdown as mm:ss', () => {
    expect(formatMmSs(180)).toBe('03:00');
    expect(formatMmSs(179)).toBe('02:59');
    expect(formatMmSs(9)).toBe('00:09');
  });

  it('stops at 00:00', () => {
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-5)).toBe('00:00');
  });
});

describe('formatDateTime in a clinic zone (issue 25)', () => {
  it("shows a clinic's time in its own zone, named by its abbreviation, whatever the browser's zone", () => {
    expect(formatDateTime('2026-12-02T15:00:00Z', 'America/Chicago')).toBe('Dec - 02 - 2026, 9:00 AM CST');
    expect(formatDateTime('2026-07-02T15:00:00Z', 'America/Chicago')).toBe('Jul - 02 - 2026, 10:00 AM CDT');
    expect(formatDateTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('Nov - 01 - 2026, 1:30 AM EST');
  });
});

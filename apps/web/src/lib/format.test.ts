import { describe, expect, it } from 'vitest';
import { formatMmSs } from './format.ts';

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

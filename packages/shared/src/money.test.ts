import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it("writes the amount in the currency it is in, whatever the code's case", () => {
    expect(formatMoney(129, 'usd')).toBe('$129.00');
    expect(formatMoney(149.5, 'USD')).toBe('$149.50');
    expect(formatMoney(129, 'eur')).toBe('€129.00');
    expect(formatMoney(1200, 'gbp')).toBe('£1,200.00');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('drops zero minor units of a whole amount only when asked', () => {
    expect(formatMoney(129, 'usd', { dropZeroCents: true })).toBe('$129');
    expect(formatMoney(12.5, 'usd', { dropZeroCents: true })).toBe('$12.50');
    expect(formatMoney(1200, 'eur', { dropZeroCents: true })).toBe('€1,200');
  });

  it('still shows the amount with an unreadable currency code', () => {
    expect(formatMoney(129, 'dollars')).toBe('129.00 DOLLARS');
    expect(formatMoney(129, '', { dropZeroCents: true })).toBe('129');
  });
});

import { describe, expect, it } from 'vitest';
import { appointmentStatusColor, paymentStatusColor } from './status-colors.ts';

describe('status colours (spec section 4)', () => {
  it.each([
    ['confirmed', 'green'],
    ['Completed', 'green'],
    ['pending', 'orange'],
    ['scheduled', 'orange'],
    ['cancelled', 'red'],
    ['canceled', 'red'],
    ['no_show', 'gray'],
    [undefined, 'gray'],
  ])('appointment %s is %s', (status, colour) => {
    expect(appointmentStatusColor(status)).toBe(colour);
  });

  it.each([
    ['succeeded', 'green'],
    ['failed', 'red'],
    ['cancelled', 'red'],
    ['canceled', 'gray'],
    ['pending', 'gray'],
  ])('payment %s is %s', (status, colour) => {
    expect(paymentStatusColor(status)).toBe(colour);
  });
});

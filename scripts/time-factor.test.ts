import { describe, expect, it } from 'vitest';
import { testWorkersFrom, timeFactorFrom } from './time-factor.ts';

describe('the test suite time factor', () => {
  it('is 1 on a quiet machine and rises with the load per core, capped at 4', () => {
    expect(timeFactorFrom(undefined, 0.5, 2)).toBe(1);
    expect(timeFactorFrom(undefined, 4, 2)).toBe(1);
    expect(timeFactorFrom(undefined, 12, 2)).toBe(3);
    expect(timeFactorFrom(undefined, 30, 2)).toBe(4);
  });
  it('takes TEST_TIME_FACTOR when it is a positive number', () => {
    expect(timeFactorFrom('2.5', 30, 2)).toBe(2.5);
    expect(timeFactorFrom('0', 12, 2)).toBe(3);
    expect(timeFactorFrom('fast', 0, 2)).toBe(1);
  });
});

describe('the test suite workers', () => {
  it('are one more than the cores unless the variable says otherwise', () => {
    expect(testWorkersFrom(undefined, 2)).toBe(3);
    expect(testWorkersFrom(undefined, 1)).toBe(2);
    expect(testWorkersFrom(undefined, 8)).toBe(9);
  });
  it('take TEST_WORKERS when it is a positive whole number', () => {
    expect(testWorkersFrom('3', 2)).toBe(3);
    expect(testWorkersFrom('1', 2)).toBe(1);
    expect(testWorkersFrom('0', 2)).toBe(3);
    expect(testWorkersFrom('1.5', 2)).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { wrapIndex } from './carousel.ts';

describe('testimonials carousel', () => {
  it('wraps from the first to the last and from the last to the first', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

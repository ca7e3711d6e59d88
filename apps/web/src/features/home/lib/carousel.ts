/** The index after `i` moving by `step` through `n` items, wrapping at both ends (spec: the carousel wraps). */
export const wrapIndex = (i: number, step: number, n: number) => (n === 0 ? 0 : (((i + step) % n) + n) % n);

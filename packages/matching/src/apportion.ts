/**
 * Largest-remainder rounding: whole numbers, each the floor of its share or one more, that add up to exactly
 * `total`. The remaining units go to the largest fractional parts (the earlier share on equal parts), so a table
 * of rounded parts always sums to its rounded total. `min` lifts every positive share to at least that many.
 */
export function apportion(shares: readonly number[], total: number, min = 0): number[] {
  const out = shares.map((s) => (s > 0 ? Math.max(min, Math.floor(s + 1e-9)) : 0));
  let left = total - out.reduce((n, v) => n + v, 0);
  const order = shares
    .map((s, i) => ({ i, rest: s > 0 && out[i]! < s ? s - out[i]! : 0 }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i, rest } of order) {
    if (left <= 0 || rest <= 0) break;
    out[i]!++;
    left--;
  }
  // Only when `min` lifted small shares above their floor: take the excess back from the largest parts.
  while (left < 0) {
    let big = 0;
    for (let i = 1; i < out.length; i++) if (out[i]! > out[big]!) big = i;
    out[big]!--;
    left++;
  }
  return out;
}

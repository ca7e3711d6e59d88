/**
 * Counterfactuals (a Premium feature): for each active hard filter, the donors that fail that filter and no
 * other, i.e. exactly the donors relaxing it alone would add, and the best score among them. Prefix and suffix
 * intersections make "every filter but one" cost one AND per filter instead of re-running all the others.
 */
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { countBits, intersect } from './bitset.ts';
import type { Bitset } from './bitset.ts';
import { activeFilters, baseBits } from './filters.ts';
import { referenceIdAt } from './index-build.ts';
import type { DonorIndex } from './index-build.ts';
import { topOf } from './rank.ts';
import type { Counterfactual } from './types.ts';

/**
 * One entry per active hard filter (HARD_FILTER_IDS order): how many more donors would match if only that
 * filter were relaxed, and the best overall match percentage and reference id among them (null when none).
 */
export function counterfactuals(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  options: { showFlagged?: boolean } = {},
): Counterfactual[] {
  const filters = activeFilters(index, prefs, { showFlagged: options.showFlagged ?? false });
  const n = filters.length;
  const prefix: Bitset[] = [baseBits(index, prefs)];
  for (let i = 0; i < n; i++) prefix.push(intersect(prefix[i]!, [filters[i]!.pass]));
  const suffix: (Bitset | null)[] = new Array<Bitset | null>(n + 1).fill(null);
  for (let i = n - 1; i >= 0; i--) {
    const after = suffix[i + 1];
    suffix[i] = after ? intersect(filters[i]!.pass, [after]) : filters[i]!.pass;
  }
  const pass = prefix[n]!;
  return filters.map((filter, i) => {
    const after = suffix[i + 1];
    const extra = intersect(prefix[i]!, after ? [after] : []);
    for (let w = 0; w < extra.length; w++) extra[w]! &= ~pass[w]!;
    const additional = countBits(extra);
    const { top } = topOf(index, prefs, extra, additional > 0 ? 1 : 0);
    const best = top.sorted()[0];
    return {
      filter: filter.id,
      additional_matches: additional,
      best_overall_match_percentage: best ? best.primary / 10 : null,
      best_donor_reference_id: best ? referenceIdAt(index, best.id) : null,
    };
  });
}

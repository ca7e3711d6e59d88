/**
 * The quality report's runtime measurement: ranking the top 50 with explanations, interleaved per set with the
 * same-run anchors count-only and ranking without explanations. Split from quality-report.ts; bench support only.
 */
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { countMatches, rankDonors } from '../src/index.ts';
import type { DonorIndex } from '../src/index.ts';
import { TOP } from './quality-checks.ts';
import type { QuerySet } from './quality-checks.ts';

// ---------------------------------------------------------------------------------------------------------------
// Runtime
// ---------------------------------------------------------------------------------------------------------------

export type Timing = { rank: number[]; count: number[]; scan: number[]; explainCost: number[] };

/** Ranking the top 50 without building match records: the same filters, scan and heap as rankDonors. */
export async function scanOnlyPath(index: DonorIndex): Promise<((p: NormalizedPreferences) => unknown) | null> {
  try {
    const rank: Record<string, unknown> = await import('../src/rank.ts');
    const filters: Record<string, unknown> = await import('../src/filters.ts');
    const bitset: Record<string, unknown> = await import('../src/bitset.ts');
    const { topOf } = rank,
      { activeFilters, matchingBits } = filters,
      { countBits } = bitset;
    if (
      typeof topOf !== 'function' ||
      typeof activeFilters !== 'function' ||
      typeof matchingBits !== 'function' ||
      typeof countBits !== 'function'
    )
      return null;
    return (p) => {
      const pass = matchingBits(index, p, activeFilters(index, p, {}));
      return topOf(index, p, pass, Math.min(countBits(pass) as number, TOP));
    };
  } catch {
    return null;
  }
}

export function timeAll(
  index: DonorIndex,
  sets: QuerySet[],
  scan: ((p: NormalizedPreferences) => unknown) | null,
  rounds: number,
  warmup: number,
): Map<string, Timing> {
  const out = new Map<string, Timing>(sets.map((s) => [s.id, { rank: [], count: [], scan: [], explainCost: [] }]));
  const time = (fn: () => unknown) => {
    const start = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  for (let r = 0; r < warmup + rounds; r++) {
    for (const s of sets) {
      const rank = time(() => rankDonors(index, s.prefs, { limit: TOP }));
      const scanned = scan ? time(() => scan(s.prefs)) : NaN;
      const count = time(() => countMatches(index, s.prefs));
      if (r < warmup) continue;
      const t = out.get(s.id)!;
      t.rank.push(rank);
      t.count.push(count);
      if (scan) {
        t.scan.push(scanned);
        t.explainCost.push(rank - scanned);
      }
    }
  }
  return out;
}

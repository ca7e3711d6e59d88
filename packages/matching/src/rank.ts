/**
 * Public ranking and counting over a built index. Ranking = filter bitsets → (results-page refinement) → one pass
 * scoring the survivors with per-query lookup tables → a bounded heap for the requested page → explanations for
 * that page only. Counting stops after the bitsets: it is the path behind the live match count on every wizard
 * change.
 */
import { DONOR_TYPES } from '@kindred/shared/vocabulary';
import type { DonorType, SortOrder } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { countBits, intersect } from './bitset.ts';
import type { Bitset } from './bitset.ts';
import { activeFilters, costByCode, countMatching, matchingBits, refineBits, refines } from './filters.ts';
import type { FilterOptions } from './filters.ts';
import { clinicIdAt, positionOf, readCodes, referenceIdAt } from './index-build.ts';
import type { DonorIndex } from './index-build.ts';
import { buildMatch } from './match.ts';
import { scanInto } from './scan.ts';
import { buildPlan, scoreCodes } from './score.ts';
import type { Plan } from './score.ts';
import { tieNote } from './ties.ts';
import type { TieKeys } from './ties.ts';
import { TopK } from './topk.ts';
import type { Ranked } from './topk.ts';
import type { HardFilterId, Match, RankOptions, RankResult } from './types.ts';

/** Matches per page when the caller does not say (the plan decides how many a parent may see). */
export const DEFAULT_LIMIT = 50;

const wholeOrZero = (v: number | undefined, fallback: number) =>
  v === undefined || Number.isNaN(v) ? fallback : Math.max(0, Math.floor(v));

/** Plans per donor type in scope, and the part of `pass` each one scores. */
function plansFor(index: DonorIndex, prefs: NormalizedPreferences, pass: Bitset): { plan: Plan; pass: Bitset }[] {
  const types: readonly DonorType[] = prefs.donorType ? [prefs.donorType] : DONOR_TYPES;
  return types.map((type) => ({
    plan: buildPlan(prefs, type),
    pass: types.length === 1 ? pass : intersect(pass, [index.bits.type[DONOR_TYPES.indexOf(type)]!]),
  }));
}

/** Scores every donor in `pass` and keeps the best `k` in the given order. */
export function topOf(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  pass: Bitset,
  k: number,
  sort: SortOrder = 'score',
  costs?: Float64Array,
) {
  const top = new TopK(k);
  const plans = plansFor(index, prefs, pass);
  for (const p of plans) scanInto(index, p.pass, p.plan, top, sort, costs);
  return { top, plans };
}

const filterOptions = (options: RankOptions): FilterOptions => ({
  showFlagged: options.showFlagged,
  relax: options.relax,
  includeReserved: options.refine?.includeReserved,
});

/** The match record of the donor at position `d`. */
function matchAt(index: DonorIndex, plan: Plan, d: number): Match {
  const codes = readCodes(index, d);
  return buildMatch({
    codes,
    plan,
    score: scoreCodes(plan, codes),
    referenceId: referenceIdAt(index, d),
    clinicId: clinicIdAt(index, d),
  });
}

/**
 * Ranks the donors that pass every hard filter for a normalised preference set and returns the page
 * [offset, offset + limit) with scores, category scores, carrier report and explanation. Options: `sort` (score,
 * distance, medical_update), `refine` (narrow the passing set on the results page), `relax` (leave hard filters
 * out for this ranking only), `showFlagged` (include donors sharing a carrier condition, with `flagged: true`).
 * `total` counts the donors ranked (after refinement); `passing` the parent's passing set before refinement.
 * Ties in score go to more preferences met, then fresher medical update, availability, family slots left and
 * reference id.
 */
export function rankDonors(index: DonorIndex, prefs: NormalizedPreferences, options: RankOptions = {}): RankResult {
  const limit = wholeOrZero(options.limit, DEFAULT_LIMIT);
  const offset = wholeOrZero(options.offset, 0);
  const passing = matchingBits(index, prefs, activeFilters(index, prefs, filterOptions(options)));
  const costs = costByCode(index, options.cost);
  const pass = refines(options.refine) ? refineBits(index, prefs, passing, options.refine, costs) : passing;
  const total = countBits(pass);
  const byScore = (options.sort ?? 'score') === 'score';
  // By score, one donor past the page too: the last card's tie sentence depends on the next donor.
  const k = Math.min(total, offset + limit + (byScore && limit > 0 ? 1 : 0));
  const { top, plans } = topOf(index, prefs, pass, k, options.sort, costs);
  const planByType = new Map(plans.map((p) => [p.plan.q.type, p.plan]));
  const sorted = top.sorted();
  const keys = (r: Ranked | undefined): TieKeys | undefined => {
    if (!r) return undefined;
    const { medical, availability, slots } = index.cols;
    return {
      shown: r.primary,
      met: r.met,
      medical: medical[r.id]!,
      availability: availability[r.id]!,
      slots: slots[r.id]!,
    };
  };
  const matches = sorted.slice(offset, offset + limit).map((r, i) => {
    const match = matchAt(index, planByType.get(DONOR_TYPES[index.cols.type[r.id]! - 1]!)!, r.id);
    if (byScore) {
      match.tie_note = tieNote(keys(sorted[offset + i - 1]), keys(r)!, keys(sorted[offset + i + 1]));
    }
    return match;
  });
  return { total, passing: pass === passing ? total : countBits(passing), matches };
}

/**
 * How many donors pass every hard filter: the same number `rankDonors` reports as `total`, without scoring.
 * This is the fast path for the live count shown while the parent edits preferences.
 */
export function countMatches(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  options: { showFlagged?: boolean } = {},
): number {
  return countMatching(index, prefs, { showFlagged: options.showFlagged ?? false });
}

/**
 * One named donor scored and explained for a preference set, whether or not it passes: `failed` lists the hard
 * filters it fails (empty when it is among the parent's matches). Null when the reference is unknown or the
 * donor is not of the set's donor type. For a shortlist of donors the parent has already seen.
 */
export function matchDonor(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  referenceId: string,
): { match: Match; failed: HardFilterId[] } | null {
  const d = positionOf(index, referenceId);
  if (d < 0) return null;
  const type = DONOR_TYPES[index.cols.type[d]! - 1];
  if (!type || (prefs.donorType !== null && prefs.donorType !== type)) return null;
  const failed = activeFilters(index, prefs)
    .filter((f) => (f.pass[d >>> 5]! & (1 << (d & 31))) === 0)
    .map((f) => f.id);
  return { match: matchAt(index, buildPlan(prefs, type), d), failed };
}

/**
 * Public ranking and counting over a built index. Ranking = filter bitsets → one pass scoring the survivors
 * with per-query lookup tables → a bounded heap for the requested page → explanations for that page only.
 * Counting stops after the bitsets: it is the path behind the live match count on every wizard change.
 */
import { DONOR_TYPES } from '@kindred/shared/vocabulary';
import type { DonorType } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { countBits, intersect } from './bitset.ts';
import type { Bitset } from './bitset.ts';
import { activeFilters, countMatching, matchingBits } from './filters.ts';
import { clinicIdAt, readCodes, referenceIdAt } from './index-build.ts';
import type { DonorIndex } from './index-build.ts';
import { buildMatch } from './match.ts';
import { scanInto } from './scan.ts';
import { buildPlan } from './score.ts';
import type { Plan } from './score.ts';
import { TopK } from './topk.ts';
import type { RankOptions, RankResult } from './types.ts';

/** Matches per page when the caller does not say (the plan decides how many a parent may see). */
export const DEFAULT_LIMIT = 50;

const wholeOrZero = (v: number | undefined, fallback: number) =>
  v === undefined || Number.isNaN(v) ? fallback : Math.max(0, Math.floor(v));

/** Plans per donor type in scope, and the part of `pass` each one scores. */
function plansFor(index: DonorIndex, prefs: NormalizedPreferences, pass: Bitset):
  { plan: Plan; pass: Bitset }[] {
  const types: readonly DonorType[] = prefs.donorType ? [prefs.donorType] : DONOR_TYPES;
  return types.map((type) => ({
    plan: buildPlan(prefs, type),
    pass: types.length === 1 ? pass : intersect(pass, [index.bits.type[DONOR_TYPES.indexOf(type)]!]),
  }));
}

/** Scores every donor in `pass` and keeps the best `k`. */
export function topOf(index: DonorIndex, prefs: NormalizedPreferences, pass: Bitset, k: number) {
  const top = new TopK(k);
  const plans = plansFor(index, prefs, pass);
  for (const p of plans) scanInto(index, p.pass, p.plan, top);
  return { top, plans };
}

/**
 * Ranks the donors that pass every hard filter for a normalised preference set, best first, and returns the
 * page [offset, offset + limit) with scores, category scores, carrier report and explanation. `total` is the
 * number of matching donors. Donors sharing a carrier condition with the parent are excluded unless
 * `showFlagged`, in which case they are included with `flagged: true`. Equal scores are ordered by reference id.
 */
export function rankDonors(index: DonorIndex, prefs: NormalizedPreferences, options: RankOptions = {}): RankResult {
  const limit = wholeOrZero(options.limit, DEFAULT_LIMIT);
  const offset = wholeOrZero(options.offset, 0);
  const pass = matchingBits(index, prefs, activeFilters(index, prefs, options.showFlagged ?? false));
  const total = countBits(pass);
  const { top, plans } = topOf(index, prefs, pass, Math.min(total, offset + limit));
  const planByType = new Map(plans.map((p) => [p.plan.q.type, p.plan]));
  const matches = top.sorted().slice(offset).map(({ id, score }) => {
    const codes = readCodes(index, id);
    const plan = planByType.get(DONOR_TYPES[codes.type - 1]!)!;
    return buildMatch({ codes, plan, score, referenceId: referenceIdAt(index, id), clinicId: clinicIdAt(index, id) });
  });
  return { total, matches };
}

/**
 * How many donors pass every hard filter: the same number `rankDonors` reports as `total`, without scoring.
 * This is the fast path for the live count shown while the parent edits preferences.
 */
export function countMatches(index: DonorIndex, prefs: NormalizedPreferences,
  options: { showFlagged?: boolean } = {}): number {
  return countMatching(index, prefs, options.showFlagged ?? false);
}

/**
 * Turning a preference set into a scoring plan. Category weights come from the parent's importance settings;
 * inside a category each active factor keeps its relative weight. Because the overall score is a weighted sum
 * of per-factor scores, each factor's coefficient can be folded into a per-query lookup table indexed by the
 * donor's attribute code, and scoring a donor becomes ~20 table reads (`scan.ts`). Every table entry is a whole
 * number of units (`SCORE_UNITS`), so the straightforward path (`scoreCodes`) and the scan give identical scores
 * in any summing order, and a donor meeting every factor scores exactly 100 %.
 */
import { MATCH_CATEGORIES } from '@kindred/shared/vocabulary';
import type { DonorType, MatchCategory } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { apportion } from './apportion.ts';
import { parentCarrier } from './carrier.ts';
import { unitVector } from './codes.ts';
import type { DonorCodes } from './codes.ts';
import { FACTORS, GAMETE_FAR_KM, locationScore, SURROGATE_ZERO_KM } from './factors.ts';
import type { FactorSpec, QueryContext } from './factors.ts';
import type { CategoryScores, FactorId } from './types.ts';

export type ActiveFactor = {
  spec: FactorSpec;
  /** Relative weight inside the category. */
  weight: number;
  /** Share of the overall score (all coefficients sum to 1): `max` / 1000. */
  coef: number;
  /** Points it can add, in tenths of a percent (whole; all of them sum to exactly 1000). */
  max: number;
};

/**
 * Scores are whole numbers of units: a tenth of a percent is 1,000 units, a perfect score exactly 1,000,000.
 * Sums of whole numbers are exact in any order, so a donor who meets every factor scores exactly 100 %.
 */
export const SCORE_UNITS = 1_000_000;
export const UNITS_PER_TENTH = 1_000;

/** The units a factor worth `maxUnits` adds at a 0-1 score (rounded down: only full credit earns them all). */
export const factorUnits = (maxUnits: number, score: number) => Math.floor(maxUnits * score + 1e-6);

/**
 * The score shown everywhere, in tenths of a percent (1000 = 100 %): only a perfect score shows 100 %, so a
 * donor who misses anything shows 99.9 % at most. The list is ordered by this number, then the tie keys.
 */
export const shownTenths = (units: number) =>
  units >= SCORE_UNITS ? 1000 : Math.min(999, Math.round(units / UNITS_PER_TENTH));

/** One value per factor, looked up by name: reordering FACTORS cannot make a reader pick another factor's table. */
export type ByFactor<T> = Readonly<Record<FactorId, T>>;

export type Plan = {
  q: QueryContext;
  /** Factors with a non-zero share of the score, in FACTOR_IDS order. */
  factors: ActiveFactor[];
  /** Share of the overall score by factor; 0 when inactive. */
  coef: ByFactor<number>;
  /** Points by factor in tenths of a percent (whole numbers summing to 1000); 0 when inactive. */
  max: ByFactor<number>;
  /**
   * Location units by whole km (`factorUnits` of `locationScore`), up to the distance past which the score no
   * longer changes: the scan reads it instead of a logarithm per donor. Empty when location does not count.
   */
  locationByKm: Float64Array;
  /** Units (`factorUnits`) by factor and code; all zeros when inactive, empty for per-donor factors (location). */
  tables: ByFactor<Float64Array>;
  /**
   * 1 where the code fully meets an active stated factor, by factor (empty for per-donor factors and the engine's
   * own judgements). Their sum over a donor is how many of the parent's preferences it meets.
   */
  met: ByFactor<Uint8Array>;
  /** Fractions summing to 1; 0 for a category with no active factor. */
  categoryWeights: CategoryScores;
};

const zeroCategories = (): CategoryScores => ({
  demographic: 0,
  medical_genetic: 0,
  lifestyle_environment: 0,
  values_legal: 0,
});

/** A value for every factor, keyed by its id. */
function byFactor<T>(make: (spec: FactorSpec, i: number) => T): ByFactor<T> {
  return Object.fromEntries(FACTORS.map((spec, i) => [spec.id, make(spec, i)])) as Record<FactorId, T>;
}

/** The scoring plan for one donor type (a preference set without a type is planned once per type). */
export function buildPlan(prefs: NormalizedPreferences, type: DonorType): Plan {
  const q: QueryContext = {
    prefs,
    type,
    parent: parentCarrier(prefs),
    origin: prefs.origin ? unitVector(prefs.origin.lat, prefs.origin.lon) : null,
  };
  const weights = FACTORS.map((f) => Math.max(0, f.weight(q)));
  const inCategory = zeroCategories();
  weights.forEach((w, i) => (inCategory[FACTORS[i]!.category] += w));
  const active = MATCH_CATEGORIES.filter((c) => inCategory[c] > 0);
  const importanceTotal = active.reduce((n, c) => n + prefs.importance[c], 0);
  const categoryWeights = zeroCategories();
  // All-zero importances would leave nothing to rank by; treat them as "equally important" instead.
  for (const c of active) {
    categoryWeights[c] = importanceTotal > 0 ? prefs.importance[c] / importanceTotal : 1 / active.length;
  }

  const shares = FACTORS.map((spec, i) => {
    const w = weights[i]!;
    return w > 0 ? (categoryWeights[spec.category] * w) / inCategory[spec.category] : 0;
  });
  // Each factor's points are whole tenths of a percent that add up to exactly 100 % (largest remainder; a factor
  // that counts is worth at least 0.1), so the weights a parent reads sum to 100 and a full score is exact.
  const tenths = apportion(
    shares.map((c) => c * 1000),
    1000,
    1,
  );
  const max = byFactor((_, i) => tenths[i]!);
  const coef = byFactor((_, i) => tenths[i]! / 1000);
  const factors: ActiveFactor[] = [];
  FACTORS.forEach((spec, i) => {
    // A stated factor in a category the parent marked "Not Important" (or with its own importance at 0) counts
    // for nothing: it adds no points, earns no chip and is no tie-break, but a miss is still named, as not
    // counted. The engine's own judgements there are left out altogether.
    const w = weights[i]!;
    const asked = spec.stated !== false && (w > 0 || spec.asked?.(q) === true);
    if (coef[spec.id] > 0 || asked) factors.push({ spec, weight: w, coef: coef[spec.id], max: max[spec.id] });
  });
  const tables = byFactor((spec) => {
    const maxUnits = max[spec.id] * UNITS_PER_TENTH;
    const table = new Float64Array(spec.domain);
    if (maxUnits > 0) for (let k = 0; k < spec.domain; k++) table[k] = factorUnits(maxUnits, spec.score(k, q));
    return table;
  });
  const met = byFactor((spec) => {
    const table = new Uint8Array(spec.domain);
    if (coef[spec.id] > 0 && spec.stated !== false)
      for (let k = 0; k < spec.domain; k++) table[k] = isMet(spec.score(k, q)) ? 1 : 0;
    return table;
  });
  const locationByKm = locationTable(type, max.location * UNITS_PER_TENTH);
  return { q, factors, coef, max, locationByKm, tables, met, categoryWeights };
}

const locationTables = new Map<string, Float64Array>();
/**
 * Location units by whole km for a donor type and a factor maximum: the same few tables for every query (the
 * maximum is whole tenths of a percent), so they are built once rather than 5,001 logarithms per ranking. Shared
 * and never written after the build.
 */
function locationTable(type: DonorType, locMax: number): Float64Array {
  const key = `${type}:${locMax}`;
  let table = locationTables.get(key);
  if (table === undefined) {
    const far = type === 'surrogate' ? SURROGATE_ZERO_KM : GAMETE_FAR_KM;
    table = new Float64Array(locMax > 0 ? far + 1 : 0);
    for (let km = 0; km < table.length; km++) table[km] = factorUnits(locMax, locationScore(km, type));
    locationTables.set(key, table);
  }
  return table;
}

/** A factor is met only at full credit: near colours and ages a year outside the range are near, not met. */
export const isMet = (score: number) => score >= 1;

/** Overall score of one donor in units (0 to SCORE_UNITS), the straightforward way: one score call per factor. */
export function scoreCodes(plan: Plan, codes: DonorCodes): number {
  let s = 0;
  for (const f of plan.factors) {
    s += factorUnits(f.max * UNITS_PER_TENTH, f.spec.score(f.spec.code(codes, plan.q), plan.q));
  }
  return s;
}

/** How many of the parent's stated, counted preferences the donor fully meets: the first tie-break. */
export function metCount(plan: Plan, codes: DonorCodes): number {
  let n = 0;
  for (const f of plan.factors) {
    if (f.coef > 0 && f.spec.stated !== false && isMet(f.spec.score(f.spec.code(codes, plan.q), plan.q))) n++;
  }
  return n;
}

export type FactorValue = {
  id: FactorId;
  category: MatchCategory;
  code: number;
  score: number;
  weight: number;
  coef: number;
  /** Points it can add, in tenths of a percent, and the units it adds. */
  max: number;
  units: number;
  stated: boolean;
  met: boolean;
  /** False when the parent marked the factor's category (or the factor) as not important: it adds nothing. */
  counted: boolean;
};

/** Each active factor's code and score for a donor, and the category scores (0-100) they add up to. */
export function breakdown(plan: Plan, codes: DonorCodes): { values: FactorValue[]; categories: CategoryScores } {
  const values = plan.factors.map(({ spec, weight, coef, max }) => {
    const code = spec.code(codes, plan.q);
    const score = spec.score(code, plan.q);
    return {
      id: spec.id,
      category: spec.category,
      code,
      score,
      weight,
      coef,
      max,
      units: factorUnits(max * UNITS_PER_TENTH, score),
      stated: spec.stated !== false,
      met: isMet(score),
      counted: coef > 0,
    };
  });
  const sum = zeroCategories();
  const total = zeroCategories();
  for (const v of values) {
    if (!v.counted) continue;
    sum[v.category] += v.weight * v.score;
    total[v.category] += v.weight;
  }
  const categories = zeroCategories();
  // A category the parent expressed nothing about has nothing to fall short of: it shows 100 with weight 0.
  for (const c of MATCH_CATEGORIES) categories[c] = total[c] > 0 ? (100 * sum[c]) / total[c] : 100;
  return { values, categories };
}

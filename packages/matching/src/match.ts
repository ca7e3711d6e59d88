/**
 * Assembles the public match record for one donor from its codes and the plan that scored it. Used by the
 * indexed ranking and by the straightforward reference path alike, so both return identical records.
 */
import { AVAILABILITY, DISCLOSURES, DONOR_TYPES, MATCH_CATEGORIES } from '@kindred/shared/vocabulary';
import { carrierReport, geneticsReport, isHighRisk, notTestedFor } from './carrier.ts';
import { civilFromDays, decode, distanceCode } from './codes.ts';
import type { DonorCodes } from './codes.ts';
import { explain } from './explain.ts';
import { apportion } from './apportion.ts';
import { breakdown, shownTenths, UNITS_PER_TENTH } from './score.ts';
import type { FactorValue, Plan } from './score.ts';
import type { CategoryScores, Match } from './types.ts';

const round1 = (v: number) => Math.round(v * 10) / 10;
/** A 0-1 share as a percentage with one decimal; float sums of weights that add to 1 can land a hair above 1. */
export const percent = (fraction: number) => round1(Math.min(100, Math.max(0, fraction * 100)));

/**
 * A 0-1 score as the percentage every screen shows (one decimal, the one rounding rule). Only a perfect score
 * shows 100: a donor who misses anything never reads "100%", however small the miss.
 */
export const scorePercent = (fraction: number) => {
  const p = percent(fraction);
  return p === 100 && fraction < 1 ? 99.9 : p;
};

/** Counted stated preferences the donor does not fully meet, the costliest first (stable for equal costs). */
export const missedFactors = (values: readonly FactorValue[]) =>
  values.filter((v) => v.stated && v.counted && !v.met).sort((a, b) => b.coef * (1 - b.score) - a.coef * (1 - a.score));

/**
 * Points added per factor, in tenths of a percent, summing exactly to the shown score: each factor's points
 * lost are rounded by largest remainder to the shown shortfall, so a met factor loses nothing and no factor
 * loses more than it could add (`max` is whole tenths).
 */
export function pointsTenths(values: readonly FactorValue[], shown: number): number[] {
  const lost = apportion(
    values.map((v) => (v.counted ? (v.max * UNITS_PER_TENTH - v.units) / UNITS_PER_TENTH : 0)),
    1000 - shown,
  );
  return values.map((v, i) => (v.counted ? v.max - lost[i]! : 0));
}

/** The match record for one scored donor (`score` in units): scores, weights, carrier report, explanation. */
export function buildMatch(args: {
  codes: DonorCodes;
  plan: Plan;
  score: number;
  referenceId: string;
  clinicId: string;
}): Match {
  const { codes, plan, score, referenceId, clinicId } = args;
  const { values, categories } = breakdown(plan, codes);
  const genetic = plan.q.type !== 'surrogate';
  const genetics = genetic ? geneticsReport(plan.q.parent, codes, plan.q.type) : [];
  const report = genetic ? carrierReport(plan.q.parent, genetics) : [];
  const shown = shownTenths(score);
  const overall = shown / 10;
  const points = pointsTenths(values, shown);
  const missed = missedFactors(values);
  const uncounted = values.filter((v) => v.stated && !v.counted && !v.met);
  const explanation = explain({ values, missed, uncounted, codes, plan, report, genetics, overall });
  const counts = values.filter((v) => v.stated && v.counted && v.met);
  const categoryScores = {} as CategoryScores;
  const categoryWeights = {} as CategoryScores;
  for (const c of MATCH_CATEGORIES) {
    categoryScores[c] = round1(categories[c]);
    categoryWeights[c] = percent(plan.categoryWeights[c]);
  }
  const origin = plan.q.origin;
  const km = origin ? distanceCode(codes.x, codes.y, codes.z, origin) : -1;
  return {
    donor_reference_id: referenceId,
    clinic_reference_id: clinicId,
    donor_type: decode(codes.type, DONOR_TYPES) ?? plan.q.type,
    disclosure: decode(codes.disclosure, DISCLOSURES) ?? 'ANON',
    overall_match_percentage: overall,
    // The whole-number badge field follows the same rule: 99.9 is not rounded up to a perfect 100.
    match_percentage: overall === 100 ? 100 : Math.min(99, Math.round(overall)),
    category_scores: categoryScores,
    category_weights: categoryWeights,
    matched_attributes_summary: counts.map((v) => v.id),
    ai_explanation: explanation.summary,
    explanation,
    carrier_report: report,
    genetics_report: genetics,
    flagged: genetic && isHighRisk(plan.q.parent, codes.carrier, codes.gClass),
    missed: missed.map((v) => v.id),
    missed_not_counted: uncounted.map((v) => v.id),
    not_tested_for: genetic ? notTestedFor(plan.q.parent, genetics) : [],
    preferences_met: counts.length,
    distance_km: km < 0 ? null : km,
    last_medical_update: codes.medical > 0 ? civilFromDays(codes.medical) : '',
    availability: decode(codes.availability, AVAILABILITY) ?? 'unavailable',
    tie_note: null,
    factors: values.map((v, i) => ({
      factor: v.id,
      category: v.category,
      score: scorePercent(v.score),
      weight: v.max / 10,
      points: points[i]! / 10,
      met: v.met,
      stated: v.stated,
    })),
  };
}

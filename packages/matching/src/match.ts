/**
 * Assembles the public match record for one donor from its codes and the plan that scored it. Used by the
 * indexed ranking and by the straightforward reference path alike, so both return identical records.
 */
import { DISCLOSURES, DONOR_TYPES, MATCH_CATEGORIES } from '@kindred/shared/vocabulary';
import { carrierReport, isHighRisk } from './carrier.ts';
import { decode } from './codes.ts';
import type { DonorCodes } from './codes.ts';
import { explain } from './explain.ts';
import { breakdown } from './score.ts';
import type { Plan } from './score.ts';
import type { CategoryScores, Match } from './types.ts';

const round1 = (v: number) => Math.round(v * 10) / 10;
/** A 0-1 score as a percentage with one decimal; float sums of weights that add to 1 can land a hair above 1. */
export const percent = (fraction: number) => round1(Math.min(100, Math.max(0, fraction * 100)));

/** A factor scoring at least this well is listed among the matched attributes. */
const MATCHED = 0.75;

/** The match record for one scored donor: scores, weights, carrier report, explanation, factor breakdown. */
export function buildMatch(args: { codes: DonorCodes; plan: Plan; score: number; referenceId: string;
  clinicId: string }): Match {
  const { codes, plan, score, referenceId, clinicId } = args;
  const { values, categories } = breakdown(plan, codes);
  const report = carrierReport(plan.q.parent, codes.tested, codes.carrier);
  const overall = percent(score);
  const explanation = explain({ values, codes, plan, report, overall });
  const categoryScores = {} as CategoryScores;
  const categoryWeights = {} as CategoryScores;
  for (const c of MATCH_CATEGORIES) {
    categoryScores[c] = round1(categories[c]);
    categoryWeights[c] = percent(plan.categoryWeights[c]);
  }
  return {
    donor_reference_id: referenceId,
    clinic_reference_id: clinicId,
    donor_type: decode(codes.type, DONOR_TYPES) ?? plan.q.type,
    disclosure: decode(codes.disclosure, DISCLOSURES) ?? 'ANON',
    overall_match_percentage: overall,
    match_percentage: Math.round(overall),
    category_scores: categoryScores,
    category_weights: categoryWeights,
    matched_attributes_summary: values.filter((v) => v.coef > 0 && v.score >= MATCHED).map((v) => v.id),
    ai_explanation: explanation.summary,
    explanation,
    carrier_report: report,
    flagged: isHighRisk(plan.q.parent, codes.carrier),
    factors: values.map((v) =>
      ({ factor: v.id, category: v.category, score: percent(v.score), weight: percent(v.coef) })),
  };
}

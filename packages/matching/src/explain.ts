/**
 * Plain-text explanations built only from the factors that produced the score. Every sentence is generated
 * from one factor's code (the donor's own value) and the parent's own preference, and carries that factor's id
 * so tests can check that nothing is said about a factor that did not count. No free text, no inference.
 */
import {
  DONOR_RELIGIONS, EDUCATION_LEVELS, ETHNICITIES, EXERCISE_LEVELS, EYE_COLORS, HAIR_COLORS, RACES,
  RECREATIONAL_DRUGS, SMOKING_HISTORY, CHRONIC_CONDITIONS,
} from '@kindred/shared/vocabulary';
import type { CarrierStatus, GeneticCondition } from '@kindred/shared/vocabulary';
import { conditionBit, decode } from './codes.ts';
import type { DonorCodes } from './codes.ts';
import { BMI_RANGE } from './factors.ts';
import type { FactorValue, Plan } from './score.ts';
import type { CarrierReportEntry, Explanation, ExplanationSentence, FactorId } from './types.ts';

/** Spec section 9: match explanation 50 words. */
const SUMMARY_MAX_WORDS = 50;

const LABELS: Record<FactorId, string> = {
  race: 'race', ethnicity: 'ethnicity', hair_color: 'hair color', eye_color: 'eye color', height: 'height',
  age: 'age', location: 'distance', carrier_screening: 'carrier screening', donor_genetic_risk: 'donor genetic risk',
  chronic_conditions: 'chronic conditions', pregnancy_history: 'pregnancy history',
  pregnancy_complications: 'pregnancy complications', bmi: 'BMI', education: 'education',
  smoking: 'smoking history', recreational_drugs: 'recreational drugs', exercise: 'exercise', religion: 'religion',
  post_match_communication: 'post-match communication', health_insurance: 'health insurance',
};

const human = (v: string) => v.replace(/_/g, ' ');
const list = (values: readonly string[] | null) => (values ?? []).map(human).join(', ');
/** "a", "a and b", "a, b and c". */
const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const GOOD = 0.75;
const WEAK = 0.6;

/** "Eye color: hazel, which is close to your preference (green)." for list-valued attributes. */
function listSentence(label: string, value: string | null, score: number, preferred: readonly string[] | null) {
  if (value === null) return `${capital(label)} is not stated in this donor's profile.`;
  const verdict = score >= 1 ? 'matches' : score > 0 ? 'is close to' : 'does not match';
  return `${capital(label)}: ${human(value)}, which ${verdict} your preference (${list(preferred)}).`;
}

function describe(v: FactorValue, c: DonorCodes, plan: Plan): string {
  const p = plan.q.prefs;
  const met = v.score >= 1;
  const ordered = (label: string, value: string | null, bound: string | null, meets: string, misses: string) =>
    value === null ? `${capital(label)} is not stated in this donor's profile.`
      : `${capital(label)} (${human(value)}) ${met ? meets : misses} (${human(bound ?? '')}).`;
  switch (v.id) {
    case 'race': return listSentence('race', decode(c.race, RACES), v.score, p.race.values);
    case 'ethnicity': return listSentence('ethnicity', decode(c.ethnicity, ETHNICITIES), v.score, p.ethnicity.values);
    case 'hair_color': return listSentence('hair color', decode(c.hair, HAIR_COLORS), v.score, p.hairColor.values);
    case 'eye_color': return listSentence('eye color', decode(c.eye, EYE_COLORS), v.score, p.eyeColor.values);
    case 'height': return v.code === 0 ? 'Height is not stated in this donor\'s profile.'
      : `Height ${v.code} in is ${met ? 'within' : 'outside'} your preferred range (${list(p.height.values)}).`;
    case 'age': return v.code === 0 ? 'Age is not stated in this donor\'s profile.'
      : `Age ${v.code} is ${met ? 'within' : 'outside'} your preferred range (${list(p.age.values)}).`;
    case 'location': return v.code < 0 ? 'Location is not stated in this donor\'s profile.'
      : `About ${v.code} km from your location${plan.q.type === 'surrogate' ? ', which matters for a surrogate' : ''}.`;
    case 'chronic_conditions': {
      const names = CHRONIC_CONDITIONS.filter((_, k) => (c.chronic & (1 << k)) !== 0);
      return names.length === 0 ? 'No chronic conditions reported.' : `Reports ${list(names)}.`;
    }
    case 'pregnancy_history': {
      if (v.code === 0) return 'Previous pregnancies are not stated.';
      const n = v.code - 1;
      return `${n} previous full-term ${n === 1 ? 'pregnancy' : 'pregnancies'}.`;
    }
    case 'pregnancy_complications': return v.code === 0 ? 'Pregnancy complication history is not stated.'
      : v.code === 1 ? 'No complications in previous pregnancies.' : 'Has had complications in a previous pregnancy.';
    case 'bmi': return v.code === 0 ? 'BMI is not stated.'
      : `BMI ${(v.code / 10).toFixed(1)} is ${met ? 'within' : 'outside'} ${BMI_RANGE[0]}-${BMI_RANGE[1]}.`;
    case 'education': return ordered('education', decode(c.education, EDUCATION_LEVELS), p.minimumEducation,
      'meets your minimum', 'is below your minimum');
    case 'smoking': return ordered('smoking history', decode(c.smoking, SMOKING_HISTORY), p.maxSmoking,
      'is within what you accept', 'is more than you accept');
    case 'recreational_drugs': return ordered('recreational drug use', decode(c.drugs, RECREATIONAL_DRUGS),
      p.maxRecreationalDrugs, 'is within what you accept', 'is more than you accept');
    case 'exercise': return ordered('exercise', decode(c.exercise, EXERCISE_LEVELS), p.minExercise,
      'meets your preference', 'is less than you prefer');
    case 'religion': return listSentence('religion', decode(c.religion, DONOR_RELIGIONS), v.score, p.religions);
    case 'post_match_communication': return ['Disclosure is not stated in this donor\'s profile.',
      'Anonymous donor: post-match communication is not possible.',
      'Known donor: post-match communication is possible.',
      'Open-identity donor: contact is possible once the child turns 18.'][v.code] ?? '';
    case 'health_insurance': return v.code === 1 ? 'Has health insurance covering pregnancy.'
      : v.code === 2 ? 'Does not have health insurance covering pregnancy.' : 'Health insurance is not stated.';
    // Both genetic factors are described from the carrier report instead (see explain()).
    case 'carrier_screening': case 'donor_genetic_risk': return '';
  }
}

const names = (report: CarrierReportEntry[], status: CarrierStatus) =>
  report.filter((r) => r.status === status).map((r) => human(r.condition));

/** Sentences on the pairwise check, worst finding first; the parent's donor-side conditions are not in it. */
function carrierSentences(report: CarrierReportEntry[], recessive: (c: GeneticCondition) => boolean): string[] {
  const own = report.filter((r) => recessive(r.condition));
  const risky = names(own, 'high_risk');
  const unknown = names(own, 'unknown');
  const clear = names(own, 'compatible');
  const out: string[] = [];
  if (risky.length) {
    out.push(`Carrier screening: the donor also carries ${joinAnd(risky)}, as you do, so the pairing is high risk;`
      + ' genetic counseling is advised.');
  }
  if (unknown.length) {
    out.push(`Carrier screening: the donor was not tested for ${joinAnd(unknown)}, which you carry,`
      + ' so compatibility is unknown.');
  }
  if (clear.length) {
    out.push(`Carrier screening: the donor tested and is not a carrier for ${joinAnd(clear)}, which you carry.`);
  }
  return out;
}

/** The worst pairwise status, for the summary. */
function carrierPhrase(report: CarrierReportEntry[], recessive: (c: GeneticCondition) => boolean): string {
  const own = report.filter((r) => recessive(r.condition));
  if (own.some((r) => r.status === 'high_risk')) return 'high risk';
  if (own.some((r) => r.status === 'unknown')) return 'unknown, not all tested';
  return 'compatible';
}

/** Words in the summary; parts are single-spaced sentences, so spaces + 1 per part. */
const words = (parts: readonly { text: string }[]) =>
  parts.reduce((n, p) => n + 1 + (p.text.match(/ /g)?.length ?? 0), 0);

/** Strongest reasons for, notable mismatches, and the carrier result, with a summary of at most 50 words. */
export function explain(args: { values: FactorValue[]; codes: DonorCodes; plan: Plan; report: CarrierReportEntry[];
  overall: number }): Explanation {
  const { values, codes, plan, report, overall } = args;
  const recessive = (c: GeneticCondition) => (plan.q.parent.recessiveMask & conditionBit(c)) !== 0;
  const soft = values.filter((v) => v.coef > 0 && v.id !== 'carrier_screening' && v.id !== 'donor_genetic_risk');
  // Sorts are stable and `values` is in FACTOR_IDS order, so equal contributions keep a fixed order.
  const strengths = soft.filter((v) => v.score >= GOOD).sort((a, b) => b.coef * b.score - a.coef * a.score)
    .slice(0, 3);
  const gaps = soft.filter((v) => v.score < WEAK).sort((a, b) => b.coef * (1 - b.score) - a.coef * (1 - a.score))
    .slice(0, 3);
  const sentences: ExplanationSentence[] = [...strengths, ...gaps]
    .map((v) => ({ text: describe(v, codes, plan), factor: v.id }));
  const carrier = values.find((v) => v.id === 'carrier_screening');
  if (carrier) for (const text of carrierSentences(report, recessive)) sentences.push({ text, factor: carrier.id });
  const risk = values.find((v) => v.id === 'donor_genetic_risk' && v.code === 2);
  const donorRisks = names(report, 'donor_risk');
  if (risk) {
    const text = `The donor carries ${joinAnd(donorRisks)}, a risk that comes from the donor alone, whatever your`
      + ' own results.';
    sentences.push({ text, factor: risk.id });
  }

  const parts: { text: string; factors: FactorId[] }[] = [{ text: `${overall}% overall match.`, factors: [] }];
  const named = (label: string, vs: FactorValue[]) =>
    ({ text: `${label}: ${vs.map((v) => LABELS[v.id]).join(', ')}.`, factors: vs.map((v) => v.id) });
  if (strengths.length) parts.push(named('Strongest', strengths));
  if (gaps.length) parts.push(named('Weakest', gaps));
  if (carrier) parts.push({ text: `Carrier screening: ${carrierPhrase(report, recessive)}.`, factors: [carrier.id] });
  if (risk) parts.push({ text: `Donor-side genetic risk: ${joinAnd(donorRisks)}.`, factors: [risk.id] });
  while (parts.length > 1 && words(parts) > SUMMARY_MAX_WORDS) parts.pop();
  return {
    summary: parts.map((p) => p.text).join(' '),
    summary_factors: parts.flatMap((p) => p.factors),
    sentences,
  };
}

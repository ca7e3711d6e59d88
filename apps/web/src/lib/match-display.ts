/** How match data reads on screen (spec sections 3, 4 and 9). Pure, so it is unit-tested without a DOM. */
import { formatMatchPercent } from '@kindred/shared/format';
import { hardFilterLabel } from '@kindred/shared/relaxations';
import type { CarrierStatus, MatchCategory } from '@kindred/shared/vocabulary';

/**
 * Eight score bands (90+, 80+, … 30+, below 30). Every colour carries white text at 4.5:1 or better (WCAG AA),
 * running from deep green through amber and red to grey.
 */
export const SCORE_BANDS = [
  { min: 90, color: '#14532d' },
  { min: 80, color: '#15803d' },
  { min: 70, color: '#4d7c0f' },
  { min: 60, color: '#a16207' },
  { min: 50, color: '#c2410c' },
  { min: 40, color: '#b91c1c' },
  { min: 30, color: '#9f1239' },
  { min: -Infinity, color: '#4b5563' },
] as const;

export function scoreBandColor(score: number): string {
  return SCORE_BANDS.find((b) => score >= b.min)!.color;
}

/** The explanation with HTML tags stripped, cut to its first 50 words. */
export function explanationExcerpt(text: string, words = 50): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
  const list = plain === '' ? [] : plain.split(' ');
  return list.length > words ? `${list.slice(0, words).join(' ')}…` : plain;
}

/** 'eye_color' → 'Eye Color'. */
export function attributeLabel(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export const DONOR_TYPE_LABELS: Record<string, string> = {
  egg: 'Egg Donor',
  sperm: 'Sperm Donor',
  surrogate: 'Surrogate',
};
export const DISCLOSURE_LABELS: Record<string, string> = {
  ANON: 'Anonymous Donor',
  KNOWN: 'Known Donor',
  OPEN: 'Open Donor',
};

export const CATEGORY_LABELS: Record<MatchCategory, string> = {
  demographic: 'Demographic',
  medical_genetic: 'Medical & Genetic',
  lifestyle_environment: 'Lifestyle & Environment',
  values_legal: 'Values & Legal',
};

/** Carrier report statuses in plain language. */
export const CARRIER_STATUS_TEXT: Record<CarrierStatus, { label: string; detail: string; color: string }> = {
  compatible: {
    label: 'Compatible',
    detail: 'The donor was screened and does not carry this condition.',
    color: '#166534',
  },
  unknown: { label: 'Not screened', detail: 'The donor has no screening result for this condition.', color: '#4b5563' },
  high_risk: {
    label: 'Both carriers',
    detail: 'You and the donor both carry this condition: a child could inherit it. Talk to a genetic counsellor.',
    color: '#991b1b',
  },
  donor_risk: {
    label: 'Donor carries it',
    detail: 'The donor carries this condition, which can pass to a child on its own.',
    color: '#9a3412',
  },
};

const CONDITION_NAMES: Record<string, string> = {
  brca1_brca2: 'BRCA1 / BRCA2',
  a1_antitrypsin_deficiency: 'Alpha-1 antitrypsin deficiency',
};
export const conditionLabel = (condition: string) => CONDITION_NAMES[condition] ?? attributeLabel(condition);

export type Counterfactual = {
  filter: string;
  additional_matches: number;
  best_overall_match_percentage: number | null;
};

/** 'Relax your height dealbreaker: 12 more donors, best match 91.2%' (the score written as everywhere else). */
export function counterfactualText(c: Counterfactual): string {
  const more = `${c.additional_matches} more ${c.additional_matches === 1 ? 'donor' : 'donors'}`;
  const best =
    c.best_overall_match_percentage === null
      ? ''
      : `, best match ${formatMatchPercent(c.best_overall_match_percentage)}`;
  return `Relax your ${hardFilterLabel(c.filter)}: ${more}${best}`;
}

/** How each scored factor is named on cards, chips and the contributions table (ids from the engine). */
export const FACTOR_LABELS: Record<string, string> = {
  race: 'Race',
  ethnicity: 'Ethnicity',
  hair_color: 'Hair colour',
  eye_color: 'Eye colour',
  height: 'Height',
  age: 'Age',
  location: 'Distance',
  carrier_screening: 'Carrier screening',
  donor_genetic_risk: 'Donor genetic risk',
  chronic_conditions: 'Chronic conditions',
  pregnancy_history: 'Pregnancy history',
  pregnancy_complications: 'Pregnancy complications',
  bmi: 'BMI',
  education: 'Education',
  smoking: 'Smoking',
  recreational_drugs: 'Drug use',
  alcohol: 'Alcohol use',
  exercise: 'Exercise',
  religion: 'Religion',
  post_match_communication: 'Disclosure',
  health_insurance: 'Health insurance',
};
export const factorLabel = (factor: string) => FACTOR_LABELS[factor] ?? attributeLabel(factor);

/** 'Misses: Education, Drug use' (worst first, as the engine orders them); null when nothing is missed. */
export function missedText(missed: readonly string[]): string | null {
  if (missed.length === 0) return null;
  return `Misses: ${missed.map((f, i) => (i === 0 ? factorLabel(f) : factorLabel(f).toLowerCase())).join(', ')}`;
}

/** 'Also misses, not counted (you marked it not important): religion'; null when there is none. */
export function notCountedText(missed: readonly string[]): string | null {
  if (missed.length === 0) return null;
  return `Also misses, not counted (you marked it not important): ${missed.map((f) => factorLabel(f).toLowerCase()).join(', ')}`;
}

/**
 * 'Not tested for Cystic Fibrosis and BRCA1 / BRCA2'; null when the donor was tested for all the parent's conditions.
 */
export function notTestedText(conditions: readonly string[]): string | null {
  if (conditions.length === 0) return null;
  const names = conditions.map(conditionLabel);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Not tested for ${list}`;
}

/** 'No longer meets: your race dealbreaker' for a shortlisted donor that now fails hard filters; null when none. */
export function failedText(failed: readonly string[]): string | null {
  if (failed.length === 0) return null;
  return `No longer meets: your ${failed.map(hardFilterLabel).join(', ')}`;
}

/** Compare takes up to three donors. */
export const MAX_COMPARE = 3;
export function toggleCompare(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return selected.length >= MAX_COMPARE ? [...selected] : [...selected, id];
}

export type ContributionRow = {
  factor: string;
  label: string;
  status: 'Met' | 'Partly met' | 'Not met' | 'Not met (not counted)' | 'Our check';
  points: number;
  weight: number;
  lost: number;
};

/**
 * The contributions table's rows: factors that carry weight, heaviest first (then the engine's order), and last
 * the stated preferences missed in a category the parent marked not important (worth no points). A factor the
 * parent did not state (the engine's own checks, such as a donor's genetic risk) reads "Our check".
 */
export function contributionRows(
  factors: readonly { factor: string; score: number; weight: number; points: number; met: boolean; stated: boolean }[],
): ContributionRow[] {
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return factors
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => f.weight > 0 || (f.stated && !f.met))
    .sort((a, b) => b.f.weight - a.f.weight || a.i - b.i)
    .map(({ f }) => ({
      factor: f.factor,
      label: factorLabel(f.factor),
      status: !f.stated
        ? 'Our check'
        : f.met
          ? 'Met'
          : f.weight === 0
            ? 'Not met (not counted)'
            : f.score > 0
              ? 'Partly met'
              : 'Not met',
      points: f.points,
      weight: f.weight,
      lost: Math.max(0, round1(f.weight - f.points)),
    }));
}

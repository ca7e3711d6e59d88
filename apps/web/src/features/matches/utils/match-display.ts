/** How match data reads on screen (spec sections 3, 4 and 9). Pure, so it is unit-tested without a DOM. */
import { CHRONIC_CONDITIONS, type CarrierStatus, type MatchCategory } from '@kindred/shared/vocabulary';

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
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').replace(/\s+([.,;:!?])/g, '$1').trim();
  const list = plain === '' ? [] : plain.split(' ');
  return list.length > words ? `${list.slice(0, words).join(' ')}…` : plain;
}

/** 'eye_color' → 'Eye Color'. */
export function attributeLabel(name: string): string {
  return name.split('_').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

export const DONOR_TYPE_LABELS: Record<string, string> = { egg: 'Egg Donor', sperm: 'Sperm Donor', surrogate: 'Surrogate' };
export const DISCLOSURE_LABELS: Record<string, string> = { ANON: 'Anonymous Donor', KNOWN: 'Known Donor', OPEN: 'Open Donor' };

export const CATEGORY_LABELS: Record<MatchCategory, string> = {
  demographic: 'Demographic',
  medical_genetic: 'Medical & Genetic',
  lifestyle_environment: 'Lifestyle & Environment',
  values_legal: 'Values & Legal',
};

/** Carrier report statuses in plain language. */
export const CARRIER_STATUS_TEXT: Record<CarrierStatus, { label: string; detail: string; color: string }> = {
  compatible: { label: 'Compatible', detail: 'The donor was screened and does not carry this condition.', color: '#166534' },
  unknown: { label: 'Not screened', detail: 'The donor has no screening result for this condition.', color: '#4b5563' },
  high_risk: { label: 'Both carriers', detail: 'You and the donor both carry this condition: a child could inherit it. Talk to a genetic counsellor.', color: '#991b1b' },
  donor_risk: { label: 'Donor carries it', detail: 'The donor carries this condition, which can pass to a child on its own.', color: '#9a3412' },
};

const CONDITION_NAMES: Record<string, string> = { brca1_brca2: 'BRCA1 / BRCA2', a1_antitrypsin_deficiency: 'Alpha-1 antitrypsin deficiency' };
export const conditionLabel = (condition: string) => CONDITION_NAMES[condition] ?? attributeLabel(condition);

/** What a counterfactual filter is called, and how a re-run relaxes it in the submitted preference set. */
/**
 * The Yes/No `dealbreakers` answer, when present, overrides every per-attribute flag except age on the server;
 * turn it into the five flags so that one of them can then be relaxed on its own.
 */
function ownFlags(p: Record<string, unknown>): Record<string, unknown> {
  if (!('dealbreakers' in p)) return p;
  const { dealbreakers, ...rest } = p;
  const yes = dealbreakers === true || (typeof dealbreakers === 'string' && ['yes', 'true', '1'].includes(dealbreakers.trim().toLowerCase()));
  return { ...rest, race_dealbreaker: yes, ethnicity_dealbreaker: yes, hair_color_dealbreaker: yes, eye_color_dealbreaker: yes, height_dealbreaker: yes };
}

/** Filters without `relax` come from the parent's own carrier status: shown, but there is no answer to change. */
const RELAXATIONS: Record<string, { label: string; relax?: (p: Record<string, unknown>) => Record<string, unknown> }> = {
  race_dealbreaker: { label: 'race dealbreaker', relax: (p) => ({ ...ownFlags(p), race_dealbreaker: false }) },
  ethnicity_dealbreaker: { label: 'ethnicity dealbreaker', relax: (p) => ({ ...ownFlags(p), ethnicity_dealbreaker: false }) },
  hair_color_dealbreaker: { label: 'hair colour dealbreaker', relax: (p) => ({ ...ownFlags(p), hair_color_dealbreaker: false }) },
  eye_color_dealbreaker: { label: 'eye colour dealbreaker', relax: (p) => ({ ...ownFlags(p), eye_color_dealbreaker: false }) },
  height_dealbreaker: { label: 'height dealbreaker', relax: (p) => ({ ...ownFlags(p), height_dealbreaker: false }) },
  age_dealbreaker: { label: 'age dealbreaker', relax: (p) => ({ ...p, age_dealbreaker: false }) },
  chronic_conditions: {
    label: 'chronic conditions requirement',
    relax: (p) => ({ ...p, no_chronic_conditions_preferred: false, acceptable_chronic_conditions: [...CHRONIC_CONDITIONS] }),
  },
  health_insurance: { label: 'health insurance requirement', relax: (p) => ({ ...p, health_insurance_required: false }) },
  previous_pregnancy: { label: 'previous pregnancy requirement', relax: (p) => ({ ...p, previous_full_term_pregnancies_preferred: false }) },
  carrier_high_risk: { label: 'carrier screening filter' },
  pregnancy_complications: { label: 'pregnancy complications requirement', relax: (p) => ({ ...p, pregnancy_complications_ok: true }) },
};

export type Counterfactual = { filter: string; additional_matches: number; best_overall_match_percentage: number | null };

/** 'Relax your height dealbreaker: 12 more donors, best match 91%'. */
export function counterfactualText(c: Counterfactual): string {
  const label = RELAXATIONS[c.filter]?.label ?? `${attributeLabel(c.filter).toLowerCase()} filter`;
  const more = `${c.additional_matches} more ${c.additional_matches === 1 ? 'donor' : 'donors'}`;
  const best = c.best_overall_match_percentage === null ? '' : `, best match ${Math.round(c.best_overall_match_percentage)}%`;
  return `Relax your ${label}: ${more}${best}`;
}

/** The preference set with one filter relaxed, or null when the wizard has no answer that relaxes it. */
export function relaxPreferences(preferences: Record<string, unknown>, filter: string): Record<string, unknown> | null {
  const r = RELAXATIONS[filter];
  return r?.relax ? r.relax(preferences) : null;
}

export const canRelax = (filter: string) => RELAXATIONS[filter]?.relax !== undefined;

/** The plan name of the parent's active purchase, else the first one (spec: data[0] or data). */
export function planNameOf(transactions: readonly { plan_name?: string | null; active?: boolean }[] | undefined): string | null {
  if (!transactions || transactions.length === 0) return null;
  return (transactions.find((t) => t.active) ?? transactions[0])?.plan_name ?? null;
}

/** Compare takes up to three donors. */
export const MAX_COMPARE = 3;
export function toggleCompare(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return selected.length >= MAX_COMPARE ? [...selected] : [...selected, id];
}

export function formatHeight(inches: number | null): string {
  if (inches === null) return '—';
  const i = Math.round(inches);
  return `${Math.floor(i / 12)} ft ${i % 12} in`;
}

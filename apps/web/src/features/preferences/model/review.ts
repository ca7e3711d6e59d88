/** The rows of 'Review Your Preferences' (spec section 2), in the spec's order. */
import { NO_PREFERENCE } from '@kindred/shared/vocabulary';
import type { WizardDraft } from './draft.ts';
import {
  AGE_OPTIONS,
  CHRONIC_OPTIONS,
  DEALBREAKER_OPTIONS,
  DONOR_TYPE_OPTIONS,
  DRUGS_OPTIONS,
  EDUCATION_OPTIONS,
  ETHNICITY_OPTIONS,
  EXERCISE_OPTIONS,
  EYE_OPTIONS,
  GENETIC_OPTIONS,
  HAIR_OPTIONS,
  HEIGHT_OPTIONS,
  labelOf,
  RACE_OPTIONS,
  RELIGION_OPTIONS,
  SMOKING_OPTIONS,
  type Option,
} from './options.ts';

export type ReviewRow = { label: string; value: string };

/** User-entered conditions are cut at 50 characters. */
export const cut50 = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

const many = (options: readonly Option[], values: readonly string[]) =>
  values.length === 0
    ? '—'
    : values.map((v) => (v === NO_PREFERENCE ? 'No Preference' : labelOf(options, v))).join(', ');
const one = (options: readonly Option[], value: string) => (value === '' ? '—' : labelOf(options, value));

export function reviewRows(d: WizardDraft): ReviewRow[] {
  const rows: ReviewRow[] = [
    { label: 'Donor type', value: one(DONOR_TYPE_OPTIONS, d.donor_type_preference) },
    { label: 'Location', value: d.location || '—' },
    { label: 'Importance', value: '100%' },
    { label: 'Dealbreaker', value: d.dealbreakers === 'yes' ? 'true' : 'false' },
  ];
  if (d.dealbreakers === 'yes') {
    const on = DEALBREAKER_OPTIONS.filter((o) => !d.dealbreaker_exclusions.includes(o.value));
    rows.push({ label: 'Dealbreakers', value: on.length === 0 ? '—' : on.map((o) => o.label).join(', ') });
    // The parent's own words, in full: Review is where they check them.
    if (d.dealbreaker_details.trim()) rows.push({ label: 'Dealbreaker details', value: d.dealbreaker_details.trim() });
  }
  rows.push(
    { label: 'Conditions', value: cut50(many(GENETIC_OPTIONS, d.user_genetic_conditions)) },
    { label: 'Medical history', value: cut50(many(CHRONIC_OPTIONS, d.acceptable_chronic_conditions)) },
    { label: 'Age', value: many(AGE_OPTIONS, d.preferred_age_ranges) },
    { label: 'Height', value: many(HEIGHT_OPTIONS, d.preferred_height_ranges) },
    { label: 'Ethnicity', value: many(ETHNICITY_OPTIONS, d.preferred_ethnicities) },
    { label: 'Race', value: many(RACE_OPTIONS, d.preferred_races) },
    { label: 'Eye colour', value: many(EYE_OPTIONS, d.preferred_eye_colors) },
    { label: 'Hair colour', value: many(HAIR_OPTIONS, d.preferred_hair_colors) },
    { label: 'Education', value: one(EDUCATION_OPTIONS, d.preferred_minimum_education) },
    { label: 'Recreational drugs', value: one(DRUGS_OPTIONS, d.recreational_drugs_preference) },
    { label: 'Smoking', value: one(SMOKING_OPTIONS, d.smoking_history_preference) },
    { label: 'Religion', value: many(RELIGION_OPTIONS, d.preferred_religions) },
    { label: 'Regular exercise', value: one(EXERCISE_OPTIONS, d.regular_exercise_preferred) },
    { label: 'Lifestyle importance', value: `${d.lifestyle_environment_importance}%` },
    { label: 'Medical importance', value: `${d.medical_genetic_importance ?? 0}%` },
    { label: 'Values importance', value: `${d.values_legal_importance}%` },
  );
  return rows;
}

/**
 * Each step's checks: every question the step asks, with the spec's exact messages (section 5) from the question
 * table. Returns field → message; empty means valid.
 */
import { isAsked, QUESTIONS, questionOf, questionsOn, type StepId, type WizardDraft } from './questions/index.ts';

const Q = QUESTIONS;

/** The spec's messages by a short name (tests and other screens refer to them). */
export const WIZARD_MSG = {
  location: Q.location.required,
  donorType: Q.donor_type_preference.required,
  height: Q.preferred_height_ranges.required,
  age: Q.preferred_age_ranges.required,
  race: Q.preferred_races.required,
  ethnicity: Q.preferred_ethnicities.required,
  eye: Q.preferred_eye_colors.required,
  hair: Q.preferred_hair_colors.required,
  dealbreakers: Q.dealbreakers.required,
  /** Ours: 'Yes' with every attribute unticked says no attribute is a dealbreaker. */
  dealbreakerAttributes: Q.dealbreaker_exclusions.invalid.message,
  medicalHistory: Q.acceptable_chronic_conditions.required,
  geneticScreening: Q.user_genetic_conditions.required,
  priority: Q.medical_genetic_importance.required,
  pregnancyHistory: Q.previous_full_term_pregnancies_preferred.required,
  complications: Q.pregnancy_complications_ok.required,
  education: Q.preferred_minimum_education.required,
  smoking: Q.smoking_history_preference.required,
  drugs: Q.recreational_drugs_preference.required,
  exercise: Q.regular_exercise_preferred.required,
  valuesImportance: Q.values_legal_importance.invalid.message,
  religion: Q.preferred_religions.required,
} as const;

export type StepErrors = Partial<Record<keyof WizardDraft, string>>;

const isEmpty = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export function validateStep(step: StepId, d: WizardDraft): StepErrors {
  const e: StepErrors = {};
  for (const key of questionsOn(step)) {
    const q = questionOf(key);
    if (!isAsked(key, d)) continue;
    if (q.required !== undefined && isEmpty(d[key])) e[key] = q.required;
    else if (q.invalid?.test(d)) e[key] = q.invalid.message;
  }
  return e;
}

/** Each step's checks with the spec's exact messages (section 5). Returns field → message; empty means valid. */
import type { WizardDraft } from './draft.ts';
import { DEALBREAKER_OPTIONS } from './options.ts';
import type { StepId } from './steps.ts';

export const WIZARD_MSG = {
  location: 'Please enter your location.',
  donorType: 'Please select a donor type.',
  height: 'Height is required',
  age: 'Age Range is required',
  race: 'Race selection is required',
  ethnicity: 'Ethnicity selection is required',
  eye: 'Eye Color selection is required',
  hair: 'Hair Color selection is required',
  dealbreakers: 'Please select Yes or No for dealbreakers',
  /** Ours: 'Yes' with every attribute unticked says no attribute is a dealbreaker. */
  dealbreakerAttributes: 'Tick at least one dealbreaker, or answer No.',
  medicalHistory: 'Medical history is required.',
  geneticScreening: 'Genetic screening is required.',
  priority: 'Priority selection is required.',
  pregnancyHistory: 'Please select pregnancy history',
  complications: 'Please select pregnancy complication history',
  education: 'Education level is required',
  smoking: 'Smoking history is required',
  drugs: 'Recreational drugs field is required',
  exercise: 'Regular exercise history is required',
  valuesImportance: 'Please select a valid age.',
  religion: 'Please select a religion.',
} as const;

export type StepErrors = Partial<Record<keyof WizardDraft, string>>;

export function validateStep(step: StepId, d: WizardDraft): StepErrors {
  const e: StepErrors = {};
  switch (step) {
    case 'welcome':
      if (d.location.trim() === '') e.location = WIZARD_MSG.location;
      if (d.donor_type_preference === '') e.donor_type_preference = WIZARD_MSG.donorType;
      break;
    case 'demographic':
      if (d.preferred_races.length === 0) e.preferred_races = WIZARD_MSG.race;
      if (d.preferred_ethnicities.length === 0) e.preferred_ethnicities = WIZARD_MSG.ethnicity;
      if (d.preferred_hair_colors.length === 0) e.preferred_hair_colors = WIZARD_MSG.hair;
      if (d.preferred_eye_colors.length === 0) e.preferred_eye_colors = WIZARD_MSG.eye;
      if (d.preferred_height_ranges.length === 0) e.preferred_height_ranges = WIZARD_MSG.height;
      if (d.preferred_age_ranges.length === 0) e.preferred_age_ranges = WIZARD_MSG.age;
      if (d.dealbreakers === '') e.dealbreakers = WIZARD_MSG.dealbreakers;
      else if (
        d.dealbreakers === 'yes' &&
        DEALBREAKER_OPTIONS.every((o) => d.dealbreaker_exclusions.includes(o.value))
      ) {
        e.dealbreaker_exclusions = WIZARD_MSG.dealbreakerAttributes;
      }
      break;
    case 'medical':
      if (d.acceptable_chronic_conditions.length === 0) e.acceptable_chronic_conditions = WIZARD_MSG.medicalHistory;
      if (d.user_genetic_conditions.length === 0) e.user_genetic_conditions = WIZARD_MSG.geneticScreening;
      if (d.medical_genetic_importance === null) e.medical_genetic_importance = WIZARD_MSG.priority;
      break;
    case 'pregnancy':
      if (d.previous_full_term_pregnancies_preferred === '')
        e.previous_full_term_pregnancies_preferred = WIZARD_MSG.pregnancyHistory;
      if (d.pregnancy_complications_ok === '') e.pregnancy_complications_ok = WIZARD_MSG.complications;
      break;
    case 'lifestyle':
      if (d.preferred_minimum_education === '') e.preferred_minimum_education = WIZARD_MSG.education;
      if (d.smoking_history_preference === '') e.smoking_history_preference = WIZARD_MSG.smoking;
      if (d.recreational_drugs_preference === '') e.recreational_drugs_preference = WIZARD_MSG.drugs;
      if (d.regular_exercise_preferred === '') e.regular_exercise_preferred = WIZARD_MSG.exercise;
      break;
    case 'values':
      // 0-100: the slider offers 0 ('Not Important'); the spec's 1-100 would refuse it (ADR 007).
      if (!(d.values_legal_importance >= 0 && d.values_legal_importance <= 100))
        e.values_legal_importance = WIZARD_MSG.valuesImportance;
      if (d.preferred_religions.length === 0) e.preferred_religions = WIZARD_MSG.religion;
      break;
    case 'review':
      break;
  }
  return e;
}

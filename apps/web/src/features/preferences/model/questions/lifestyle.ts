/** The Lifestyle step's questions (see kit.ts for what each entry says). */
import {
  ALCOHOL_USE,
  EDUCATION_LEVELS,
  EXERCISE_LEVELS,
  NO_PREFERENCE,
  RECREATIONAL_DRUGS,
  SMOKING_HISTORY,
} from '@kindred/shared/vocabulary';
import { bool, clean, num, savedChoice, token } from '../codec.ts';
import { choices } from '../options.ts';
import { noPreference, SLIDER_DEFAULTS, type QuestionTable } from './kit.ts';

export const LIFESTYLE_QUESTIONS = {
  preferred_minimum_education: {
    step: 'lifestyle',
    kind: 'single',
    legend: 'Minimum education level',
    options: choices(
      EDUCATION_LEVELS,
      { high_school: 'High School', college: 'College', masters: 'Master', doctorate: 'Doctorate' },
      noPreference,
    ),
    empty: '',
    required: 'Education level is required',
    review: { order: 150, label: 'Education' },
    payload: (v) => ({
      userEducationLevel: clean(v),
      preferred_minimum_education: clean(v),
      education_no_preference: clean(v) === NO_PREFERENCE,
    }),
    fromSaved: (raw) =>
      bool(raw.education_no_preference) === true
        ? NO_PREFERENCE
        : token(raw.preferred_minimum_education) || token(raw.userEducationLevel),
  },
  // Smoking and drugs: the most exposure the parent accepts.
  smoking_history_preference: {
    step: 'lifestyle',
    kind: 'single',
    legend: 'Smoking history',
    options: choices(
      SMOKING_HISTORY,
      {
        never: 'Never smoked',
        former: 'Former smoker is fine',
        occasional: 'Occasional is fine',
        regular: 'Regular is fine',
      },
      noPreference,
    ),
    empty: '',
    required: 'Smoking history is required',
    review: { order: 170, label: 'Smoking' },
    payload: (v) => ({ smoking_history_preference: clean(v) }),
    fromSaved: (raw) => savedChoice(raw.smoking_history_preference),
  },
  recreational_drugs_preference: {
    step: 'lifestyle',
    kind: 'single',
    legend: 'Recreational drugs',
    options: choices(
      RECREATIONAL_DRUGS,
      {
        never: 'Never used',
        former: 'Former use is fine',
        occasional: 'Occasional is fine',
        regular: 'Regular is fine',
      },
      noPreference,
    ),
    empty: '',
    required: 'Recreational drugs field is required',
    review: { order: 160, label: 'Recreational drugs' },
    payload: (v) => ({ recreational_drugs_preference: clean(v) }),
    fromSaved: (raw) => savedChoice(raw.recreational_drugs_preference),
  },
  // Beyond the spec: optional (no required message), so unanswered and 'No Preference' both move nobody (ADR 009).
  alcohol_use_preference: {
    step: 'lifestyle',
    kind: 'single',
    legend: 'Alcohol use',
    options: choices(
      ALCOHOL_USE,
      { none: 'No alcohol', social: 'Social drinking is fine', regular: 'Regular drinking is fine' },
      noPreference,
    ),
    empty: '',
    review: { order: 175, label: 'Alcohol use' },
    payload: (v) => ({ alcohol_use_preference: v === '' ? undefined : clean(v) }),
    fromSaved: (raw) => savedChoice(raw.alcohol_use_preference),
  },
  // The least exercise the parent wants.
  regular_exercise_preferred: {
    step: 'lifestyle',
    kind: 'single',
    legend: 'Regular exercise',
    options: choices(
      EXERCISE_LEVELS,
      { none: 'Any amount', occasional: 'At least occasionally', regular: 'Regularly', daily: 'Daily' },
      noPreference,
    ),
    empty: '',
    required: 'Regular exercise history is required',
    review: { order: 190, label: 'Regular exercise' },
    payload: (v) => ({ regular_exercise_preferred: clean(v) }),
    fromSaved: (raw) => savedChoice(raw.regular_exercise_preferred),
  },
  lifestyle_environment_importance: {
    step: 'lifestyle',
    kind: 'importance',
    label: 'How important are lifestyle and environment factors to you?',
    empty: SLIDER_DEFAULTS.lifestyle,
    review: { order: 200, label: 'Lifestyle importance' },
    payload: (v) => ({ lifestyle_environment_importance: v }),
    fromSaved: (raw) => num(raw.lifestyle_environment_importance) ?? SLIDER_DEFAULTS.lifestyle,
  },
} satisfies Partial<QuestionTable>;

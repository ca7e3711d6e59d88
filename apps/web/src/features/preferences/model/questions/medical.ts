/** The Medical & Genetic step's questions (see kit.ts for what each entry says). */
import { PREFERENCE_DEFAULTS, toToken } from '@kindred/shared/preferences';
import { CHRONIC_CONDITIONS, NO_CHRONIC_CONDITIONS } from '@kindred/shared/vocabulary';
import { chronicChoices, geneticChoices, geneticConditionsOf, num } from '../codec.ts';
import { choices, GENETIC_OPTIONS, opt } from '../options.ts';
import { SLIDER_DEFAULTS, type QuestionTable } from './kit.ts';

export const MEDICAL_QUESTIONS = {
  acceptable_chronic_conditions: {
    step: 'medical',
    kind: 'checklist',
    legend: 'Medical History',
    description: 'Chronic conditions you would accept in a donor.',
    options: [
      opt('No chronic conditions preferred', NO_CHRONIC_CONDITIONS),
      ...choices(CHRONIC_CONDITIONS, {
        hypertension: 'Hypertension',
        diabetes_i: 'Diabetes I',
        diabetes_ii: 'Diabetes II',
        high_cholesterol: 'High cholesterol',
        cancer: 'Cancer',
        obesity: 'Obesity',
        autoimmune_disease: 'Autoimmune disease',
      }),
    ],
    empty: [],
    required: 'Medical history is required.',
    review: { order: 80, label: 'Medical history', cut: true },
    // 'No chronic conditions preferred' is sent as its flag (the forced default), never as a list item.
    payload: (v) => {
      const chronic = [...new Set(v.map(toToken).filter((t) => t !== ''))];
      return {
        no_chronic_conditions_preferred:
          chronic.includes(NO_CHRONIC_CONDITIONS) || chronic.length === 0
            ? PREFERENCE_DEFAULTS.no_chronic_conditions_preferred
            : false,
        acceptable_chronic_conditions: chronic.filter((c) => c !== NO_CHRONIC_CONDITIONS),
      };
    },
    fromSaved: chronicChoices,
  },
  user_genetic_conditions: {
    step: 'medical',
    kind: 'checklist',
    legend: 'Genetic Screening Preferences',
    description:
      'Conditions you know you carry. Donors who carry the same condition are flagged so you can discuss them ' +
      'with a counsellor.',
    options: GENETIC_OPTIONS,
    empty: [],
    required: 'Genetic screening is required.',
    review: { order: 70, label: 'Conditions', cut: true },
    payload: (v) => ({ user_genetic_conditions: geneticConditionsOf(v) }),
    fromSaved: (raw) => geneticChoices(raw.user_genetic_conditions),
  },
  medical_genetic_importance: {
    step: 'medical',
    kind: 'importance',
    label: 'How important are medical and genetic factors to you?',
    thumbLabel: 'Medical and genetic importance',
    empty: SLIDER_DEFAULTS.medical,
    required: 'Priority selection is required.',
    review: { order: 210, label: 'Medical importance' },
    payload: (v) => ({ medical_genetic_importance: v ?? PREFERENCE_DEFAULTS.medical_genetic_importance }),
    fromSaved: (raw) => num(raw.medical_genetic_importance) ?? num(raw.importance_medical) ?? SLIDER_DEFAULTS.medical,
  },
} satisfies Partial<QuestionTable>;

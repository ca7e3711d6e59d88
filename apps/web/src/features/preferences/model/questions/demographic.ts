/** The Demographic step's questions (see kit.ts for what each entry says). */
import { AGE_RANGES, ETHNICITIES, EYE_COLORS, HAIR_COLORS, HEIGHT_RANGES, RACES } from '@kindred/shared/vocabulary';
import { choicesOf, dealbreakersOf, isNoPref, listOf } from '../codec.ts';
import { choices, DEALBREAKER_OPTIONS } from '../options.ts';
import { dealbreaker, noPreference, saidYes, type QuestionTable } from './kit.ts';
import type { WizardDraft } from './kit.ts';

/** "These are dealbreakers: race, ethnicity and height." or what No means; null before an answer. */
export function dealbreakerSentence(d: WizardDraft): string | null {
  if (d.dealbreakers === 'no') return 'None: donors who miss a preference are ranked lower, never hidden.';
  if (!saidYes(d)) return null;
  const on = DEALBREAKER_OPTIONS.filter((o) => dealbreaker(d, o.value)).map((o) => o.label.toLowerCase());
  const list = on.length <= 1 ? (on[0] ?? '') : `${on.slice(0, -1).join(', ')} and ${on.at(-1)}`;
  return `These are dealbreakers: ${list}.`;
}

export const DEMOGRAPHIC_QUESTIONS = {
  preferred_races: {
    step: 'demographic',
    kind: 'multi',
    legend: 'Race',
    options: choices(
      RACES,
      {
        black_african: 'Black / African',
        white: 'White',
        asian: 'Asian',
        american_indian: 'American Indian',
        pacific_islander: 'Pacific Islander',
        mixed_race: 'Mixed Race',
      },
      noPreference,
    ),
    empty: [],
    required: 'Race selection is required',
    review: { order: 120, label: 'Race' },
    payload: (v) => ({ preferred_races: listOf(v), race_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_races', 'race_no_preference'),
  },
  preferred_ethnicities: {
    step: 'demographic',
    kind: 'multi',
    legend: 'Ethnicity',
    options: choices(
      ETHNICITIES,
      { hispanic_latino: 'Hispanic / Latino', not_hispanic_latino: 'Not Hispanic / Latino' },
      noPreference,
    ),
    empty: [],
    required: 'Ethnicity selection is required',
    review: { order: 110, label: 'Ethnicity' },
    payload: (v) => ({ preferred_ethnicities: listOf(v), ethnicity_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_ethnicities', 'ethnicity_no_preference'),
  },
  preferred_hair_colors: {
    step: 'demographic',
    kind: 'multi',
    legend: 'Hair colour',
    options: choices(HAIR_COLORS, { black: 'Black', brown: 'Brown', blonde: 'Blonde', red: 'Red' }, noPreference),
    empty: [],
    required: 'Hair Color selection is required',
    review: { order: 140, label: 'Hair colour' },
    payload: (v) => ({ preferred_hair_colors: listOf(v), hair_color_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_hair_colors', 'hair_color_no_preference'),
  },
  preferred_eye_colors: {
    step: 'demographic',
    kind: 'multi',
    legend: 'Eye colour',
    options: choices(
      EYE_COLORS,
      { blue: 'Blue', brown: 'Brown', green: 'Green', hazel: 'Hazel', grey: 'Grey', amber: 'Amber' },
      noPreference,
    ),
    empty: [],
    required: 'Eye Color selection is required',
    review: { order: 130, label: 'Eye colour' },
    payload: (v) => ({ preferred_eye_colors: listOf(v), eye_color_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_eye_colors', 'eye_color_no_preference'),
  },
  preferred_height_ranges: {
    step: 'demographic',
    kind: 'multi',
    legend: 'Height (inches)',
    options: choices(
      HEIGHT_RANGES,
      { '60-65': '60-65 in', '66-72': '66-72 in', '73-77': '73-77 in', '78-84': '78-84 in' },
      noPreference,
    ),
    empty: [],
    required: 'Height is required',
    review: { order: 100, label: 'Height' },
    payload: (v) => ({ preferred_height_ranges: listOf(v), height_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_height_ranges', 'height_no_preference'),
  },
  preferred_age_ranges: {
    step: 'demographic',
    kind: 'multi',
    legend: 'Age range',
    options: choices(
      AGE_RANGES,
      { '18-25': '18-25', '26-30': '26-30', '31-35': '31-35', '36-40': '36-40', '40-45': '40-45' },
      noPreference,
    ),
    empty: [],
    required: 'Age Range is required',
    review: { order: 90, label: 'Age' },
    payload: (v) => ({ preferred_age_ranges: listOf(v), age_no_preference: isNoPref(v) }),
    fromSaved: (raw) => choicesOf(raw, 'preferred_age_ranges', 'age_no_preference'),
  },
  dealbreakers: {
    step: 'demographic',
    kind: 'yes-no',
    label: 'Are any of these preferences dealbreakers?',
    empty: '',
    required: 'Please select Yes or No for dealbreakers',
    // One sentence for the Yes/No answer and the ticked attributes (issue 24: sentences, not "Dealbreaker: true").
    review: { order: 40, label: 'Dealbreakers', show: dealbreakerSentence },
    // Sent as the five per-attribute flags, not as the combined key, so a re-run can relax one (ADR 007).
    payload: (_, d) => ({
      race_dealbreaker: dealbreaker(d, 'race'),
      ethnicity_dealbreaker: dealbreaker(d, 'ethnicity'),
      hair_color_dealbreaker: dealbreaker(d, 'hair_color'),
      eye_color_dealbreaker: dealbreaker(d, 'eye_color'),
      height_dealbreaker: dealbreaker(d, 'height'),
      age_dealbreaker: false,
    }),
    fromSaved: (raw) => dealbreakersOf(raw).dealbreakers,
  },
  dealbreaker_exclusions: {
    step: 'demographic',
    kind: 'unticked',
    legend: 'Which of these are dealbreakers?',
    description:
      'Donors who do not match your choice for a ticked attribute will not be shown. Untick any that are ' +
      'only preferences.',
    options: DEALBREAKER_OPTIONS,
    empty: [],
    when: saidYes,
    invalid: {
      message: 'Tick at least one dealbreaker, or answer No.',
      test: (d) => DEALBREAKER_OPTIONS.every((o) => d.dealbreaker_exclusions.includes(o.value)),
    },
    // Said in the dealbreakers' sentence on Review.
    review: null,
    // Sent through the dealbreakers' per-attribute flags.
    payload: () => ({}),
    fromSaved: (raw) => dealbreakersOf(raw).dealbreaker_exclusions,
  },
  dealbreaker_details: {
    step: 'demographic',
    kind: 'text',
    label: 'Dealbreaker details',
    description: 'Optional, in your own words. Saved with your preferences and shown on Review.',
    maxLength: 500,
    empty: '',
    when: saidYes,
    // The parent's own words, in full: Review is where they check them.
    review: { order: 60, label: 'Dealbreaker details', show: (d) => d.dealbreaker_details.trim() || null },
    payload: (v, d) => ({ dealbreaker_details: saidYes(d) && v.trim() !== '' ? v.trim() : undefined }),
    fromSaved: (raw) => (typeof raw.dealbreaker_details === 'string' ? raw.dealbreaker_details.trim() : ''),
  },
} satisfies Partial<QuestionTable>;

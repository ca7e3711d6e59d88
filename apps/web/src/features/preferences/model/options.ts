/**
 * Building blocks of the wizard's option lists (spec sections 3 and 9): label / stored value pairs whose stored
 * values are the shared vocabulary's spellings, so what the wizard sends is exactly what the engine reads. The
 * lists themselves belong to their questions (questions.ts).
 */
import { NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';

export type Option<V extends string = string> = { label: string; value: V };

/** A Yes/No answer as the draft keeps it; '' is not answered yet. */
export type YesNo = '' | 'yes' | 'no';

export const opt = <V extends string>(label: string, value: V): Option<V> => ({ label, value });
export const NO_PREFERENCE_OPTION = opt('No Preference', NO_PREFERENCE);

/**
 * The options of a vocabulary list, in its order, each with its label; 'No Preference' last when asked for. The
 * labels are a record over the vocabulary, so a value outside it, or one left without a label, fails to compile.
 */
export function choices<V extends string>(
  vocabulary: readonly V[],
  labels: Record<V, string>,
  options: { noPreference?: boolean } = {},
): Option[] {
  const list: Option[] = vocabulary.map((value) => opt(labels[value], value));
  return options.noPreference ? [...list, NO_PREFERENCE_OPTION] : list;
}

/** A vocabulary list whose labels are its values capitalised ('Hinduism' for hinduism), plus 'No Preference'. */
export const capitalisedChoices = (vocabulary: readonly string[]): Option[] => [
  ...vocabulary.map((value) => opt(value.charAt(0).toUpperCase() + value.slice(1), value)),
  NO_PREFERENCE_OPTION,
];

/**
 * The attributes a 'Yes' to dealbreakers covers, each sent as its `<value>_dealbreaker` flag. All are ticked by
 * default (the spec's payload: every flag except age follows Yes); the parent may untick some.
 */
export const DEALBREAKER_OPTIONS = [
  { label: 'Race', value: 'race' },
  { label: 'Ethnicity', value: 'ethnicity' },
  { label: 'Hair colour', value: 'hair_color' },
  { label: 'Eye colour', value: 'eye_color' },
  { label: 'Height', value: 'height' },
] as const satisfies readonly Option[];
export type DealbreakerAttribute = (typeof DEALBREAKER_OPTIONS)[number]['value'];

/** Lifestyle, Values and Medical sliders: 0-100 in steps of 25 (spec section 9). */
export const IMPORTANCE_LABELS = [
  'Not Important',
  'Somewhat Important',
  'Important',
  'Very Important',
  'Extremely Important',
] as const;
export const importanceLabel = (value: number) => IMPORTANCE_LABELS[Math.round(value / 25)] ?? '';

export const labelOf = (options: readonly Option[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** Review's value of a single choice: its label, or '—' when unanswered. */
export const reviewOne = (options: readonly Option[], value: string) => (value === '' ? '—' : labelOf(options, value));
/** Review's value of a list: the labels joined, or '—' when empty. */
export const reviewMany = (options: readonly Option[], values: readonly string[]) =>
  values.length === 0
    ? '—'
    : values.map((v) => (v === NO_PREFERENCE ? 'No Preference' : labelOf(options, v))).join(', ');
/** User-entered conditions are cut at 50 characters on Review. */
export const cut50 = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

/**
 * Genetic Screening Preferences: conditions the parent knows they carry, in spec section 3's own spellings. The
 * payload collapses them into the shared vocabulary (BRCA1 and BRCA2 into one value, thalassemia variants into
 * thalassemia; `geneticConditionsOf`), so this list cannot be typed against it.
 */
export const GENETIC_OPTIONS: Option[] = [
  'None Known',
  'Cystic fibrosis',
  'Fragile X syndrome',
  'Sickle cell disease',
  'Tay Sachs disease',
  'Thalassemia',
  'Turner syndrome',
  'Wilson disease',
  'Spinal muscular atrophy',
  'BRCA1',
  'BRCA2',
  'a1 Antitrypsin deficiency',
  'Hereditary hemochromatosis',
  'Congenital adrenal hyperplasia',
  'Galactosemia',
  'Phenylketonuria',
  'Alpha thalassemia',
  'Beta thalassemia',
  'Canavan disease',
  'Hemoglobin c',
  'Hemoglobin e',
  'Gaucher disease',
  'Bloom syndrome',
  'Fanconi anemia group C',
  'Glycogen storage disease 1a',
  'Maple syrup urine disease',
  'mucolipidosis iv',
  'Niemann Pick A',
].map((label) =>
  opt(
    label,
    label === 'None Known'
      ? NONE_KNOWN
      : label
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_'),
  ),
);

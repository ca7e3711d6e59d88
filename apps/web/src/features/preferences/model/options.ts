/**
 * The wizard's option lists (spec sections 3 and 9) as label / stored value pairs. Stored values are the shared
 * vocabulary's spellings, so what the wizard sends is exactly what the engine reads.
 */
import { NO_CHRONIC_CONDITIONS, NO_PREFERENCE, NONE_KNOWN } from '@kindred/shared/vocabulary';

export type Option = { label: string; value: string };

const opt = (label: string, value: string): Option => ({ label, value });
const noPref = opt('No Preference', NO_PREFERENCE);

export const DONOR_TYPE_OPTIONS: Option[] = [
  opt('Egg Donor', 'egg'),
  opt('Sperm Donor', 'sperm'),
  opt('Surrogate', 'surrogate'),
];

export const RACE_OPTIONS: Option[] = [
  opt('Black / African', 'black_african'),
  opt('White', 'white'),
  opt('Asian', 'asian'),
  opt('American Indian', 'american_indian'),
  opt('Pacific Islander', 'pacific_islander'),
  opt('Mixed Race', 'mixed_race'),
  noPref,
];
export const ETHNICITY_OPTIONS: Option[] = [
  opt('Hispanic / Latino', 'hispanic_latino'),
  opt('Not Hispanic / Latino', 'not_hispanic_latino'),
  noPref,
];
export const HAIR_OPTIONS: Option[] = [
  opt('Black', 'black'),
  opt('Brown', 'brown'),
  opt('Blonde', 'blonde'),
  opt('Red', 'red'),
  noPref,
];
export const EYE_OPTIONS: Option[] = [
  opt('Blue', 'blue'),
  opt('Brown', 'brown'),
  opt('Green', 'green'),
  opt('Hazel', 'hazel'),
  opt('Grey', 'grey'),
  opt('Amber', 'amber'),
  noPref,
];
/** Inches. */
export const HEIGHT_OPTIONS: Option[] = [
  opt('60-65 in', '60-65'),
  opt('66-72 in', '66-72'),
  opt('73-77 in', '73-77'),
  opt('78-84 in', '78-84'),
  noPref,
];
export const AGE_OPTIONS: Option[] = [
  opt('18-25', '18-25'),
  opt('26-30', '26-30'),
  opt('31-35', '31-35'),
  opt('36-40', '36-40'),
  opt('40-45', '40-45'),
  noPref,
];
export const YES_NO_OPTIONS: Option[] = [opt('Yes', 'yes'), opt('No', 'no')];

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

/** Medical History checklist: chronic conditions the parent accepts in a donor. */
export const CHRONIC_OPTIONS: Option[] = [
  opt('No chronic conditions preferred', NO_CHRONIC_CONDITIONS),
  opt('Hypertension', 'hypertension'),
  opt('Diabetes I', 'diabetes_i'),
  opt('Diabetes II', 'diabetes_ii'),
  opt('High cholesterol', 'high_cholesterol'),
  opt('Cancer', 'cancer'),
  opt('Obesity', 'obesity'),
  opt('Autoimmune disease', 'autoimmune_disease'),
];

/** Genetic Screening Preferences: conditions the parent knows they carry (spec section 3's list). */
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

export const EDUCATION_OPTIONS: Option[] = [
  opt('High School', 'high_school'),
  opt('College', 'college'),
  opt('Master', 'masters'),
  opt('Doctorate', 'doctorate'),
  noPref,
];
/** Smoking and drugs: the most exposure the parent accepts. */
export const SMOKING_OPTIONS: Option[] = [
  opt('Never smoked', 'never'),
  opt('Former smoker is fine', 'former'),
  opt('Occasional is fine', 'occasional'),
  opt('Regular is fine', 'regular'),
  noPref,
];
export const DRUGS_OPTIONS: Option[] = [
  opt('Never used', 'never'),
  opt('Former use is fine', 'former'),
  opt('Occasional is fine', 'occasional'),
  opt('Regular is fine', 'regular'),
  noPref,
];
/** The least exercise the parent wants. */
export const EXERCISE_OPTIONS: Option[] = [
  opt('Any amount', 'none'),
  opt('At least occasionally', 'occasional'),
  opt('Regularly', 'regular'),
  opt('Daily', 'daily'),
  noPref,
];
export const RELIGION_OPTIONS: Option[] = [
  'Christianity',
  'Islam',
  'Hinduism',
  'Buddhism',
  'Judaism',
  'Sikhism',
  'Confucianism',
  'Jainism',
  'Shinto',
  'Spiritism',
  'Zoroastrianism',
  'Taoism',
]
  .map((label) => opt(label, label.toLowerCase()))
  .concat(noPref);

export const PREGNANCY_HISTORY_OPTIONS: Option[] = [
  opt('Must have a previous full-term pregnancy', 'yes'),
  opt('No preference', 'no'),
];
export const COMPLICATION_OPTIONS: Option[] = [
  opt('No previous pregnancy complications', 'no'),
  opt('Complications are acceptable', 'yes'),
];

/** Lifestyle and Values sliders: 0-100 in steps of 25 (spec section 9). */
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

/**
 * The one vocabulary of option values shared by donor records, preference sets, the engine and the web forms.
 * Spellings are the spec's stored spellings (sections 3 and 9): lowercase with underscores. The earlier backend
 * spelled donors and preferences differently, so some donors could never match; every value therefore lives here
 * once and everything else imports it.
 */
import { z } from 'zod';
import { EDUCATION_LEVELS, ETHNICITIES, RACES } from './constants.ts';

export { EDUCATION_LEVELS, ETHNICITIES, RACES };

/** The sentinel the wizard stores for "No Preference" in any list or single choice. */
export const NO_PREFERENCE = 'no_preference';

export const DONOR_TYPES = ['egg', 'sperm', 'surrogate'] as const;
export type DonorType = (typeof DONOR_TYPES)[number];

/** Anonymous, known, open identity at 18. Upper case is the spec's stored spelling for this one list. */
export const DISCLOSURES = ['ANON', 'KNOWN', 'OPEN'] as const;
export type Disclosure = (typeof DISCLOSURES)[number];

export const AVAILABILITY = ['available', 'reserved', 'unavailable'] as const;
export type Availability = (typeof AVAILABILITY)[number];

export type Race = (typeof RACES)[number];
export type Ethnicity = (typeof ETHNICITIES)[number];
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const HAIR_COLORS = ['black', 'brown', 'blonde', 'red'] as const;
export type HairColor = (typeof HAIR_COLORS)[number];

export const EYE_COLORS = ['blue', 'brown', 'green', 'hazel', 'grey', 'amber'] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

/** Inclusive bounds in inches, as offered by the wizard. */
export const HEIGHT_RANGES = ['60-65', '66-72', '73-77', '78-84'] as const;
export type HeightRange = (typeof HEIGHT_RANGES)[number];

/** Inclusive bounds in years. The spec's list really has 36-40 and 40-45 overlapping at 40; kept as written. */
export const AGE_RANGES = ['18-25', '26-30', '31-35', '36-40', '40-45'] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

/** Inclusive [min, max] of a height or age range value. */
export function rangeBounds(range: HeightRange | AgeRange): readonly [number, number] {
  const [lo, hi] = range.split('-');
  return [Number(lo), Number(hi)];
}

/** Religions a parent can prefer (the Values and Legal step). */
export const RELIGIONS = [
  'christianity',
  'islam',
  'hinduism',
  'buddhism',
  'judaism',
  'sikhism',
  'confucianism',
  'jainism',
  'shinto',
  'spiritism',
  'zoroastrianism',
  'taoism',
] as const;
export type Religion = (typeof RELIGIONS)[number];
/** Donors may state no religion; parents cannot prefer it because the wizard does not offer it. */
export const DONOR_RELIGIONS = [...RELIGIONS, 'none'] as const;
export type DonorReligion = (typeof DONOR_RELIGIONS)[number];

/**
 * Lifestyle scales are ordered from least to most exposure (or activity), so a preference can be read as
 * "at most" (smoking, drugs) or "at least" (exercise). The spec names the questions but not their options.
 */
export const SMOKING_HISTORY = ['never', 'former', 'occasional', 'regular'] as const;
export type SmokingHistory = (typeof SMOKING_HISTORY)[number];
export const RECREATIONAL_DRUGS = ['never', 'former', 'occasional', 'regular'] as const;
export type RecreationalDrugs = (typeof RECREATIONAL_DRUGS)[number];
export const EXERCISE_LEVELS = ['none', 'occasional', 'regular', 'daily'] as const;
export type ExerciseLevel = (typeof EXERCISE_LEVELS)[number];
export const ALCOHOL_USE = ['none', 'social', 'regular'] as const;
export type AlcoholUse = (typeof ALCOHOL_USE)[number];

export const BLOOD_GROUPS = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

/**
 * Carrier-screening conditions from spec section 3 after normalisation: BRCA1 and BRCA2 are one combined value,
 * alpha/beta thalassemia collapse to `thalassemia`, cystic fibrosis variants to `cystic_fibrosis`. Order is fixed:
 * the engine uses the position as a bit in 32-bit masks, so append only.
 */
export const GENETIC_CONDITIONS = [
  'cystic_fibrosis',
  'fragile_x_syndrome',
  'sickle_cell_disease',
  'tay_sachs_disease',
  'thalassemia',
  'turner_syndrome',
  'wilson_disease',
  'spinal_muscular_atrophy',
  'brca1_brca2',
  'a1_antitrypsin_deficiency',
  'hereditary_hemochromatosis',
  'congenital_adrenal_hyperplasia',
  'galactosemia',
  'phenylketonuria',
  'canavan_disease',
  'hemoglobin_c',
  'hemoglobin_e',
  'gaucher_disease',
  'bloom_syndrome',
  'fanconi_anemia_group_c',
  'glycogen_storage_disease_1a',
  'maple_syrup_urine_disease',
  'mucolipidosis_iv',
  'niemann_pick_a',
] as const;
export type GeneticCondition = (typeof GENETIC_CONDITIONS)[number];
/** The checklist's "None Known": clears every other choice. */
export const NONE_KNOWN = 'none_known';

/**
 * Conditions whose risk comes from the donor alone (X-linked, chromosomal, dominant cancer genes), so a
 * parent-donor pairing cannot make them safe or unsafe. Everything else on the panel is autosomal recessive.
 */
export const DONOR_SIDE_CONDITIONS = [
  'fragile_x_syndrome',
  'turner_syndrome',
  'brca1_brca2',
] as const satisfies readonly GeneticCondition[];

export const CHRONIC_CONDITIONS = [
  'hypertension',
  'diabetes_i',
  'diabetes_ii',
  'high_cholesterol',
  'cancer',
  'obesity',
  'autoimmune_disease',
] as const;
export type ChronicCondition = (typeof CHRONIC_CONDITIONS)[number];
/** The checklist's "No chronic conditions preferred": stored as a flag, never as a list item. */
export const NO_CHRONIC_CONDITIONS = 'no_chronic_conditions_preferred';

/** Preference categories, each scored 0-100 and weighted by the parent's importance settings. */
export const MATCH_CATEGORIES = ['demographic', 'medical_genetic', 'lifestyle_environment', 'values_legal'] as const;
export type MatchCategory = (typeof MATCH_CATEGORIES)[number];

/** Per-condition outcome of a parent-donor carrier check (domain notes, "Carrier screening"). */
export const CARRIER_STATUSES = ['compatible', 'unknown', 'high_risk', 'donor_risk'] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

/** Every hard filter a parent can relax; donor type is not one of them (it selects the catalogue). */
export const HARD_FILTER_IDS = [
  'availability',
  'family_limit',
  'race_dealbreaker',
  'ethnicity_dealbreaker',
  'hair_color_dealbreaker',
  'eye_color_dealbreaker',
  'height_dealbreaker',
  'age_dealbreaker',
  'chronic_conditions',
  'health_insurance',
  'previous_pregnancy',
  'pregnancy_complications',
  'carrier_high_risk',
] as const;
export type HardFilterId = (typeof HARD_FILTER_IDS)[number];

/**
 * Orders of the results page: best score first (ties: more preferences met, fresher medical update,
 * availability, family slots left, reference id); nearest first; most recent medical update first; lowest cost
 * estimate first (issue 29; donors without a price to compare last). The last three fall back to the score order
 * among equals.
 */
export const SORT_ORDERS = ['score', 'distance', 'medical_update', 'price'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Zod enums of the lists above, for request, import and response schemas. */
export const donorTypeSchema = z.enum(DONOR_TYPES);
export const disclosureSchema = z.enum(DISCLOSURES);
export const availabilitySchema = z.enum(AVAILABILITY);
export const raceSchema = z.enum(RACES);
export const ethnicitySchema = z.enum(ETHNICITIES);
export const hairColorSchema = z.enum(HAIR_COLORS);
export const eyeColorSchema = z.enum(EYE_COLORS);
export const educationLevelSchema = z.enum(EDUCATION_LEVELS);
export const donorReligionSchema = z.enum(DONOR_RELIGIONS);
export const smokingHistorySchema = z.enum(SMOKING_HISTORY);
export const recreationalDrugsSchema = z.enum(RECREATIONAL_DRUGS);
export const exerciseLevelSchema = z.enum(EXERCISE_LEVELS);
export const alcoholUseSchema = z.enum(ALCOHOL_USE);
export const bloodGroupSchema = z.enum(BLOOD_GROUPS);
export const geneticConditionSchema = z.enum(GENETIC_CONDITIONS);
export const chronicConditionSchema = z.enum(CHRONIC_CONDITIONS);
export const carrierStatusSchema = z.enum(CARRIER_STATUSES);
export const hardFilterIdSchema = z.enum(HARD_FILTER_IDS);
export const sortOrderSchema = z.enum(SORT_ORDERS);

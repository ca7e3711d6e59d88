/**
 * The preference set the wizard (and the realtime connection) sends, and its normalised form that the matching
 * engine reads. The raw schema is deliberately lenient (keys exactly as the spec spells them, every one optional,
 * strings or lists, booleans as "yes"/"no") because the documented client sends all of those shapes; all
 * interpretation happens once, in `normalizePreferences`, so the engine never sees a spelling variant.
 */
import { z } from 'zod';
import {
  AGE_RANGES,
  ALCOHOL_USE,
  CHRONIC_CONDITIONS,
  DONOR_TYPES,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EXERCISE_LEVELS,
  EYE_COLORS,
  GENETIC_CONDITIONS,
  HAIR_COLORS,
  HEIGHT_RANGES,
  NO_CHRONIC_CONDITIONS,
  NO_PREFERENCE,
  NONE_KNOWN,
  RACES,
  RECREATIONAL_DRUGS,
  RELIGIONS,
  SMOKING_HISTORY,
} from './vocabulary.ts';
import type {
  AgeRange,
  AlcoholUse,
  ChronicCondition,
  DonorType,
  EducationLevel,
  Ethnicity,
  ExerciseLevel,
  EyeColor,
  GeneticCondition,
  HairColor,
  HeightRange,
  MatchCategory,
  Race,
  RecreationalDrugs,
  Religion,
  SmokingHistory,
} from './vocabulary.ts';

/** Stored spelling of any client value: trimmed, lowercased, runs of other characters turned into one underscore. */
export function toToken(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A list may arrive as an array or as one comma-separated string. */
function toList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map(toToken).filter((t) => t !== '');
}

function parseBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  const t = toToken(value);
  if (t === 'true' || t === 'yes' || t === 'y' || t === '1') return true;
  if (t === 'false' || t === 'no' || t === 'n' || t === '0') return false;
  return null;
}

function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim().replace(/%$/, ''));
  return Number.isFinite(n) ? n : null;
}

/** Range tokens come out of toToken as "60_65" (or "60_to_65"); the stored spelling keeps the hyphen. */
const parseRange = (token: string) => token.replace(/^(\d+)_(?:to_)?(\d+)$/, '$1-$2');

/** Smoking and drug answers. "Yes" (a history is acceptable) means the highest level, i.e. any donor qualifies. */
const EXPOSURE_ALIASES = {
  no: 'never',
  false: 'never',
  none: 'never',
  non_smoker: 'never',
  nonsmoker: 'never',
  never_smoked: 'never',
  ex_smoker: 'former',
  quit: 'former',
  past: 'former',
  occasionally: 'occasional',
  social: 'occasional',
  socially: 'occasional',
  yes: 'regular',
  true: 'regular',
  smoker: 'regular',
};

/** Spellings seen from clients and banks, mapped to the stored spelling, per preference key. */
const ALIASES: Record<string, Record<string, string>> = {
  donor_type_preference: {
    egg_donor: 'egg',
    eggs: 'egg',
    sperm_donor: 'sperm',
    surrogate_mother: 'surrogate',
    gestational_surrogate: 'surrogate',
    gestational_carrier: 'surrogate',
  },
  preferred_races: {
    black: 'black_african',
    african: 'black_african',
    african_american: 'black_african',
    black_or_african_american: 'black_african',
    caucasian: 'white',
    mixed: 'mixed_race',
    multiracial: 'mixed_race',
    native_american: 'american_indian',
    american_indian_or_alaska_native: 'american_indian',
    native_hawaiian: 'pacific_islander',
    native_hawaiian_or_other_pacific_islander: 'pacific_islander',
  },
  preferred_ethnicities: {
    hispanic: 'hispanic_latino',
    latino: 'hispanic_latino',
    latina: 'hispanic_latino',
    hispanic_or_latino: 'hispanic_latino',
    not_hispanic: 'not_hispanic_latino',
    non_hispanic: 'not_hispanic_latino',
    non_hispanic_latino: 'not_hispanic_latino',
    not_hispanic_or_latino: 'not_hispanic_latino',
  },
  preferred_hair_colors: { blond: 'blonde', auburn: 'red', ginger: 'red', dark_brown: 'brown', light_brown: 'brown' },
  preferred_eye_colors: { gray: 'grey' },
  preferred_religions: {
    christian: 'christianity',
    muslim: 'islam',
    hindu: 'hinduism',
    buddhist: 'buddhism',
    jewish: 'judaism',
    sikh: 'sikhism',
    jain: 'jainism',
    taoist: 'taoism',
    zoroastrian: 'zoroastrianism',
    spiritist: 'spiritism',
    confucian: 'confucianism',
  },
  preferred_minimum_education: {
    master: 'masters',
    master_s: 'masters',
    masters_degree: 'masters',
    bachelor: 'college',
    bachelors: 'college',
    bachelor_s: 'college',
    phd: 'doctorate',
    doctoral: 'doctorate',
    highschool: 'high_school',
    high_school_diploma: 'high_school',
  },
  smoking_history_preference: EXPOSURE_ALIASES,
  recreational_drugs_preference: EXPOSURE_ALIASES,
  /** "Yes" (drinking is acceptable) means the highest level, as for smoking. */
  alcohol_use_preference: {
    no: 'none',
    false: 'none',
    never: 'none',
    no_alcohol: 'none',
    socially: 'social',
    occasional: 'social',
    occasionally: 'social',
    yes: 'regular',
    true: 'regular',
  },
  regular_exercise_preferred: {
    yes: 'regular',
    true: 'regular',
    weekly: 'regular',
    no: 'none',
    false: 'none',
    never: 'none',
    sometimes: 'occasional',
  },
  acceptable_chronic_conditions: {
    diabetes_1: 'diabetes_i',
    diabetes_type_1: 'diabetes_i',
    type_1_diabetes: 'diabetes_i',
    diabetes_type_i: 'diabetes_i',
    diabetes_2: 'diabetes_ii',
    diabetes_type_2: 'diabetes_ii',
    type_2_diabetes: 'diabetes_ii',
    diabetes_type_ii: 'diabetes_ii',
    familial_high_cholesterol: 'high_cholesterol',
    hypercholesterolemia: 'high_cholesterol',
    high_blood_pressure: 'hypertension',
    autoimmune: 'autoimmune_disease',
  },
  user_genetic_conditions: {
    fragile_x: 'fragile_x_syndrome',
    sickle_cell: 'sickle_cell_disease',
    tay_sachs: 'tay_sachs_disease',
    sma: 'spinal_muscular_atrophy',
    alpha_1_antitrypsin_deficiency: 'a1_antitrypsin_deficiency',
    a1at: 'a1_antitrypsin_deficiency',
    hemochromatosis: 'hereditary_hemochromatosis',
    cah: 'congenital_adrenal_hyperplasia',
    pku: 'phenylketonuria',
    canavan: 'canavan_disease',
    gaucher: 'gaucher_disease',
    bloom: 'bloom_syndrome',
    fanconi_anemia: 'fanconi_anemia_group_c',
    gsd1a: 'glycogen_storage_disease_1a',
    glycogen_storage_disease_type_1a: 'glycogen_storage_disease_1a',
    msud: 'maple_syrup_urine_disease',
    niemann_pick: 'niemann_pick_a',
    niemann_pick_disease_type_a: 'niemann_pick_a',
    turner: 'turner_syndrome',
    wilson: 'wilson_disease',
    wilsons_disease: 'wilson_disease',
    hemoglobin_c_disease: 'hemoglobin_c',
    hemoglobin_e_disease: 'hemoglobin_e',
    mucolipidosis_type_iv: 'mucolipidosis_iv',
  },
};

/** Bounded so a hostile client cannot make normalisation expensive (the realtime path runs it per message). */
const text = z.string().max(200);
const list = z.union([z.array(z.union([text, z.number()])).max(64), text, z.null()]).optional();
const flag = z.union([z.boolean(), text, z.number(), z.null()]).optional();
const num = z.union([z.number(), text, z.null()]).optional();
const str = z.union([text, z.null()]).optional();

/** The preference set as sent by the wizard or the realtime connection; unknown keys are dropped. */
export const rawPreferencesSchema = z.object({
  primary_zip_code: z.union([text, z.number(), z.null()]).optional(),
  current_country: str,
  donor_type_preference: str,
  /** The Demographic step's Yes/No answer; when sent, every dealbreaker flag except age follows it (spec 9). */
  dealbreakers: flag,
  race_dealbreaker: flag,
  ethnicity_dealbreaker: flag,
  hair_color_dealbreaker: flag,
  eye_color_dealbreaker: flag,
  height_dealbreaker: flag,
  age_dealbreaker: flag,
  race_no_preference: flag,
  ethnicity_no_preference: flag,
  hair_color_no_preference: flag,
  eye_color_no_preference: flag,
  height_no_preference: flag,
  age_no_preference: flag,
  religion_no_preference: flag,
  education_no_preference: flag,
  preferred_races: list,
  preferred_ethnicities: list,
  preferred_hair_colors: list,
  preferred_eye_colors: list,
  preferred_height_ranges: list,
  preferred_age_ranges: list,
  preferred_religions: list,
  user_genetic_conditions: list,
  userEducationLevel: str,
  preferred_minimum_education: str,
  smoking_history_preference: flag,
  recreational_drugs_preference: flag,
  /** Beyond the spec: the most alcohol use the parent accepts (ALCOHOL_USE); optional, absent in older sets. */
  alcohol_use_preference: flag,
  regular_exercise_preferred: flag,
  no_chronic_conditions_preferred: flag,
  acceptable_chronic_conditions: list,
  health_insurance_required: flag,
  previous_full_term_pregnancies_preferred: flag,
  pregnancy_complications_ok: flag,
  fertility_treatments_preference: str,
  /** What the parent wrote about their dealbreakers: kept with the set and shown on Review, never scored. */
  dealbreaker_details: z.union([z.string().max(500), z.null()]).optional(),
  lifestyle_environment_importance: num,
  medical_genetic_importance: num,
  values_legal_importance: num,
  importance_physical: num,
  importance_education: num,
  importance_medical: num,
  importance_personality: num,
  post_match_communication_importance: num,
});
export type RawPreferences = z.input<typeof rawPreferencesSchema>;

/** A list preference: `values` null means "any" (no_preference, nothing chosen, or nothing recognised). */
export type AttributePreference<T extends string> = { values: readonly T[] | null; dealbreaker: boolean };
export type GeoPoint = { lat: number; lon: number };

export type NormalizedPreferences = {
  donorType: DonorType | null;
  zipCode: string | null;
  country: string | null;
  /** Coordinates of the parent's location; geocoding the zip code is the caller's job. */
  origin: GeoPoint | null;
  race: AttributePreference<Race>;
  ethnicity: AttributePreference<Ethnicity>;
  hairColor: AttributePreference<HairColor>;
  eyeColor: AttributePreference<EyeColor>;
  height: AttributePreference<HeightRange>;
  age: AttributePreference<AgeRange>;
  religions: readonly Religion[] | null;
  minimumEducation: EducationLevel | null;
  /** Most smoking / drug exposure the parent accepts; null = any. */
  maxSmoking: SmokingHistory | null;
  maxRecreationalDrugs: RecreationalDrugs | null;
  /** Most alcohol use the parent accepts; null = any (also for sets saved before the question existed). */
  maxAlcohol: AlcoholUse | null;
  /** Least exercise the parent wants; null = any. */
  minExercise: ExerciseLevel | null;
  /** The parent's own known carrier conditions, collapsed and de-duplicated; empty for "None Known". */
  geneticConditions: readonly GeneticCondition[];
  noChronicConditionsPreferred: boolean;
  acceptableChronicConditions: readonly ChronicCondition[];
  /** Surrogate requirements. */
  healthInsuranceRequired: boolean;
  previousFullTermPregnancyRequired: boolean;
  pregnancyComplicationsOk: boolean;
  fertilityTreatments: string;
  /** Category importances on 0-100; education and personality fine-tune within a category when given. */
  importance: Record<MatchCategory, number> & { education: number | null; personality: number | null };
  /** 0-5: how much post-match contact with the donor matters; 0 when not asked or answered No. */
  postMatchCommunication: number;
  /** Values that were sent but are not in the vocabulary, so callers can report them instead of guessing. */
  unrecognized: readonly { key: string; value: string }[];
};

/** Forced submit defaults from spec section 9, applied when the client leaves a value out. */
export const PREFERENCE_DEFAULTS = {
  no_chronic_conditions_preferred: true,
  post_match_communication_importance: 5,
  lifestyle_environment_importance: 40,
  medical_genetic_importance: 35,
  fertility_treatments_preference: 'none',
  /** Slider defaults (spec 9): values 25; demographic has no slider of its own, so the neutral middle. */
  values_legal_importance: 25,
  importance_physical: 50,
} as const;

type Unrecognized = { key: string; value: string }[];

function pickOne<T extends string>(key: string, raw: unknown, allowed: readonly T[], bad: Unrecognized): T | null {
  const token = toToken(raw);
  if (token === '' || token === NO_PREFERENCE) return null;
  const value = ALIASES[key]?.[token] ?? token;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  bad.push({ key, value: String(raw) });
  return null;
}

/** Recognised values in vocabulary order, so the same choices in any click order normalise identically. */
function pickMany<T extends string>(
  key: string,
  raw: unknown,
  allowed: readonly T[],
  bad: Unrecognized,
  map: (token: string) => string = (t) => ALIASES[key]?.[t] ?? t,
): T[] {
  const chosen = new Set<string>();
  for (const item of toList(raw)) {
    const value = map(item);
    if ((allowed as readonly string[]).includes(value)) chosen.add(value);
    else bad.push({ key, value: item });
  }
  return allowed.filter((v) => chosen.has(v));
}

/** A list preference is "any" when no_preference is chosen, its X_no_preference flag is set, or nothing is left. */
function attribute<T extends string>(
  key: string,
  raw: unknown,
  noPref: unknown,
  dealbreaker: boolean,
  allowed: readonly T[],
  bad: Unrecognized,
  map?: (token: string) => string,
): AttributePreference<T> {
  const items = toList(raw);
  if (parseBool(noPref) === true || items.includes(NO_PREFERENCE)) return { values: null, dealbreaker: false };
  const values = pickMany(key, items, allowed, bad, map);
  return values.length === 0 ? { values: null, dealbreaker: false } : { values, dealbreaker };
}

/** Collapses the genetic checklist's spellings: BRCA1/BRCA2 → one value, thalassemia and CF variants → one name. */
export function collapseGeneticCondition(token: string): string {
  if (token.startsWith('brca')) return 'brca1_brca2';
  if (token.includes('thalass')) return 'thalassemia';
  if (token.includes('cystic_fibrosis') || token === 'cf' || token === 'cftr') return 'cystic_fibrosis';
  return ALIASES.user_genetic_conditions?.[token] ?? token;
}

const importance = (v: unknown, fallback: number, max = 100) => {
  const n = parseNumber(v);
  return n === null ? fallback : Math.min(max, Math.max(0, n));
};
const optionalImportance = (v: unknown) => (parseNumber(v) === null ? null : importance(v, 0));

/**
 * Turns a raw preference set into the engine's input following spec section 4: values trimmed, lowercased and
 * underscored; `no_preference` (in a list or as an X_no_preference flag) means "any"; None Known and "no chronic
 * conditions preferred" never appear as list items; BRCA1+BRCA2, thalassemia and cystic fibrosis variants are
 * collapsed; the section 9 submit defaults fill what was left out; a dealbreaker counts only for an attribute
 * that has a preference. Pure and total: unknown values are dropped and listed in `unrecognized`.
 */
export function normalizePreferences(
  raw: RawPreferences,
  options: { origin?: GeoPoint | null } = {},
): NormalizedPreferences {
  const bad: Unrecognized = [];
  const answer = parseBool(raw.dealbreakers);
  const dealbreaker = (own: unknown) => answer ?? parseBool(own) ?? false;
  const chronicItems = toList(raw.acceptable_chronic_conditions);
  const zip = raw.primary_zip_code == null ? '' : String(raw.primary_zip_code).trim();
  const country = raw.current_country?.trim() ?? '';
  return {
    donorType: pickOne('donor_type_preference', raw.donor_type_preference, DONOR_TYPES, bad),
    zipCode: zip === '' ? null : zip,
    country: country === '' ? null : country.toUpperCase(),
    origin: options.origin ?? null,
    race: attribute(
      'preferred_races',
      raw.preferred_races,
      raw.race_no_preference,
      dealbreaker(raw.race_dealbreaker),
      RACES,
      bad,
    ),
    ethnicity: attribute(
      'preferred_ethnicities',
      raw.preferred_ethnicities,
      raw.ethnicity_no_preference,
      dealbreaker(raw.ethnicity_dealbreaker),
      ETHNICITIES,
      bad,
    ),
    hairColor: attribute(
      'preferred_hair_colors',
      raw.preferred_hair_colors,
      raw.hair_color_no_preference,
      dealbreaker(raw.hair_color_dealbreaker),
      HAIR_COLORS,
      bad,
    ),
    eyeColor: attribute(
      'preferred_eye_colors',
      raw.preferred_eye_colors,
      raw.eye_color_no_preference,
      dealbreaker(raw.eye_color_dealbreaker),
      EYE_COLORS,
      bad,
    ),
    height: attribute(
      'preferred_height_ranges',
      raw.preferred_height_ranges,
      raw.height_no_preference,
      dealbreaker(raw.height_dealbreaker),
      HEIGHT_RANGES,
      bad,
      parseRange,
    ),
    // The age flag is the one dealbreaker that does not follow the Yes/No answer (spec 9).
    age: attribute(
      'preferred_age_ranges',
      raw.preferred_age_ranges,
      raw.age_no_preference,
      parseBool(raw.age_dealbreaker) ?? false,
      AGE_RANGES,
      bad,
      parseRange,
    ),
    religions: attribute(
      'preferred_religions',
      raw.preferred_religions,
      raw.religion_no_preference,
      false,
      RELIGIONS,
      bad,
    ).values,
    // Some client versions store the Lifestyle step's education choice as userEducationLevel only.
    minimumEducation:
      parseBool(raw.education_no_preference) === true
        ? null
        : pickOne(
            'preferred_minimum_education',
            raw.preferred_minimum_education ?? raw.userEducationLevel,
            EDUCATION_LEVELS,
            bad,
          ),
    maxSmoking: pickOne('smoking_history_preference', raw.smoking_history_preference, SMOKING_HISTORY, bad),
    maxRecreationalDrugs: pickOne(
      'recreational_drugs_preference',
      raw.recreational_drugs_preference,
      RECREATIONAL_DRUGS,
      bad,
    ),
    maxAlcohol: pickOne('alcohol_use_preference', raw.alcohol_use_preference, ALCOHOL_USE, bad),
    minExercise: pickOne('regular_exercise_preferred', raw.regular_exercise_preferred, EXERCISE_LEVELS, bad),
    geneticConditions: pickMany(
      'user_genetic_conditions',
      toList(raw.user_genetic_conditions).filter((t) => t !== NONE_KNOWN),
      GENETIC_CONDITIONS,
      bad,
      collapseGeneticCondition,
    ),
    noChronicConditionsPreferred:
      chronicItems.includes(NO_CHRONIC_CONDITIONS) ||
      (parseBool(raw.no_chronic_conditions_preferred) ?? PREFERENCE_DEFAULTS.no_chronic_conditions_preferred),
    acceptableChronicConditions: pickMany(
      'acceptable_chronic_conditions',
      chronicItems.filter((t) => t !== NO_CHRONIC_CONDITIONS),
      CHRONIC_CONDITIONS,
      bad,
    ),
    healthInsuranceRequired: parseBool(raw.health_insurance_required) ?? false,
    previousFullTermPregnancyRequired: parseBool(raw.previous_full_term_pregnancies_preferred) ?? false,
    pregnancyComplicationsOk: parseBool(raw.pregnancy_complications_ok) ?? true,
    fertilityTreatments:
      toToken(raw.fertility_treatments_preference) || PREFERENCE_DEFAULTS.fertility_treatments_preference,
    importance: {
      demographic: importance(raw.importance_physical, PREFERENCE_DEFAULTS.importance_physical),
      medical_genetic: importance(
        raw.medical_genetic_importance ?? raw.importance_medical,
        PREFERENCE_DEFAULTS.medical_genetic_importance,
      ),
      lifestyle_environment: importance(
        raw.lifestyle_environment_importance,
        PREFERENCE_DEFAULTS.lifestyle_environment_importance,
      ),
      values_legal: importance(raw.values_legal_importance, PREFERENCE_DEFAULTS.values_legal_importance),
      education: optionalImportance(raw.importance_education),
      personality: optionalImportance(raw.importance_personality),
    },
    // Missing means not asked (or skipped): 0, so disclosure moves no donor. The spec's forced 5 is what the
    // wizard sends for a Yes (ADR 007); applying it to a missing value ranked every known donor first.
    postMatchCommunication: importance(raw.post_match_communication_importance, 0, 5),
    unrecognized: bad,
  };
}

/** Validates unknown input (an HTTP body or a WebSocket message) and normalises it in one step. */
export function parsePreferences(
  input: unknown,
  options: { origin?: GeoPoint | null } = {},
): { success: true; data: NormalizedPreferences } | { success: false; error: z.ZodError } {
  const parsed = rawPreferencesSchema.safeParse(input);
  return parsed.success
    ? { success: true, data: normalizePreferences(parsed.data, options) }
    : { success: false, error: parsed.error };
}

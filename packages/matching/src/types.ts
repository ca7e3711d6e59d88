/**
 * Types of the matching engine: the donor record it indexes and the results it returns. Donor attribute values
 * use the shared vocabulary's stored spellings; `null` means "not stated", which the engine never treats as a
 * match for a dealbreaker and scores as neutral elsewhere.
 */
import type { DonorGeneResult, PairingReportEntry } from '@kindred/shared/genetics';
import type {
  AlcoholUse,
  Availability,
  BloodGroup,
  CarrierStatus,
  ChronicCondition,
  Disclosure,
  DonorReligion,
  DonorType,
  EducationLevel,
  Ethnicity,
  ExerciseLevel,
  EyeColor,
  GeneticCondition,
  HairColor,
  MatchCategory,
  Race,
  RecreationalDrugs,
  SmokingHistory,
} from '@kindred/shared/vocabulary';
import { HARD_FILTER_IDS, SORT_ORDERS } from '@kindred/shared/vocabulary';
import type { HardFilterId, SortOrder } from '@kindred/shared/vocabulary';

export { HARD_FILTER_IDS, SORT_ORDERS };
export type { HardFilterId, SortOrder };

/** One condition on a donor's carrier panel. `carrier` without `tested` is read as tested (a result exists). */
export type CarrierResult = { tested: boolean; carrier: boolean };

export type DonorLocation = {
  city: string;
  state: string;
  country: string;
  zip: string | null;
  lat: number;
  lon: number;
};

/** Fields that only gestational surrogates have. */
export type SurrogateDetails = {
  previous_full_term_pregnancies: number;
  pregnancy_complications: boolean;
  health_insurance_covers_pregnancy: boolean;
  bmi: number;
  max_embryos_per_transfer: 1 | 2;
  open_to_selective_reduction: boolean;
};

/** An illustrated, generated avatar: never a photo of a real person. Render with `avatarSvg`. */
export type AvatarDescriptor = {
  style: 'geometric';
  background: string;
  accent: string;
  shape: 'circle' | 'hexagon' | 'leaf' | 'wave';
  initials: string;
};

export type Donor = {
  /** Public id shown to parents, e.g. KSBSP012345; also the deterministic tie-break. */
  reference_id: string;
  /** The partner bank's own id: what imports are idempotent by. */
  bank_donor_id: string;
  clinic_reference_id: string;
  bank_name: string;
  donor_type: DonorType;
  disclosure: Disclosure;
  availability: Availability;
  family_limit: number;
  families_so_far: number;
  /** ISO date (YYYY-MM-DD). */
  last_medical_update: string;
  /** Internal only; never shown to parents for anonymous donors. */
  display_name: string;
  is_fictional: boolean;
  date_of_birth: string;
  height_in: number | null;
  weight_lb: number | null;
  race: Race | null;
  ethnicity: Ethnicity | null;
  hair_color: HairColor | null;
  eye_color: EyeColor | null;
  blood_group: BloodGroup | null;
  location: DonorLocation | null;
  education: EducationLevel | null;
  occupation: string;
  religion: DonorReligion | null;
  languages: string[];
  smoking: SmokingHistory | null;
  recreational_drugs: RecreationalDrugs | null;
  alcohol: AlcoholUse | null;
  exercise: ExerciseLevel | null;
  chronic_conditions: ChronicCondition[];
  family_medical_history: string[];
  carrier_screening: Partial<Record<GeneticCondition, CarrierResult>>;
  /**
   * Per-gene results (issue 24). A gene listed here overrides what `carrier_screening` says of it; the condition
   * names still count, as aliases, for the genes not listed.
   */
  genes?: DonorGeneResult[];
  surrogate: SurrogateDetails | null;
  personality: string[];
  interests: string[];
  essay: string;
  avatar: AvatarDescriptor;
};

/** The fields of a donor record the index encodes, besides the carrier panel; the rest is shown, never ranked. */
export type IndexedFields = Pick<
  Donor,
  | 'clinic_reference_id'
  | 'donor_type'
  | 'disclosure'
  | 'availability'
  | 'family_limit'
  | 'families_so_far'
  | 'last_medical_update'
  | 'date_of_birth'
  | 'height_in'
  | 'race'
  | 'ethnicity'
  | 'hair_color'
  | 'eye_color'
  | 'education'
  | 'religion'
  | 'smoking'
  | 'recreational_drugs'
  | 'alcohol'
  | 'exercise'
  | 'chronic_conditions'
  | 'surrogate'
> & { location: Pick<DonorLocation, 'lat' | 'lon'> | null };

/**
 * What the index reads of a donor, compact enough for a store to keep beside the record and hand over at start
 * instead of it: the indexed fields, and the carrier panel as two lists of condition names, those with a result
 * (tested, or found a carrier) and those found. Null lists read as empty. Per-gene results come as the record
 * has them (`genes`), or as gene tokens in the two lists (`geneTokensOf` in @kindred/shared/genetics).
 */
export type IndexSource = IndexedFields & {
  carrier_tested: readonly string[] | null;
  carrier_found: readonly string[] | null;
  /** The record's per-gene results, as stored (issue 24); they override the condition names for their genes. */
  genes?: readonly DonorGeneResult[] | null;
  /**
   * The donor's bank (issue 29): a column of the donors table beside the source, not in donors.index_source; the
   * store hands it over with the source.
   */
  bank_name?: string;
};

/** Every soft factor the engine can score, in the fixed order scores are summed in. */
export const FACTOR_IDS = [
  'race',
  'ethnicity',
  'hair_color',
  'eye_color',
  'height',
  'age',
  'location',
  'carrier_screening',
  'donor_genetic_risk',
  'chronic_conditions',
  'pregnancy_history',
  'pregnancy_complications',
  'bmi',
  'education',
  'smoking',
  'recreational_drugs',
  'alcohol',
  'exercise',
  'religion',
  'post_match_communication',
  'health_insurance',
] as const;
export type FactorId = (typeof FACTOR_IDS)[number];

export type CategoryScores = Record<MatchCategory, number>;

/**
 * One factor's part in a donor's score: `score` 0-100, `weight` its share of the overall score in percent,
 * `points` what it added (weight × score / 100) and `met` whether the donor fully meets it. The points of all
 * factors add up to the overall percentage (each rounded to one decimal).
 */
export type FactorResult = {
  factor: FactorId;
  category: MatchCategory;
  score: number;
  weight: number;
  points: number;
  met: boolean;
  /** False for the engine's own judgements (donor-side genetic risk, a surrogate's BMI): not a parent's answer. */
  stated: boolean;
};

export type CarrierReportEntry = { condition: GeneticCondition; status: CarrierStatus };

export type ExplanationSentence = { text: string; factor: FactorId };

export type Explanation = {
  /** At most 50 words (spec section 9). */
  summary: string;
  /** The factors the summary mentions, in order. */
  summary_factors: FactorId[];
  sentences: ExplanationSentence[];
};

export type Match = {
  donor_reference_id: string;
  clinic_reference_id: string;
  donor_type: DonorType;
  disclosure: Disclosure;
  overall_match_percentage: number;
  /** The overall percentage rounded to a whole number, for the score badge. */
  match_percentage: number;
  category_scores: CategoryScores;
  /** Category weights used, in percent (sums to 100). */
  category_weights: CategoryScores;
  matched_attributes_summary: string[];
  ai_explanation: string;
  explanation: Explanation;
  carrier_report: CarrierReportEntry[];
  /**
   * The per-gene pairing report (issue 24): at-risk pairs first, then findings, untested genes, the rest. Empty for
   * surrogates.
   */
  genetics_report: PairingReportEntry[];
  /** True when the donor shares a carrier condition with the parent and is shown only because of `showFlagged`. */
  flagged: boolean;
  /** Stated preferences the donor misses (score below full), worst first: each is named in the explanation. */
  missed: FactorId[];
  /**
   * Stated preferences the donor misses in a category the parent marked not important (importance 0): named in
   * the explanation as not counted, worth no points.
   */
  missed_not_counted: FactorId[];
  /** Conditions the parent carries that this donor was not tested for: never summarised as compatible. */
  not_tested_for: GeneticCondition[];
  /** How many of the parent's stated preferences the donor fully meets (the first tie-break). */
  preferences_met: number;
  /** Great-circle distance from the parent in whole km; null when either location is unknown. */
  distance_km: number | null;
  last_medical_update: string;
  availability: Availability;
  /**
   * In a list sorted by score, why this donor sits where it does when its shown score equals a neighbour's
   * ("Same score: more recent medical update"); null otherwise, and outside a ranked list.
   */
  tie_note: string | null;
  factors: FactorResult[];
};

/**
 * Narrowing the parent's passing set on the results page, without changing the saved preferences. Bounds are
 * inclusive; a donor whose value is not stated fails a bound on that value. `includeReserved` is the one
 * widening: donors on hold for another family are shown too (ranked after available ones at equal score).
 */
export type Refinement = {
  ageMin?: number;
  ageMax?: number;
  heightMin?: number;
  heightMax?: number;
  minEducation?: EducationLevel;
  maxDistanceKm?: number;
  disclosure?: readonly Disclosure[];
  includeReserved?: boolean;
  /** At most this estimated cost (minor units, `RankOptions.cost`); a donor without a cost fails it (issue 29). */
  maxCost?: number;
};

/**
 * The estimated cost of the parent's plan at each bank (issue 29), in minor units of one currency, by bank name
 * (donors.bank_name). A bank that is absent has no price to compare (no price list, or one in another currency):
 * its donors sort last on price and fail a maximum. Computed by the caller with the shared estimate function.
 */
export type CostByBank = Readonly<Record<string, number>>;

export type RankOptions = {
  limit?: number;
  offset?: number;
  showFlagged?: boolean;
  sort?: SortOrder;
  refine?: Refinement;
  /** Hard filters to leave out for this ranking only (a "re-run without it" preview). */
  relax?: readonly HardFilterId[];
  /** Needed by `sort: 'price'` and `refine.maxCost`. */
  cost?: CostByBank;
};
/** `total`: donors ranked (after a refinement); `passing`: the parent's passing set before it. */
export type RankResult = { total: number; passing: number; matches: Match[] };

export type Counterfactual = {
  filter: HardFilterId;
  /** Donors that fail only this filter, so relaxing it alone would add exactly these. */
  additional_matches: number;
  best_overall_match_percentage: number | null;
  best_donor_reference_id: string | null;
};

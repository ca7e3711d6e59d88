/**
 * The soft factors: how much each one weighs for a preference set and how well a donor's attribute code scores
 * (0-1). Score functions take the small integer codes of `codes.ts`, so a query can evaluate each function once
 * per possible code into a lookup table (see `score.ts`) instead of once per donor.
 */
import {
  AGE_RANGES,
  ALCOHOL_USE,
  DONOR_RELIGIONS,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EXERCISE_LEVELS,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHT_RANGES,
  RACES,
  RECREATIONAL_DRUGS,
  SMOKING_HISTORY,
  rangeBounds,
} from '@kindred/shared/vocabulary';
import type { AgeRange, DonorType, HeightRange, MatchCategory } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { HIGH_RISK_KEY, carrierKey } from './carrier.ts';
import type { ParentCarrier } from './carrier.ts';
import { decode, distanceCode, popcount } from './codes.ts';
import type { DonorCodes, UnitVector } from './codes.ts';
import type { FactorId } from './types.ts';

export type QueryContext = {
  prefs: NormalizedPreferences;
  type: DonorType;
  origin: UnitVector | null;
  parent: ParentCarrier;
};

export type FactorSpec = {
  id: FactorId;
  category: MatchCategory;
  /** Size of the code domain; 0 for a factor computed per donor (location). */
  domain: number;
  /** Relative weight inside its category for this query; 0 turns the factor off. */
  weight: (q: QueryContext) => number;
  score: (code: number, q: QueryContext) => number;
  code: (c: DonorCodes, q: QueryContext) => number;
  /**
   * False for the engine's own judgements (a gamete donor's donor-side genetic risk, a surrogate's BMI): they
   * move the score but are not one of the parent's answers, so they earn no chip and count in no tie-break.
   */
  stated?: false;
  /**
   * For a factor whose own importance can be 0 (education): whether the parent answered it anyway, so a miss is
   * still named (as not counted) though it weighs nothing.
   */
  asked?: (q: QueryContext) => boolean;
};

/** An attribute the donor did not state counts neither for nor against. */
export const NEUTRAL = 0.5;

/** BMI band commonly required of gestational carriers. */
export const BMI_RANGE = [19, 32] as const;

/**
 * Colours are a spectrum, and the earlier backend's exact string comparison was a known failure: near colours
 * earn partial credit. Unlisted pairs score 0.
 */
const NEAR: Record<string, number> = {
  'black|brown': 0.5,
  'blonde|brown': 0.4,
  'blonde|red': 0.3,
  'brown|red': 0.3,
  'green|hazel': 0.5,
  'brown|hazel': 0.5,
  'amber|brown': 0.5,
  'amber|hazel': 0.5,
  'blue|grey': 0.6,
  'blue|green': 0.3,
  'green|grey': 0.3,
};
const nearness = (a: string, b: string) => NEAR[a < b ? `${a}|${b}` : `${b}|${a}`] ?? 0;

function inList<T extends string>(list: readonly T[], values: readonly T[] | null, code: number, near = false): number {
  const v = decode(code, list);
  if (v === null || values === null) return NEUTRAL;
  if (values.includes(v)) return 1;
  return near ? Math.max(0, ...values.map((p) => nearness(v, p))) : 0;
}

/** Parsed once: score tables evaluate range gaps hundreds of times per query. */
const BOUNDS = new Map<string, readonly [number, number]>(
  [...HEIGHT_RANGES, ...AGE_RANGES].map((r) => [r, rangeBounds(r)]),
);

/** Distance in years or inches from the nearest preferred range; 0 inside one. */
export function rangeGap(value: number, ranges: readonly (HeightRange | AgeRange)[]): number {
  let gap = Infinity;
  for (const r of ranges) {
    const [lo, hi] = BOUNDS.get(r)!;
    gap = Math.min(gap, value < lo ? lo - value : value > hi ? value - hi : 0);
  }
  return gap;
}
/** 1 inside a preferred range, fading to 0 at `slack` units outside it. */
const inRanges = (code: number, ranges: readonly (HeightRange | AgeRange)[] | null, slack: number) =>
  code === 0 || ranges === null ? NEUTRAL : Math.max(0, 1 - rangeGap(code, ranges) / slack);

/** Ordered scales: `gap` levels past the acceptable bound lose `step` each. */
function ordinal<T extends string>(
  list: readonly T[],
  code: number,
  bound: T | null,
  dir: 'max' | 'min',
  step: number,
): number {
  if (code === 0 || bound === null) return NEUTRAL;
  const gap = dir === 'max' ? code - 1 - list.indexOf(bound) : list.indexOf(bound) - (code - 1);
  return gap <= 0 ? 1 : Math.max(0, 1 - step * gap);
}

/** Distance within which a donor counts as local (full credit): a drive for a surrogate, a metro area for gametes. */
export const LOCAL_KM = { surrogate: 100, gametes: 50 } as const;
/** Egg and sperm donors: the distance at which the credit reaches its floor, and the floor (ADR 009). */
export const GAMETE_FAR_KM = 5000;
export const GAMETE_FLOOR = 0.5;
/** Surrogates: the distance at which the credit reaches 0. */
export const SURROGATE_ZERO_KM = 1500;
const GAMETE_LOG_SPAN = Math.log(GAMETE_FAR_KM / LOCAL_KM.gametes);

/**
 * A surrogate must travel for appointments and delivery, so distance weighs heavily and fades over ~1,500 km.
 * Eggs and sperm are shipped, so distance only nudges the order, but it does nudge it (issue 24: 8 km must beat
 * 474 km): full credit within 50 km, then falling with the logarithm of the distance (each doubling costs the
 * same) to half credit at 5,000 km and beyond.
 */
export function locationScore(km: number, type: DonorType): number {
  if (km < 0) return NEUTRAL;
  if (type === 'surrogate') {
    return km <= LOCAL_KM.surrogate
      ? 1
      : Math.max(0, 1 - (km - LOCAL_KM.surrogate) / (SURROGATE_ZERO_KM - LOCAL_KM.surrogate));
  }
  if (km <= LOCAL_KM.gametes) return 1;
  if (km >= GAMETE_FAR_KM) return GAMETE_FLOOR;
  return 1 - ((1 - GAMETE_FLOOR) * Math.log(km / LOCAL_KM.gametes)) / GAMETE_LOG_SPAN;
}

/** Only when the parent is looking for a surrogate and `asked` holds: an unasked question moves no donor. */
const surrogateWhen = (w: number, asked: (q: QueryContext) => boolean) => (q: QueryContext) =>
  q.type === 'surrogate' && asked(q) ? w : 0;
/** Carrier screening and donor-side risks concern the child's genes, which a gestational surrogate does not give. */
const geneticOnly = (w: number) => (q: QueryContext) => (q.type === 'surrogate' ? 0 : w);

/** Every factor in FACTOR_IDS order; the hot loop in `scan.ts` sums them in exactly this order. */
export const FACTORS: readonly FactorSpec[] = [
  {
    id: 'race',
    category: 'demographic',
    domain: RACES.length + 1,
    weight: (q) => (q.prefs.race.values ? 1 : 0),
    score: (k, q) => inList(RACES, q.prefs.race.values, k),
    code: (c) => c.race,
  },
  {
    id: 'ethnicity',
    category: 'demographic',
    domain: ETHNICITIES.length + 1,
    weight: (q) => (q.prefs.ethnicity.values ? 1 : 0),
    score: (k, q) => inList(ETHNICITIES, q.prefs.ethnicity.values, k),
    code: (c) => c.ethnicity,
  },
  {
    id: 'hair_color',
    category: 'demographic',
    domain: HAIR_COLORS.length + 1,
    weight: (q) => (q.prefs.hairColor.values ? 0.6 : 0),
    score: (k, q) => inList(HAIR_COLORS, q.prefs.hairColor.values, k, true),
    code: (c) => c.hair,
  },
  {
    id: 'eye_color',
    category: 'demographic',
    domain: EYE_COLORS.length + 1,
    weight: (q) => (q.prefs.eyeColor.values ? 0.6 : 0),
    score: (k, q) => inList(EYE_COLORS, q.prefs.eyeColor.values, k, true),
    code: (c) => c.eye,
  },
  {
    id: 'height',
    category: 'demographic',
    domain: 256,
    weight: (q) => (q.prefs.height.values ? 0.8 : 0),
    score: (k, q) => inRanges(k, q.prefs.height.values, 4),
    code: (c) => c.height,
  },
  {
    id: 'age',
    category: 'demographic',
    domain: 256,
    weight: (q) => (q.prefs.age.values ? 1 : 0),
    score: (k, q) => inRanges(k, q.prefs.age.values, 5),
    code: (c) => c.age,
  },
  {
    id: 'location',
    category: 'demographic',
    domain: 0,
    weight: (q) => (q.origin === null ? 0 : q.type === 'surrogate' ? 2.5 : 0.4),
    score: (k, q) => locationScore(k, q.type),
    code: (c, q) => (q.origin === null ? -1 : distanceCode(c.x, c.y, c.z, q.origin)),
  },
  {
    id: 'carrier_screening',
    category: 'medical_genetic',
    domain: HIGH_RISK_KEY + 1,
    weight: (q) => (q.parent.recessiveCount > 0 ? geneticOnly(3)(q) : 0),
    // An untested condition keeps a quarter of the credit: unknown is never a pass, but not a shared carrier either.
    score: (k, q) => (k === HIGH_RISK_KEY ? 0 : Math.max(0, 1 - (0.75 * k) / Math.max(1, q.parent.recessiveCount))),
    code: (c, q) => carrierKey(q.parent, c.tested, c.carrier, c.gClass),
  },
  {
    id: 'donor_genetic_risk',
    category: 'medical_genetic',
    domain: 2,
    weight: geneticOnly(1),
    stated: false,
    score: (k) => (k === 0 ? 1 : 0.2),
    code: (c) => c.geneRisk,
  },
  {
    id: 'chronic_conditions',
    category: 'medical_genetic',
    domain: 128,
    weight: (q) => (q.prefs.noChronicConditionsPreferred ? 1 : 0),
    score: (k) => (k === 0 ? 1 : Math.max(0, 0.6 - 0.2 * (popcount(k) - 1))),
    code: (c) => c.chronic,
  },
  // The parent asked for at least one previous full-term pregnancy: met or not, however many there were.
  {
    id: 'pregnancy_history',
    category: 'medical_genetic',
    domain: 256,
    weight: surrogateWhen(1.5, (q) => q.prefs.previousFullTermPregnancyRequired),
    score: (k) => (k === 0 ? NEUTRAL : k > 1 ? 1 : 0),
    code: (c) => c.pregnancies,
  },
  {
    id: 'pregnancy_complications',
    category: 'medical_genetic',
    domain: 3,
    weight: surrogateWhen(1, (q) => !q.prefs.pregnancyComplicationsOk),
    score: (k) => [NEUTRAL, 1, 0.3][k] ?? NEUTRAL,
    code: (c) => c.complications,
  },
  // BMI 19-32 is a clinical eligibility band for carrying a pregnancy, not a question the parent answers.
  {
    id: 'bmi',
    category: 'medical_genetic',
    domain: 1024,
    weight: surrogateWhen(0.5, () => true),
    stated: false,
    score: (k) => {
      if (k === 0) return NEUTRAL;
      const bmi = k / 10;
      const gap = bmi < BMI_RANGE[0] ? BMI_RANGE[0] - bmi : bmi > BMI_RANGE[1] ? bmi - BMI_RANGE[1] : 0;
      return Math.max(0, 1 - gap / 5);
    },
    code: (c) => c.bmi,
  },
  {
    id: 'education',
    category: 'lifestyle_environment',
    domain: EDUCATION_LEVELS.length + 1,
    weight: (q) => (q.prefs.minimumEducation === null ? 0 : Math.min(2, (q.prefs.importance.education ?? 50) / 50)),
    asked: (q) => q.prefs.minimumEducation !== null,
    score: (k, q) => ordinal(EDUCATION_LEVELS, k, q.prefs.minimumEducation, 'min', 0.35),
    code: (c) => c.education,
  },
  {
    id: 'smoking',
    category: 'lifestyle_environment',
    domain: SMOKING_HISTORY.length + 1,
    weight: (q) => (q.prefs.maxSmoking ? 1 : 0),
    score: (k, q) => ordinal(SMOKING_HISTORY, k, q.prefs.maxSmoking, 'max', 0.4),
    code: (c) => c.smoking,
  },
  {
    id: 'recreational_drugs',
    category: 'lifestyle_environment',
    domain: RECREATIONAL_DRUGS.length + 1,
    weight: (q) => (q.prefs.maxRecreationalDrugs ? 1 : 0),
    score: (k, q) => ordinal(RECREATIONAL_DRUGS, k, q.prefs.maxRecreationalDrugs, 'max', 0.4),
    code: (c) => c.drugs,
  },
  // Scored like smoking: the most alcohol use the parent accepts (none, social, regular).
  {
    id: 'alcohol',
    category: 'lifestyle_environment',
    domain: ALCOHOL_USE.length + 1,
    weight: (q) => (q.prefs.maxAlcohol ? 1 : 0),
    score: (k, q) => ordinal(ALCOHOL_USE, k, q.prefs.maxAlcohol, 'max', 0.4),
    code: (c) => c.alcohol,
  },
  {
    id: 'exercise',
    category: 'lifestyle_environment',
    domain: EXERCISE_LEVELS.length + 1,
    weight: (q) => (q.prefs.minExercise ? 0.6 : 0),
    score: (k, q) => ordinal(EXERCISE_LEVELS, k, q.prefs.minExercise, 'min', 0.35),
    code: (c) => c.exercise,
  },
  {
    id: 'religion',
    category: 'values_legal',
    domain: DONOR_RELIGIONS.length + 1,
    weight: (q) => (q.prefs.religions ? 1 : 0),
    score: (k, q) => inList<string>(DONOR_RELIGIONS, q.prefs.religions, k),
    code: (c) => c.religion,
  },
  {
    id: 'post_match_communication',
    category: 'values_legal',
    domain: 4,
    // 0 when the parent skipped the question or answered No: disclosure then moves no donor.
    weight: (q) => q.prefs.postMatchCommunication / 5,
    // ANON, KNOWN, OPEN: a known donor allows contact now, an open-identity one when the child turns 18.
    score: (k) => [NEUTRAL, 0.1, 1, 0.7][k] ?? NEUTRAL,
    code: (c) => c.disclosure,
  },
  {
    id: 'health_insurance',
    category: 'values_legal',
    domain: 3,
    weight: surrogateWhen(0.75, (q) => q.prefs.healthInsuranceRequired),
    score: (k) => [NEUTRAL, 1, 0.3][k] ?? NEUTRAL,
    code: (c) => c.insurance,
  },
];

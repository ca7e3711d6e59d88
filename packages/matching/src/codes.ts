/**
 * Small integer codes for donor attributes. The index stores these in typed arrays and the straightforward
 * reference path derives the same codes from donor objects, so both score with identical arithmetic. Code 0 is
 * always "not stated".
 */
import {
  ALCOHOL_USE,
  AVAILABILITY,
  CHRONIC_CONDITIONS,
  DISCLOSURES,
  DONOR_RELIGIONS,
  DONOR_SIDE_CONDITIONS,
  DONOR_TYPES,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EXERCISE_LEVELS,
  EYE_COLORS,
  GENETIC_CONDITIONS,
  HAIR_COLORS,
  RACES,
  RECREATIONAL_DRUGS,
  SMOKING_HISTORY,
} from '@kindred/shared/vocabulary';
import type { GeneticCondition } from '@kindred/shared/vocabulary';
import type { Donor, IndexedFields, IndexSource } from './types.ts';

/** Code of a vocabulary value: its position + 1, or 0 for null or a value outside the list. */
export function encode<T extends string>(value: T | null | undefined, list: readonly T[]): number {
  return value == null ? 0 : list.indexOf(value) + 1;
}

/** Inverse of `encode`; null for 0. */
export function decode<T extends string>(code: number, list: readonly T[]): T | null {
  return code > 0 ? (list[code - 1] ?? null) : null;
}

/** Parses YYYY-MM-DD without allocating (the index build calls this 10^5 times); NaN when malformed. */
function ymd(iso: string): number {
  if (iso.length < 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return NaN;
  let v = 0;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const digit = iso.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    v = v * 10 + digit;
  }
  return v;
}

/** Days since 1970-01-01 of a civil date (Hinnant's algorithm): integer maths, no Date objects. */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** ISO date (YYYY-MM-DD) of a count of days since 1970-01-01; the inverse of `daysFromCivil`. */
export function civilFromDays(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Days since 1970-01-01 of an ISO date, clamped to 1..65535 (fits a Uint16 column); 0 when malformed. */
export function dayCode(iso: string): number {
  const v = ymd(iso);
  if (Number.isNaN(v)) return 0;
  const days = daysFromCivil(Math.floor(v / 10000), Math.floor(v / 100) % 100, v % 100);
  return days < 1 ? 1 : days > 65535 ? 65535 : days;
}

/** Whole years between two ISO dates; pure so the caller injects "today" (the engine has no clock). */
/** A date of birth as YYYYMMDD, 0 when malformed: what the index keeps to compute ages for another day. */
export function bornCode(dateOfBirth: string): number {
  const v = ymd(dateOfBirth);
  return Number.isNaN(v) ? 0 : v;
}

/** The age code of a donor born on `born` (a bornCode) as of `asOf`: whole years, 1-255, 0 when unknown. */
export function ageCode(born: number, asOf: string): number {
  const now = ymd(asOf);
  if (born === 0 || Number.isNaN(now) || now < born) return 0;
  const age = Math.floor(now / 10000) - Math.floor(born / 10000) - (now % 10000 < born % 10000 ? 1 : 0);
  return age > 0 ? clamp(age, 255) : 0;
}

export function ageOn(dateOfBirth: string, asOf: string): number {
  const born = ymd(dateOfBirth);
  const now = ymd(asOf);
  if (Number.isNaN(born) || Number.isNaN(now) || now < born) return 0;
  // YYYYMMDD integers: the year difference, minus one when the birthday (MMDD) has not come yet this year.
  return Math.floor(now / 10000) - Math.floor(born / 10000) - (now % 10000 < born % 10000 ? 1 : 0);
}

export type UnitVector = readonly [number, number, number];

/**
 * Point on the unit sphere, rounded to float32 exactly as the index stores it, so distances computed from the
 * index and from a donor object agree to the bit.
 */
export function unitVector(lat: number, lon: number): UnitVector {
  const la = (lat * Math.PI) / 180;
  const lo = (lon * Math.PI) / 180;
  const f = Math.fround;
  return [f(Math.cos(la) * Math.cos(lo)), f(Math.cos(la) * Math.sin(lo)), f(Math.sin(la))];
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in whole km, or -1 when the donor has no location. */
export function distanceCode(x: number, y: number, z: number, origin: UnitVector): number {
  if (Number.isNaN(x)) return -1;
  const dot = x * origin[0] + y * origin[1] + z * origin[2];
  return Math.round(EARTH_RADIUS_KM * Math.acos(dot > 1 ? 1 : dot < -1 ? -1 : dot));
}

/** Bit of a condition in 32-bit panel masks; 0 for a name outside the vocabulary (so it can never match). */
export function conditionBit(c: GeneticCondition): number {
  const i = GENETIC_CONDITIONS.indexOf(c);
  return i < 0 ? 0 : (1 << i) >>> 0;
}
/** Mask with the bit of each listed condition. */
export const maskOf = (conditions: readonly GeneticCondition[]) =>
  conditions.reduce((m, c) => (m | conditionBit(c)) >>> 0, 0);
export const DONOR_SIDE_MASK = maskOf(DONOR_SIDE_CONDITIONS);

/** Number of set bits of a 32-bit value (SWAR; no loop, no table). */
export function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * 1 when the donor carries a donor-side condition (fragile X, Turner, BRCA1/2), else 0. Not being tested for them
 * is no finding: they are not on standard carrier panels (Turner is not even a carrier state, and not testable in
 * men), so penalising it docked almost every donor the same small amount and bunched scores just under 100.
 */
export function geneRiskCode(carrier: number): number {
  return (carrier & DONOR_SIDE_MASK) !== 0 ? 1 : 0;
}

export type DonorCodes = {
  type: number;
  disclosure: number;
  availability: number;
  familyOpen: boolean;
  /** Family slots left (limit - families so far, 0-255) and the last medical update as a day code. */
  slots: number;
  medical: number;
  race: number;
  ethnicity: number;
  hair: number;
  eye: number;
  height: number;
  age: number;
  education: number;
  religion: number;
  smoking: number;
  drugs: number;
  alcohol: number;
  exercise: number;
  chronic: number;
  tested: number;
  carrier: number;
  geneRisk: number;
  /** Surrogates only: full-term pregnancies + 1, complications 1 none / 2 some, insurance 1 yes / 2 no. */
  pregnancies: number;
  complications: number;
  insurance: number;
  bmi: number;
  x: number;
  y: number;
  z: number;
};

const clamp = (v: number, max: number) => (v < 1 ? 1 : v > max ? max : v);

/** Heights are whole inches in the UI; round once here so range checks agree everywhere. */
export const heightCode = (inches: number | null) =>
  inches == null || inches <= 0 ? 0 : clamp(Math.round(inches), 255);

/** All codes of one donor record, with ages computed for `asOf`. Shared by the index build and the baseline. */
export function encodeDonor(d: Donor, asOf: string): DonorCodes {
  let tested = 0;
  let carrier = 0;
  for (let i = 0; i < GENETIC_CONDITIONS.length; i++) {
    const result = d.carrier_screening[GENETIC_CONDITIONS[i]!];
    if (result === undefined) continue;
    if (result.tested || result.carrier) tested |= 1 << i;
    if (result.carrier) carrier |= 1 << i;
  }
  return encodeFields(d, asOf, tested >>> 0, carrier >>> 0);
}

/** The codes `encodeDonor` gives the donor `source` was taken from (`indexSourceOf`). */
export function encodeIndexSource(source: IndexSource, asOf: string): DonorCodes {
  return encodeFields(source, asOf, conditionsMask(source.carrier_tested), conditionsMask(source.carrier_found));
}

const CONDITION_BITS = new Map<string, number>(GENETIC_CONDITIONS.map((c, i) => [c, (1 << i) >>> 0]));

/** Mask of the listed conditions (a Map lookup each: 10^6 donors at start); other names count for nothing. */
function conditionsMask(names: readonly string[] | null): number {
  let mask = 0;
  if (names) for (const name of names) mask |= CONDITION_BITS.get(name) ?? 0;
  return mask >>> 0;
}

function encodeFields(d: IndexedFields, asOf: string, tested: number, carrier: number): DonorCodes {
  let chronic = 0;
  for (const c of d.chronic_conditions) {
    const i = CHRONIC_CONDITIONS.indexOf(c);
    if (i >= 0) chronic |= 1 << i;
  }
  const s = d.donor_type === 'surrogate' ? d.surrogate : null;
  const [x, y, z] = d.location ? unitVector(d.location.lat, d.location.lon) : [NaN, NaN, NaN];
  return {
    type: encode(d.donor_type, DONOR_TYPES),
    disclosure: encode(d.disclosure, DISCLOSURES),
    availability: encode(d.availability, AVAILABILITY),
    familyOpen: d.families_so_far < d.family_limit,
    slots: Math.max(0, Math.min(255, d.family_limit - d.families_so_far)),
    medical: dayCode(d.last_medical_update),
    race: encode(d.race, RACES),
    ethnicity: encode(d.ethnicity, ETHNICITIES),
    hair: encode(d.hair_color, HAIR_COLORS),
    eye: encode(d.eye_color, EYE_COLORS),
    height: heightCode(d.height_in),
    age: ageCode(bornCode(d.date_of_birth), asOf),
    education: encode(d.education, EDUCATION_LEVELS),
    religion: encode(d.religion, DONOR_RELIGIONS),
    smoking: encode(d.smoking, SMOKING_HISTORY),
    drugs: encode(d.recreational_drugs, RECREATIONAL_DRUGS),
    alcohol: encode(d.alcohol, ALCOHOL_USE),
    exercise: encode(d.exercise, EXERCISE_LEVELS),
    chronic,
    tested,
    carrier,
    geneRisk: geneRiskCode(carrier),
    pregnancies: s ? clamp(s.previous_full_term_pregnancies + 1, 255) : 0,
    complications: s ? (s.pregnancy_complications ? 2 : 1) : 0,
    insurance: s ? (s.health_insurance_covers_pregnancy ? 1 : 2) : 0,
    bmi: s && s.bmi > 0 ? clamp(Math.round(s.bmi * 10), 1023) : 0,
    x,
    y,
    z,
  };
}

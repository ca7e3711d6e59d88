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
import {
  ANCESTRIES,
  FMR1_CATEGORIES,
  GENES,
  GENE_INFO,
  VARIANT_CLASSES,
  ancestryOfDonor,
  genesFromConditions,
  resultsFromTokens,
} from '@kindred/shared/genetics';
import type { DonorGeneResult, Gene, VariantClass } from '@kindred/shared/genetics';
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

/** Bit of a condition in 32-bit condition masks; 0 for a name outside the vocabulary (so it can never match). */
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

// ---------------------------------------------------------------------------------------------------------------
// Gene-level carrier codes (issue 24, ADR 023): `tested` and `carrier` are masks over GENES; `gClass` holds what
// changes a pairing inside a gene: the HBB/HBA variant class bits, the SMN1 copy number and the FMR1 category.
// ---------------------------------------------------------------------------------------------------------------

const GENE_BITS: ReadonlyMap<Gene, number> = new Map(GENES.map((g, i) => [g, (1 << i) >>> 0]));
/** Bit of a gene in the `tested` and `carrier` masks (a table: the per-gene report asks it for every gene shown). */
export const geneBit = (g: Gene) => GENE_BITS.get(g) ?? 0;
/** Mask with the bit of each listed gene. */
export const geneMaskOf = (genes: readonly Gene[]) => genes.reduce((m, g) => (m | geneBit(g)) >>> 0, 0);
/** Bit of a variant class in `gClass` (bits 0-11, VARIANT_CLASSES order). */
export const classBit = (c: VariantClass) => (1 << VARIANT_CLASSES.indexOf(c)) >>> 0;
const SMN1_SHIFT = 12; // 3 bits: 0 not stated, else copies + 1 (0-6 copies)
const SMN1_MARKER = 1 << 15;
const FMR1_SHIFT = 16; // 3 bits: 0 not stated, else FMR1_CATEGORIES position + 1
/** Genes whose finding is the donor's own (dominant, chromosomal), and the X-linked ones (an egg donor's own). */
export const DONOR_OWN_GENES = geneMaskOf(
  GENES.filter((g) => GENE_INFO[g].inheritance === 'autosomal_dominant' || GENE_INFO[g].inheritance === 'chromosomal'),
);
export const X_LINKED_GENES = geneMaskOf(GENES.filter((g) => GENE_INFO[g].inheritance === 'x_linked'));

/** The SMN1 copy number in a `gClass` code, or undefined when not stated. */
export const smn1CopiesOf = (gClass: number) => {
  const v = (gClass >>> SMN1_SHIFT) & 7;
  return v === 0 ? undefined : v - 1;
};
export const smn1MarkerOf = (gClass: number) => (gClass & SMN1_MARKER) !== 0;
/** The FMR1 category in a `gClass` code, or undefined when not stated. */
export const fmr1CategoryOf = (gClass: number) => {
  const v = (gClass >>> FMR1_SHIFT) & 7;
  return v === 0 ? undefined : FMR1_CATEGORIES[v - 1];
};
/** The HBB or HBA class in a `gClass` code (the first set bit of that gene's classes), or undefined. */
export function variantClassOf(gene: Gene, gClass: number): VariantClass | undefined {
  for (const c of VARIANT_CLASSES)
    if (c !== 'pathogenic' && c.startsWith(gene.toLowerCase() + '_') && gClass & classBit(c)) return c;
  return undefined;
}

/**
 * The class a carrier result pairs with when the result does not state one: an unstated HBB variant pairs as
 * "another β variant" (at risk with every HBB variant), an unstated HBA one as α⁰.
 */
export const defaultClass = (gene: Gene): VariantClass | undefined =>
  gene === 'HBB' ? 'hbb_other' : gene === 'HBA' ? 'hba_unspecified' : undefined;

export type GeneCodes = { tested: number; carrier: number; gClass: number };

/** Masks and class code of per-gene results. */
export function encodeGenes(results: readonly DonorGeneResult[]): GeneCodes {
  let tested = 0;
  let carrier = 0;
  let gClass = 0;
  for (const r of results) {
    if (!r.tested) continue;
    const bit = geneBit(r.gene);
    tested |= bit;
    if (r.carrier) {
      carrier |= bit;
      const cls = r.variant_class && r.variant_class !== 'pathogenic' ? r.variant_class : defaultClass(r.gene);
      if (cls) gClass |= classBit(cls);
    }
    if (r.gene === 'SMN1' && r.smn1_copies !== undefined) {
      gClass |= (Math.min(6, r.smn1_copies) + 1) << SMN1_SHIFT;
      if (r.smn1_silent_carrier_marker) gClass |= SMN1_MARKER;
    }
    if (r.gene === 'FMR1' && r.fmr1_category !== undefined)
      gClass |= (FMR1_CATEGORIES.indexOf(r.fmr1_category) + 1) << FMR1_SHIFT;
  }
  return { tested: tested >>> 0, carrier: carrier >>> 0, gClass: gClass >>> 0 };
}

/** A donor's per-gene results: the stated gene results, and the condition names for genes they do not state. */
export function donorGeneResults(d: Pick<Donor, 'carrier_screening' | 'genes'>): DonorGeneResult[] {
  // Only tested genes travel in the index source's tokens, so only they override the condition names.
  const stated = (d.genes ?? []).filter((r) => r.tested);
  const named = genesFromConditions(d.carrier_screening).filter((r) => !stated.some((s) => s.gene === r.gene));
  return [...stated, ...named];
}

/** Per vocabulary condition: its genes' mask, and the class code a carrier result under that name gives. */
const CONDITION_CODES = GENETIC_CONDITIONS.map((c) => {
  const carrier = encodeGenes(genesFromConditions({ [c]: { tested: true, carrier: true } }));
  return { genes: carrier.tested, gClass: carrier.gClass };
});
const CONDITION_INDEX = new Map<string, number>(GENETIC_CONDITIONS.map((c, i) => [c, i]));
/** The `gClass` bits that belong to each gene (its variant classes, or its copy-number or repeat field). */
const GENE_CLASS_BITS = new Map<Gene, number>([
  ['HBB', VARIANT_CLASSES.filter((c) => c.startsWith('hbb_')).reduce((m, c) => m | classBit(c), 0)],
  ['HBA', VARIANT_CLASSES.filter((c) => c.startsWith('hba_')).reduce((m, c) => m | classBit(c), 0)],
  ['SMN1', (7 << SMN1_SHIFT) | SMN1_MARKER],
  ['FMR1', 7 << FMR1_SHIFT],
]);

/** Stated gene codes over the codes of condition names (genes with a stated result keep it). */
function mergeUnder(stated: GeneCodes, tested: number, carrier: number, gClass: number): GeneCodes {
  if (stated.tested === 0) return { tested: tested >>> 0, carrier: carrier >>> 0, gClass: gClass >>> 0 };
  const keep = ~stated.tested;
  let classKeep = ~0;
  for (const [gene, bits] of GENE_CLASS_BITS) if (stated.tested & geneBit(gene)) classKeep &= ~bits;
  return {
    tested: (stated.tested | (tested & keep)) >>> 0,
    carrier: (stated.carrier | (carrier & keep)) >>> 0,
    gClass: (stated.gClass | (gClass & classKeep)) >>> 0,
  };
}

const NO_GENES: GeneCodes = { tested: 0, carrier: 0, gClass: 0 };

/**
 * Gene codes of a donor record: `encodeGenes(donorGeneResults(d))`, computed without building the results (the
 * index build runs it for every donor).
 */
export function donorGeneCodes(d: Pick<Donor, 'carrier_screening' | 'genes'>): GeneCodes {
  let tested = 0;
  let carrier = 0;
  let gClass = 0;
  for (let i = 0; i < GENETIC_CONDITIONS.length; i++) {
    const r = d.carrier_screening[GENETIC_CONDITIONS[i]!];
    if (r === undefined || !(r.tested || r.carrier)) continue;
    const c = CONDITION_CODES[i]!;
    tested |= c.genes;
    if (r.carrier) {
      carrier |= c.genes;
      gClass |= c.gClass;
    }
  }
  return mergeUnder(d.genes && d.genes.length > 0 ? encodeGenes(d.genes) : NO_GENES, tested, carrier, gClass);
}

/**
 * Gene codes by token lists, for sources without per-gene results (what the start reads): 100,000 generated donors
 * have ~2,000 distinct lists, and parsing the tokens again for each was a third of the index load (issue 26).
 */
const sourceGeneCache = new Map<string, GeneCodes>();
const SOURCE_GENE_CACHE_MAX = 20_000;

/** Gene codes of an index source: condition names, under gene tokens (upper case) where there are any. */
export function sourceGeneCodes(source: Pick<IndexSource, 'carrier_tested' | 'carrier_found' | 'genes'>): GeneCodes {
  if (source.genes && source.genes.length > 0) return computeSourceGeneCodes(source);
  const key = `${(source.carrier_tested ?? []).join('\u0001')}\u0002${(source.carrier_found ?? []).join('\u0001')}`;
  let codes = sourceGeneCache.get(key);
  if (codes === undefined) {
    if (sourceGeneCache.size >= SOURCE_GENE_CACHE_MAX) sourceGeneCache.clear();
    codes = Object.freeze(computeSourceGeneCodes(source));
    sourceGeneCache.set(key, codes);
  }
  return codes;
}

function computeSourceGeneCodes(source: Pick<IndexSource, 'carrier_tested' | 'carrier_found' | 'genes'>): GeneCodes {
  let tested = 0;
  let carrier = 0;
  let gClass = 0;
  let tokens = false;
  for (const name of source.carrier_tested ?? []) {
    const i = CONDITION_INDEX.get(name);
    if (i !== undefined) tested |= CONDITION_CODES[i]!.genes;
    else tokens = true;
  }
  for (const name of source.carrier_found ?? []) {
    const i = CONDITION_INDEX.get(name);
    if (i === undefined) {
      tokens = true;
      continue;
    }
    const c = CONDITION_CODES[i]!;
    tested |= c.genes;
    carrier |= c.genes;
    gClass |= c.gClass;
  }
  const tokenResults = tokens ? resultsFromTokens(source.carrier_tested, source.carrier_found) : [];
  const genes = (source.genes ?? []).filter((r) => r.tested);
  const all = [...genes, ...tokenResults.filter((t) => !genes.some((g) => g.gene === t.gene))];
  return mergeUnder(all.length > 0 ? encodeGenes(all) : NO_GENES, tested, carrier, gClass);
}

/**
 * 1 when the donor has a finding of their own: a dominant or chromosomal one, or an X-linked one in an egg donor
 * (the egg provider decides X-linked risk). A sperm donor's X-linked result is no finding for the pairing. Not
 * being tested is no finding either: these are not on every panel, so penalising it docked almost every donor.
 */
export function geneRiskCode(carrier: number, type: number): number {
  const own = type === DONOR_TYPES.indexOf('egg') + 1 ? DONOR_OWN_GENES | X_LINKED_GENES : DONOR_OWN_GENES;
  return (carrier & own) !== 0 ? 1 : 0;
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
  /** Genes with a result, genes with a finding (GENES bits), and the class code (`encodeGenes`). */
  tested: number;
  carrier: number;
  gClass: number;
  /** ANCESTRIES position + 1 from race and ethnicity (the carrier frequencies' group). */
  ancestry: number;
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
  return encodeFields(d, asOf, donorGeneCodes(d));
}

/** The codes `encodeDonor` gives the donor `source` was taken from (`indexSourceOf`). */
export function encodeIndexSource(source: IndexSource, asOf: string): DonorCodes {
  return encodeFields(source, asOf, sourceGeneCodes(source));
}

function encodeFields(d: IndexedFields, asOf: string, genes: GeneCodes): DonorCodes {
  let chronic = 0;
  for (const c of d.chronic_conditions) {
    const i = CHRONIC_CONDITIONS.indexOf(c);
    if (i >= 0) chronic |= 1 << i;
  }
  const s = d.donor_type === 'surrogate' ? d.surrogate : null;
  const [x, y, z] = d.location ? unitVector(d.location.lat, d.location.lon) : [NaN, NaN, NaN];
  const type = encode(d.donor_type, DONOR_TYPES);
  return {
    type,
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
    tested: genes.tested,
    carrier: genes.carrier,
    gClass: genes.gClass,
    ancestry: encode(ancestryOfDonor(d.race, d.ethnicity), ANCESTRIES),
    geneRisk: geneRiskCode(genes.carrier, type),
    pregnancies: s ? clamp(s.previous_full_term_pregnancies + 1, 255) : 0,
    complications: s ? (s.pregnancy_complications ? 2 : 1) : 0,
    insurance: s ? (s.health_insurance_covers_pregnancy ? 1 : 2) : 0,
    bmi: s && s.bmi > 0 ? clamp(Math.round(s.bmi * 10), 1023) : 0,
    x,
    y,
    z,
  };
}

/**
 * The precomputed, compact in-memory index of the donor catalogue: one typed-array column per attribute (small
 * integer codes) for scoring, and one bitset per filterable value for counting. Ranking and counting read only
 * these arrays, never donor objects, so a query touches a few bytes per donor instead of chasing pointers
 * through 10^5 objects. Donors are stored in reference-id order, which makes the index (and every result)
 * independent of the order the catalogue arrived in and gives ties a deterministic order for free.
 */
import {
  AGE_RANGES,
  CHRONIC_CONDITIONS,
  DONOR_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHT_RANGES,
  RACES,
  rangeBounds,
} from '@kindred/shared/vocabulary';
import { GENES, VARIANT_CLASSES } from '@kindred/shared/genetics';
import { newBitset, setBit } from './bitset.ts';
import type { Bitset } from './bitset.ts';
import { bornCode, encodeDonor } from './codes.ts';
import type { DonorCodes } from './codes.ts';
import type { Donor } from './types.ts';

const U8_COLUMNS = [
  'type',
  'disclosure',
  'availability',
  'race',
  'ethnicity',
  'hair',
  'eye',
  'height',
  'age',
  'education',
  'religion',
  'smoking',
  'drugs',
  'alcohol',
  'exercise',
  'chronic',
  'geneRisk',
  'ancestry',
  'pregnancies',
  'complications',
  'insurance',
  'slots',
] as const;
type U8Column = (typeof U8_COLUMNS)[number];

export type DonorIndex = {
  readonly size: number;
  /** The date ages were computed for; rebuild the index at least daily (it takes well under a second). */
  readonly asOf: string;
  readonly cols: Record<U8Column, Uint8Array> & {
    bmi: Uint16Array;
    tested: Uint32Array;
    carrier: Uint32Array;
    gClass: Uint32Array;
    clinic: Uint16Array;
    /** Code of the donor's bank in `banks` (its price list's key, issue 29). */
    bank: Uint16Array;
    familyOpen: Uint8Array;
    x: Float32Array;
    y: Float32Array;
    z: Float32Array;
    /** Last medical update (days since 1970). */
    medical: Uint16Array;
    /** Date of birth as YYYYMMDD (0 when unknown): lets a new day's ages be computed without the records. */
    born: Uint32Array;
    /**
     * The query-independent part of the tie-break, precomputed: 0 for the donor that wins every tie, then up.
     * Order: fresher medical update, available before reserved, more family slots left, reference id.
     */
    tieRank: Uint32Array;
  };
  /** Bitsets: arrays are indexed like their vocabulary list (value code - 1). */
  readonly bits: {
    type: Bitset[];
    available: Bitset;
    familyOpen: Bitset;
    /** Available or reserved (on hold for another family): what "include reserved donors" widens to. */
    availableOrReserved: Bitset;
    race: Bitset[];
    ethnicity: Bitset[];
    hair: Bitset[];
    eye: Bitset[];
    heightRange: Bitset[];
    ageRange: Bitset[];
    chronic: Bitset[];
    /** Per gene (GENES order): the donor carries a finding in it. */
    carrier: Bitset[];
    /** Per variant class (VARIANT_CLASSES order): the donor's HBB/HBA finding is of that class. */
    geneClass: Bitset[];
    /** Surrogate requirements, pre-combined so non-surrogates pass them: "not a surrogate, or meets it". */
    insuredOrNotSurrogate: Bitset;
    fullTermOrNotSurrogate: Bitset;
    noComplicationsOrNotSurrogate: Bitset;
  };
  /** Reference ids packed into one byte buffer (offsets[i]..offsets[i+1]); decoded only for returned matches. */
  readonly refBytes: Uint8Array;
  readonly refOffsets: Uint32Array;
  readonly clinics: readonly string[];
  /** Bank names (donors.bank_name) by code: what a price, per bank, is looked up by (issue 29). */
  readonly banks: readonly string[];
};

const byReferenceId = (a: Donor, b: Donor) =>
  a.reference_id < b.reference_id ? -1 : a.reference_id > b.reference_id ? 1 : 0;

const bitsets = (n: number, size: number) => Array.from({ length: n }, () => newBitset(size));

/**
 * Builds the index from a catalogue. `asOf` (an ISO date or Date) is "today" for ages, injected because the
 * engine has no clock. Throws on a duplicate reference id, since ids are the public handle and the tie-break.
 */
export function buildIndex(donors: readonly Donor[], options: { asOf: string | Date }): DonorIndex {
  const steps = buildIndexInSteps(donors, { ...options, sliceSize: Number.POSITIVE_INFINITY });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `buildIndex` in slices: the generator yields after every `sliceSize` donors (and around the sorts), so a caller
 * on an event loop can let other work run between slices; the index it returns is the one `buildIndex` builds.
 * Donors already in reference-id order sort in linear time.
 */
export function* buildIndexInSteps(
  donors: readonly Donor[],
  options: { asOf: string | Date; sliceSize: number },
): Generator<void, DonorIndex, void> {
  const asOf = isoDay(options.asOf);
  const sorted = [...donors].sort(byReferenceId);
  if (Number.isFinite(options.sliceSize)) yield;
  return yield* fillIndex(
    sorted.map((d) => d.reference_id),
    asOf,
    options.sliceSize,
    (i) => {
      const d = sorted[i]!;
      return {
        clinic: d.clinic_reference_id,
        bank: d.bank_name,
        codes: encodeDonor(d, asOf),
        born: bornCode(d.date_of_birth),
      };
    },
  );
}

export const isoDay = (day: string | Date) =>
  typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10);

/** What the index holds of one donor, besides its reference id. */
export type IndexEntry = { clinic: string; bank?: string; codes: DonorCodes; born: number };

/**
 * Fills a new index from `refs` (sorted, distinct) and each position's entry, yielding every `sliceSize`
 * positions. Shared by the build from donor records and the rebuild from an index (index-update.ts).
 */
export function* fillIndex(
  refs: readonly string[],
  asOf: string,
  sliceSize: number,
  entryAt: (i: number) => IndexEntry,
): Generator<void, DonorIndex, void> {
  const finite = Number.isFinite(sliceSize);
  const writer = createIndexWriter(refs.length, asOf);
  for (let i = 0; i < refs.length; i++) {
    writer.write(i, entryAt(i));
    if (finite && (i + 1) % sliceSize === 0) yield;
  }
  return writer.finish(refs);
}

/**
 * An index of `size` donors filled one position at a time (`write`, any order), then finished with the
 * reference ids of every position (sorted, distinct). Lets a caller encode donors as they arrive and drop each
 * record at once, instead of holding the catalogue to build from.
 */
export function createIndexWriter(size: number, asOf: string) {
  const u8 = Object.fromEntries(U8_COLUMNS.map((k) => [k, new Uint8Array(size)])) as Record<U8Column, Uint8Array>;
  const cols = {
    ...u8,
    bmi: new Uint16Array(size),
    tested: new Uint32Array(size),
    carrier: new Uint32Array(size),
    gClass: new Uint32Array(size),
    clinic: new Uint16Array(size),
    bank: new Uint16Array(size),
    familyOpen: new Uint8Array(size),
    x: new Float32Array(size),
    y: new Float32Array(size),
    z: new Float32Array(size),
    medical: new Uint16Array(size),
    born: new Uint32Array(size),
    tieRank: new Uint32Array(size),
  };
  const bits: DonorIndex['bits'] = {
    type: bitsets(DONOR_TYPES.length, size),
    available: newBitset(size),
    familyOpen: newBitset(size),
    availableOrReserved: newBitset(size),
    race: bitsets(RACES.length, size),
    ethnicity: bitsets(ETHNICITIES.length, size),
    hair: bitsets(HAIR_COLORS.length, size),
    eye: bitsets(EYE_COLORS.length, size),
    heightRange: bitsets(HEIGHT_RANGES.length, size),
    ageRange: bitsets(AGE_RANGES.length, size),
    chronic: bitsets(CHRONIC_CONDITIONS.length, size),
    carrier: bitsets(GENES.length, size),
    geneClass: bitsets(VARIANT_CLASSES.length, size),
    insuredOrNotSurrogate: newBitset(size),
    fullTermOrNotSurrogate: newBitset(size),
    noComplicationsOrNotSurrogate: newBitset(size),
  };
  const clinics: string[] = [];
  const clinicCodes = new Map<string, number>();
  const banks: string[] = [];
  const bankCodes = new Map<string, number>();
  const heightBounds = HEIGHT_RANGES.map(rangeBounds);
  const ageBounds = AGE_RANGES.map(rangeBounds);

  return {
    write(i: number, entry: IndexEntry): void {
      const { clinic: clinicId, codes: c, born } = entry;
      writeU8(u8, i, c);
      cols.bmi[i] = c.bmi;
      cols.tested[i] = c.tested;
      cols.carrier[i] = c.carrier;
      cols.gClass[i] = c.gClass;
      cols.familyOpen[i] = c.familyOpen ? 1 : 0;
      cols.x[i] = c.x;
      cols.y[i] = c.y;
      cols.z[i] = c.z;
      cols.medical[i] = c.medical;
      cols.born[i] = born;
      let clinic = clinicCodes.get(clinicId);
      if (clinic === undefined) {
        clinic = clinics.push(clinicId) - 1;
        clinicCodes.set(clinicId, clinic);
      }
      cols.clinic[i] = clinic;
      cols.bank[i] = codeIn(banks, bankCodes, entry.bank ?? '');
      indexBits(bits, i, c, heightBounds, ageBounds);
    },
    finish(refs: readonly string[]): DonorIndex {
      if (refs.length !== size) throw new Error(`Index of ${size} donors finished with ${refs.length} ids`);
      for (let i = 1; i < size; i++)
        if (refs[i - 1] === refs[i]) throw new Error(`Duplicate donor reference id: ${refs[i]}`);
      if (clinics.length > 0xffff) throw new Error('More than 65535 clinics: widen the clinic column');
      if (banks.length > 0xffff) throw new Error('More than 65535 banks: widen the bank column');
      rankTies(cols);
      const packed = packStrings(refs);
      return { size, asOf, cols, bits, refBytes: packed.bytes, refOffsets: packed.offsets, clinics, banks };
    },
  };
}

/**
 * Fills `tieRank`: positions sorted by the static tie-break keys (see DonorIndex): fresher medical update, then
 * availability, then more slots, then position. The keys are packed into one exact integer per donor (27 bits of
 * keys times the size, below 2^53 for up to 2^26 donors) so a numeric typed-array sort does it in milliseconds.
 */
export function rankTies(cols: DonorIndex['cols']): void {
  const size = cols.tieRank.length;
  const keys = new Float64Array(size);
  for (let d = 0; d < size; d++) {
    const key =
      ((0xffff - cols.medical[d]!) * 8 + tieAvailability(cols.availability[d]!)) * 256 + (0xff - cols.slots[d]!);
    keys[d] = key * size + d;
  }
  keys.sort();
  for (let rank = 0; rank < size; rank++) cols.tieRank[keys[rank]! % size] = rank;
}

/** Available (code 1) before reserved (2) before unavailable (3) before not stated (0). */
export const tieAvailability = (code: number) => (code === 0 ? 4 : code);

/** Explicit writes: a loop over column names would make every store a megamorphic keyed access. */
export function writeU8(u8: Record<U8Column, Uint8Array>, i: number, c: DonorCodes): void {
  u8.type[i] = c.type;
  u8.disclosure[i] = c.disclosure;
  u8.availability[i] = c.availability;
  u8.race[i] = c.race;
  u8.ethnicity[i] = c.ethnicity;
  u8.hair[i] = c.hair;
  u8.eye[i] = c.eye;
  u8.height[i] = c.height;
  u8.age[i] = c.age;
  u8.education[i] = c.education;
  u8.religion[i] = c.religion;
  u8.smoking[i] = c.smoking;
  u8.drugs[i] = c.drugs;
  u8.alcohol[i] = c.alcohol;
  u8.exercise[i] = c.exercise;
  u8.ancestry[i] = c.ancestry;
  u8.chronic[i] = c.chronic;
  u8.geneRisk[i] = c.geneRisk;
  u8.pregnancies[i] = c.pregnancies;
  u8.complications[i] = c.complications;
  u8.insurance[i] = c.insurance;
  u8.slots[i] = c.slots;
}

/** UTF-8 bytes of all strings back to back, with n + 1 offsets. Reference ids are ASCII in practice. */
function packStrings(values: readonly string[]): { bytes: Uint8Array; offsets: Uint32Array } {
  const encoder = new TextEncoder();
  const offsets = new Uint32Array(values.length + 1);
  const encoded = values.map((v) => (/^\p{ASCII}*$/u.test(v) ? null : encoder.encode(v)));
  values.forEach((v, i) => (offsets[i + 1] = offsets[i]! + (encoded[i]?.length ?? v.length)));
  const bytes = new Uint8Array(offsets[values.length]!);
  values.forEach((v, i) => {
    const start = offsets[i]!;
    const utf8 = encoded[i];
    if (utf8) bytes.set(utf8, start);
    else for (let k = 0; k < v.length; k++) bytes[start + k] = v.charCodeAt(k);
  });
  return { bytes, offsets };
}

export function indexBits(
  bits: DonorIndex['bits'],
  i: number,
  c: DonorCodes,
  heightBounds: readonly (readonly [number, number])[],
  ageBounds: readonly (readonly [number, number])[],
): void {
  const byCode = (sets: Bitset[], code: number) => {
    if (code > 0) setBit(sets[code - 1]!, i);
  };
  byCode(bits.type, c.type);
  if (c.availability === 1) setBit(bits.available, i);
  if (c.availability === 1 || c.availability === 2) setBit(bits.availableOrReserved, i);
  if (c.familyOpen) setBit(bits.familyOpen, i);
  byCode(bits.race, c.race);
  byCode(bits.ethnicity, c.ethnicity);
  byCode(bits.hair, c.hair);
  byCode(bits.eye, c.eye);
  // Ranges may overlap (36-40 and 40-45 both hold 40), so a donor can sit in two range bitsets.
  heightBounds.forEach(([lo, hi], r) => {
    if (c.height >= lo && c.height <= hi) setBit(bits.heightRange[r]!, i);
  });
  ageBounds.forEach(([lo, hi], r) => {
    if (c.age >= lo && c.age <= hi) setBit(bits.ageRange[r]!, i);
  });
  for (let k = 0; k < CHRONIC_CONDITIONS.length; k++) if (c.chronic & (1 << k)) setBit(bits.chronic[k]!, i);
  for (let k = 0; k < GENES.length; k++) if (c.carrier & (1 << k)) setBit(bits.carrier[k]!, i);
  for (let k = 0; k < VARIANT_CLASSES.length; k++) if (c.gClass & (1 << k)) setBit(bits.geneClass[k]!, i);
  const surrogate = c.type === DONOR_TYPES.indexOf('surrogate') + 1;
  if (!surrogate || c.insurance === 1) setBit(bits.insuredOrNotSurrogate, i);
  if (!surrogate || c.pregnancies > 1) setBit(bits.fullTermOrNotSurrogate, i);
  if (!surrogate || c.complications === 1) setBit(bits.noComplicationsOrNotSurrogate, i);
}

/** The codes of the donor at position `d`, read back from the columns (for explaining a returned match). */
export function readCodes(index: DonorIndex, d: number): DonorCodes {
  const c = index.cols;
  return {
    type: c.type[d]!,
    disclosure: c.disclosure[d]!,
    availability: c.availability[d]!,
    familyOpen: c.familyOpen[d] === 1,
    slots: c.slots[d]!,
    medical: c.medical[d]!,
    race: c.race[d]!,
    ethnicity: c.ethnicity[d]!,
    hair: c.hair[d]!,
    eye: c.eye[d]!,
    height: c.height[d]!,
    age: c.age[d]!,
    education: c.education[d]!,
    religion: c.religion[d]!,
    smoking: c.smoking[d]!,
    drugs: c.drugs[d]!,
    alcohol: c.alcohol[d]!,
    exercise: c.exercise[d]!,
    chronic: c.chronic[d]!,
    tested: c.tested[d]!,
    carrier: c.carrier[d]!,
    gClass: c.gClass[d]!,
    ancestry: c.ancestry[d]!,
    geneRisk: c.geneRisk[d]!,
    pregnancies: c.pregnancies[d]!,
    complications: c.complications[d]!,
    insurance: c.insurance[d]!,
    bmi: c.bmi[d]!,
    x: c.x[d]!,
    y: c.y[d]!,
    z: c.z[d]!,
  };
}

const decoder = new TextDecoder();

/** Public reference id of the donor at position `d`. */
export function referenceIdAt(index: DonorIndex, d: number): string {
  return decoder.decode(index.refBytes.subarray(index.refOffsets[d]!, index.refOffsets[d + 1]!));
}

/** Position of a reference id in the index (binary search over the sorted ids), or -1. */
export function positionOf(index: DonorIndex, referenceId: string): number {
  let lo = 0;
  let hi = index.size - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const id = referenceIdAt(index, mid);
    if (id === referenceId) return mid;
    if (id < referenceId) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The code of `name` in a string table (added when new). */
export function codeIn(table: string[], codes: Map<string, number>, name: string): number {
  let code = codes.get(name);
  if (code === undefined) {
    code = table.push(name) - 1;
    codes.set(name, code);
  }
  return code;
}

/** The bank (donors.bank_name) of the donor at position `d`. */
export function bankAt(index: DonorIndex, d: number): string {
  return index.banks[index.cols.bank[d]!] ?? '';
}

/** Partner bank or clinic id of the donor at position `d`. */
export function clinicIdAt(index: DonorIndex, d: number): string {
  return index.clinics[index.cols.clinic[d]!] ?? '';
}

/**
 * Memory held by the index: every typed array's bytes plus the clinic id strings (2 bytes a character plus a
 * 16-byte header, an upper bound for V8's one-byte strings). Reported by the benchmark; the target is < 300.
 */
export function indexMemory(index: DonorIndex): { bytes: number; bytesPerDonor: number } {
  const arrays: ArrayBufferView[] = [...Object.values(index.cols), index.refBytes, index.refOffsets];
  for (const value of Object.values(index.bits)) arrays.push(...(Array.isArray(value) ? value : [value]));
  let bytes = arrays.reduce((n, a) => n + a.byteLength, 0);
  for (const clinic of index.clinics) bytes += 16 + 2 * clinic.length;
  for (const bank of index.banks) bytes += 16 + 2 * bank.length;
  return { bytes, bytesPerDonor: index.size === 0 ? 0 : bytes / index.size };
}

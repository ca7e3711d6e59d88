/**
 * Applying changed donors to an index without rebuilding it from the whole catalogue. Copy-on-write: the index
 * given is never modified (a request ranking against it meanwhile keeps a consistent view); the copy costs a few
 * memcpy's of the typed arrays plus one tie-rank sort, milliseconds at 10^5 donors, instead of re-encoding
 * every donor.
 */
import { AGE_RANGES, HEIGHT_RANGES, rangeBounds } from '@kindred/shared/vocabulary';
import { newBitset, type Bitset } from './bitset.ts';
import { ageCode, bornCode, encodeDonor } from './codes.ts';
import {
  bankAt,
  clinicIdAt,
  codeIn,
  fillIndex,
  indexBits,
  isoDay,
  positionOf,
  rankTies,
  readCodes,
  tieAvailability,
  referenceIdAt,
  writeU8,
  type DonorIndex,
  type IndexEntry,
} from './index-build.ts';
import type { Donor } from './types.ts';

const heightBounds = HEIGHT_RANGES.map(rangeBounds);
const ageBounds = AGE_RANGES.map(rangeBounds);

function copyBits(bits: DonorIndex['bits']): DonorIndex['bits'] {
  return Object.fromEntries(
    Object.entries(bits).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map((b: Bitset) => b.slice()) : (v as Bitset).slice(),
    ]),
  ) as DonorIndex['bits'];
}

function allBitsets(bits: DonorIndex['bits']): Bitset[] {
  return Object.values(bits).flatMap((v: Bitset | Bitset[]) => (Array.isArray(v) ? v : [v]));
}

/**
 * The index with `changed` donors' attributes replaced, equal to `buildIndex` over the catalogue with those
 * donors changed, or null when a change cannot be applied in place: a reference id the index does not hold (an
 * insertion moves positions: rebuild), or a different `asOf` (ages move: rebuild).
 */
export function updateIndex(
  index: DonorIndex,
  changed: readonly Donor[],
  options: { asOf: string | Date },
): DonorIndex | null {
  const asOf = isoDay(options.asOf);
  if (asOf !== index.asOf) return null;
  const positions = changed.map((d) => positionOf(index, d.reference_id));
  if (positions.some((p) => p < 0)) return null;
  if (changed.length === 0) return index;

  const cols = Object.fromEntries(
    Object.entries(index.cols).map(([k, v]) => [k, (v as Uint8Array).slice()]),
  ) as unknown as DonorIndex['cols'];
  const bits = copyBits(index.bits);
  const every = allBitsets(bits);
  const clinics = [...index.clinics];
  const clinicCodes = new Map(clinics.map((c, i) => [c, i]));
  const banks = [...index.banks];
  const bankCodes = new Map(banks.map((b, i) => [b, i]));
  changed.forEach((donor, k) => {
    const d = positions[k]!;
    const word = d >>> 5;
    const mask = ~(1 << (d & 31));
    for (const b of every) b[word]! &= mask;
    const c = encodeDonor(donor, asOf);
    writeU8(cols, d, c);
    cols.bmi[d] = c.bmi;
    cols.tested[d] = c.tested;
    cols.carrier[d] = c.carrier;
    cols.gClass[d] = c.gClass;
    cols.familyOpen[d] = c.familyOpen ? 1 : 0;
    cols.x[d] = c.x;
    cols.y[d] = c.y;
    cols.z[d] = c.z;
    cols.medical[d] = c.medical;
    cols.born[d] = bornCode(donor.date_of_birth);
    let clinic = clinicCodes.get(donor.clinic_reference_id);
    if (clinic === undefined) {
      clinic = clinics.push(donor.clinic_reference_id) - 1;
      clinicCodes.set(donor.clinic_reference_id, clinic);
    }
    cols.clinic[d] = clinic;
    cols.bank[d] = codeIn(banks, bankCodes, donor.bank_name);
    indexBits(bits, d, c, heightBounds, ageBounds);
  });
  if (clinics.length > 0xffff || banks.length > 0xffff) return null;
  rankTies(cols);
  return { ...index, cols, bits, clinics, banks };
}

/**
 * A new index from an old one plus `changed` donors (new or replacing the donor with the same reference id), for
 * `asOf`: what `buildIndex` gives over the old catalogue with those changes, without the old donors' records
 * (their codes are read back from the index, and ages recomputed from the stored dates of birth). Yields every
 * `sliceSize` donors, like `buildIndexInSteps`.
 */
export function* rebuildIndexInSteps(
  index: DonorIndex,
  changed: readonly Donor[],
  options: { asOf: string | Date; sliceSize: number },
): Generator<void, DonorIndex, void> {
  const asOf = isoDay(options.asOf);
  const fresh = [...changed].sort((a, b) =>
    a.reference_id < b.reference_id ? -1 : a.reference_id > b.reference_id ? 1 : 0,
  );
  const finite = Number.isFinite(options.sliceSize);
  // The merged order: an old position (>= 0) or a changed donor (-1 - its place in `fresh`).
  const refs: string[] = [];
  const from: number[] = [];
  let k = 0;
  for (let p = 0; p < index.size; p++) {
    const ref = referenceIdAt(index, p);
    while (k < fresh.length && fresh[k]!.reference_id < ref) {
      refs.push(fresh[k]!.reference_id);
      from.push(-1 - k++);
    }
    if (k < fresh.length && fresh[k]!.reference_id === ref) {
      refs.push(ref);
      from.push(-1 - k++);
    } else {
      refs.push(ref);
      from.push(p);
    }
    if (finite && (p + 1) % options.sliceSize === 0) yield;
  }
  for (; k < fresh.length; k++) {
    refs.push(fresh[k]!.reference_id);
    from.push(-1 - k);
  }
  const sameDay = asOf === index.asOf;
  return yield* fillIndex(refs, asOf, options.sliceSize, (i) => {
    const p = from[i]!;
    if (p < 0) {
      const d = fresh[-1 - p]!;
      return indexEntryOf(d, asOf);
    }
    const born = index.cols.born[p]!;
    const codes = readCodes(index, p);
    if (!sameDay) codes.age = ageCode(born, asOf);
    return { clinic: clinicIdAt(index, p), bank: bankAt(index, p), codes, born };
  });
}

/** What the index keeps of one donor (codes for `asOf`, clinic, date of birth): a few hundred bytes, not 2 KB. */
export function indexEntryOf(donor: Donor, asOf: string): IndexEntry {
  return {
    clinic: donor.clinic_reference_id,
    bank: donor.bank_name,
    codes: encodeDonor(donor, asOf),
    born: bornCode(donor.date_of_birth),
  };
}

/**
 * `buildIndexInSteps` from entries already encoded (`indexEntryOf`) instead of donor records, so a caller
 * loading a large catalogue page by page can drop each record once encoded. `refs[i]` is entry i's reference
 * id; entries in reference-id order are used as they are, others are sorted first.
 */
export function* buildIndexFromEntriesInSteps(
  refs: readonly string[],
  entries: readonly IndexEntry[],
  options: { asOf: string; sliceSize: number },
): Generator<void, DonorIndex, void> {
  let sorted = true;
  for (let i = 1; i < refs.length && sorted; i++) sorted = refs[i - 1]! < refs[i]!;
  if (sorted) return yield* fillIndex(refs, options.asOf, options.sliceSize, (i) => entries[i]!);
  const order = refs.map((_, i) => i).sort((a, b) => (refs[a]! < refs[b]! ? -1 : refs[a]! > refs[b]! ? 1 : 0));
  yield;
  return yield* fillIndex(
    order.map((i) => refs[i]!),
    options.asOf,
    options.sliceSize,
    (i) => entries[order[i]!]!,
  );
}

/** -1, 0 or 1 as the reference id at position `d` sorts before, with or after `ref` (UTF-8 bytes: code point order). */
function compareAt(index: DonorIndex, d: number, ref: Uint8Array): number {
  const start = index.refOffsets[d]!;
  const length = index.refOffsets[d + 1]! - start;
  const n = Math.min(length, ref.length);
  for (let i = 0; i < n; i++) {
    const diff = index.refBytes[start + i]! - ref[i]!;
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return length === ref.length ? 0 : length < ref.length ? -1 : 1;
}

/** First position whose reference id is not below `ref` (where a new donor with that id goes). */
function lowerBound(index: DonorIndex, ref: Uint8Array): number {
  let lo = 0;
  let hi = index.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(index, mid, ref) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Copies `length` bits of `src` from bit `from` into `dst` (zero there) from bit `to`, up to 32 at a time. */
function copyBitRange(src: Bitset, from: number, dst: Bitset, to: number, length: number): void {
  while (length > 0) {
    const chunk = Math.min(length, 32 - (from & 31), 32 - (to & 31));
    const mask = chunk === 32 ? 0xffffffff : (1 << chunk) - 1;
    const v = (src[from >>> 5]! >>> (from & 31)) & mask;
    if (v !== 0) dst[to >>> 5]! |= v << (to & 31);
    from += chunk;
    to += chunk;
    length -= chunk;
  }
}

/** The query-independent tie-break key of `rankTies`, without the position (compared after it). */
const tieKey = (cols: DonorIndex['cols'], d: number) =>
  ((0xffff - cols.medical[d]!) * 8 + tieAvailability(cols.availability[d]!)) * 256 + (0xff - cols.slots[d]!);

/**
 * The index with donors added, replaced and removed, equal to `buildIndex` over the catalogue so changed (property
 * test), without re-encoding the donors that stay: their columns are copied in runs (`TypedArray.set`), their
 * bits moved to their new positions, and only the new and changed donors encoded. Copy-on-write like
 * `updateIndex`. Yields every `sliceSize` donors encoded and between groups of bitsets, so a large import never
 * holds the event loop for long. Returns null for another day (ages move: `rebuildIndexInSteps`).
 */
export function* mergeIndexInSteps(
  index: DonorIndex,
  changed: readonly Donor[],
  options: { asOf: string | Date; sliceSize: number; removed?: readonly string[] },
): Generator<void, DonorIndex | null, void> {
  const asOf = isoDay(options.asOf);
  if (asOf !== index.asOf) return null;
  const finite = Number.isFinite(options.sliceSize);
  const slice = finite ? options.sliceSize : Number.POSITIVE_INFINITY;
  const n = index.size;
  // Old position -> new position; -1: removed. Replaced donors keep their position and are written afresh.
  const moved = new Int32Array(n);
  const rewrite = new Uint8Array(n);
  const removedIds = new Set(options.removed ?? []);
  const added: { donor: Donor; at: number }[] = [];
  const replaced: { donor: Donor; at: number }[] = [];
  let work = 0;
  const encoder = new TextEncoder();
  for (const donor of changed) {
    if (removedIds.has(donor.reference_id)) continue;
    const bytes = encoder.encode(donor.reference_id);
    const at = lowerBound(index, bytes);
    if (at < n && compareAt(index, at, bytes) === 0) replaced.push({ donor, at });
    else added.push({ donor, at });
    if (finite && ++work % slice === 0) yield;
  }
  for (const ref of removedIds) {
    const at = positionOf(index, ref);
    if (at >= 0) moved[at] = -1;
  }
  for (const r of replaced) rewrite[r.at] = 1;
  added.sort((a, b) => a.at - b.at || (a.donor.reference_id < b.donor.reference_id ? -1 : 1));
  // The merged order: from[q] is the old position at new position q, or -1 - k for added[k].
  const from: number[] = [];
  let k = 0;
  for (let p = 0; p <= n; p++) {
    while (k < added.length && added[k]!.at === p) from.push(-1 - k++);
    if (p === n) break;
    if (moved[p] === -1) continue;
    moved[p] = from.length;
    from.push(p);
  }
  const size = from.length;
  // Runs of kept donors that stay contiguous: [old start, new start, length].
  const runs: number[] = [];
  for (let q = 0; q < size; q++) {
    const p = from[q]!;
    if (p < 0) continue;
    const last = runs.length - 3;
    if (last >= 0 && runs[last]! + runs[last + 2]! === p && runs[last + 1]! + runs[last + 2]! === q)
      runs[last + 2]! += 1;
    else runs.push(p, q, 1);
  }
  type Column = DonorIndex['cols'][keyof DonorIndex['cols']];
  const copyColumn = <T extends Column>(src: T): T => {
    const dst = new (src.constructor as new (length: number) => T)(size);
    for (let r = 0; r < runs.length; r += 3)
      dst.set(src.subarray(runs[r]!, runs[r]! + runs[r + 2]!) as never, runs[r + 1]!);
    return dst;
  };
  const cols = Object.fromEntries(
    Object.entries(index.cols).map(([key, v]) => [key, copyColumn(v as Column)]),
  ) as unknown as DonorIndex['cols'];
  yield;
  // Bits of the kept donors, copied in the same runs (a replaced donor's are cleared and written afresh below).
  const moveBits = (src: Bitset): Bitset => {
    const dst = newBitset(size);
    for (let r = 0; r < runs.length; r += 3) copyBitRange(src, runs[r]!, dst, runs[r + 1]!, runs[r + 2]!);
    for (const x of replaced) {
      const q = moved[x.at]!;
      dst[q >>> 5]! &= ~(1 << (q & 31));
    }
    return dst;
  };
  const bits = {} as Record<string, Bitset | Bitset[]>;
  for (const [key, v] of Object.entries(index.bits) as [string, Bitset | Bitset[]][])
    bits[key] = Array.isArray(v) ? v.map(moveBits) : moveBits(v);
  yield;
  const newBits = bits as unknown as DonorIndex['bits'];
  // Reference ids: the kept ones' bytes copied in runs, the added ones encoded.
  const addedBytes = added.map((a) => encoder.encode(a.donor.reference_id));
  const refOffsets = new Uint32Array(size + 1);
  for (let q = 0; q < size; q++) {
    const p = from[q]!;
    const length = p >= 0 ? index.refOffsets[p + 1]! - index.refOffsets[p]! : addedBytes[-1 - p]!.length;
    refOffsets[q + 1] = refOffsets[q]! + length;
  }
  const refBytes = new Uint8Array(refOffsets[size]!);
  for (let r = 0; r < runs.length; r += 3) {
    const [p, q, length] = [runs[r]!, runs[r + 1]!, runs[r + 2]!];
    refBytes.set(index.refBytes.subarray(index.refOffsets[p]!, index.refOffsets[p + length]!), refOffsets[q]!);
  }
  for (let q = 0; q < size; q++) if (from[q]! < 0) refBytes.set(addedBytes[-1 - from[q]!]!, refOffsets[q]!);
  // The new and changed donors, encoded.
  const clinics = [...index.clinics];
  const clinicCodes = new Map(clinics.map((c, i) => [c, i]));
  const banks = [...index.banks];
  const bankCodes = new Map(banks.map((b, i) => [b, i]));
  const write = (q: number, donor: Donor) => {
    const c = encodeDonor(donor, asOf);
    writeU8(cols, q, c);
    cols.bmi[q] = c.bmi;
    cols.tested[q] = c.tested;
    cols.carrier[q] = c.carrier;
    cols.gClass[q] = c.gClass;
    cols.familyOpen[q] = c.familyOpen ? 1 : 0;
    cols.x[q] = c.x;
    cols.y[q] = c.y;
    cols.z[q] = c.z;
    cols.medical[q] = c.medical;
    cols.born[q] = bornCode(donor.date_of_birth);
    let clinic = clinicCodes.get(donor.clinic_reference_id);
    if (clinic === undefined) {
      clinic = clinics.push(donor.clinic_reference_id) - 1;
      clinicCodes.set(donor.clinic_reference_id, clinic);
    }
    cols.clinic[q] = clinic;
    cols.bank[q] = codeIn(banks, bankCodes, donor.bank_name);
    indexBits(newBits, q, c, heightBounds, ageBounds);
  };
  for (const r of replaced) {
    write(moved[r.at]!, r.donor);
    if (finite && ++work % slice === 0) yield;
  }
  for (let q = 0; q < size; q++) {
    const p = from[q]!;
    if (p >= 0) continue;
    write(q, added[-1 - p]!.donor);
    if (finite && ++work % slice === 0) yield;
  }
  if (clinics.length > 0xffff) throw new Error('More than 65535 clinics: widen the clinic column');
  yield;
  mergeTieRanks(index, cols, moved, rewrite, from);
  if (banks.length > 0xffff) throw new Error('More than 65535 banks: widen the bank column');
  return { size, asOf, cols, bits: newBits, refBytes, refOffsets, clinics, banks };
}

/**
 * `rankTies` for a merged index without sorting every donor again: the kept donors keep their order among
 * themselves (their keys did not change and positions moved in order), so the new and rewritten donors, sorted,
 * are merged into it.
 */
function mergeTieRanks(
  old: DonorIndex,
  cols: DonorIndex['cols'],
  moved: Int32Array,
  rewrite: Uint8Array,
  from: readonly number[],
): void {
  const byRank = new Int32Array(old.size);
  for (let p = 0; p < old.size; p++) byRank[old.cols.tieRank[p]!] = p;
  const fresh: number[] = [];
  for (let q = 0; q < from.length; q++) if (from[q]! < 0 || rewrite[from[q]!] === 1) fresh.push(q);
  const before = (a: number, b: number) => {
    const ka = tieKey(cols, a);
    const kb = tieKey(cols, b);
    return ka < kb || (ka === kb && a < b);
  };
  fresh.sort((a, b) => (before(a, b) ? -1 : 1));
  let rank = 0;
  let f = 0;
  for (let r = 0; r < old.size; r++) {
    const p = byRank[r]!;
    const q = moved[p]!;
    if (q < 0 || rewrite[p] === 1) continue;
    while (f < fresh.length && before(fresh[f]!, q)) cols.tieRank[fresh[f++]!] = rank++;
    cols.tieRank[q] = rank++;
  }
  while (f < fresh.length) cols.tieRank[fresh[f++]!] = rank++;
}

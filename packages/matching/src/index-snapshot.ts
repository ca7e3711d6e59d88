import { createIndexWriter, type DonorIndex } from './index-build.ts';

/**
 * The index as bytes and back (issue 26, start time): a server that finds a snapshot of the index its engine
 * builds loads it in milliseconds instead of reading and encoding every donor's source (at 100,000 donors, about
 * 115 MB of JSON parsed and encoded, most of a start's CPU), then applies the donors changed since.
 *
 * Layout: a little-endian u32 with the header's length, the header as JSON (size, day, clinic and bank names, and
 * each typed array's place in the index, kind and length), then each array's bytes at an 8-byte boundary. The
 * arrays are copied out on reading, so the bytes may sit at any offset (a database driver's pooled buffer).
 * Whether a snapshot fits this engine (its codes and vocabularies) is the caller's business: the API keys
 * snapshots by a hash of the engine's source (catalogue.snapshot.ts).
 */

const KINDS = { Uint8Array, Uint16Array, Uint32Array, Float32Array } as const;
type Kind = keyof typeof KINDS;
type Typed = Uint8Array | Uint16Array | Uint32Array | Float32Array;
type Part = { path: string; kind: Kind; length: number };
type Header = {
  format: 'kindred-index/1';
  size: number;
  asOf: string;
  clinics: readonly string[];
  banks: readonly string[];
  parts: Part[];
};

const kindOf = (a: Typed): Kind => {
  const kind = a.constructor.name as Kind;
  if (!(kind in KINDS)) throw new Error(`Unexpected array in the index: ${kind}`);
  return kind;
};
const align8 = (n: number) => (n + 7) & ~7;

/** Every typed array of the index with its path (`cols.race`, `bits.race.0`, `refBytes`), in a fixed order. */
function arraysOf(index: DonorIndex): [string, Typed][] {
  const out: [string, Typed][] = [];
  for (const [k, a] of Object.entries(index.cols)) out.push([`cols.${k}`, a]);
  for (const [k, v] of Object.entries(index.bits)) {
    if (Array.isArray(v)) v.forEach((a, i) => out.push([`bits.${k}.${i}`, a]));
    else out.push([`bits.${k}`, v]);
  }
  out.push(['refBytes', index.refBytes], ['refOffsets', index.refOffsets]);
  return out;
}

/** The index as one byte array (`deserializeIndex` gives back an equal index). */
export function serializeIndex(index: DonorIndex): Uint8Array {
  const arrays = arraysOf(index);
  const header: Header = {
    format: 'kindred-index/1',
    size: index.size,
    asOf: index.asOf,
    clinics: index.clinics,
    banks: index.banks,
    parts: arrays.map(([path, a]) => ({ path, kind: kindOf(a), length: a.length })),
  };
  const head = new TextEncoder().encode(JSON.stringify(header));
  let at = align8(4 + head.length);
  const starts = arrays.map(([, a]) => {
    const start = at;
    at = align8(at + a.byteLength);
    return start;
  });
  const out = new Uint8Array(at);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  arrays.forEach(([, a], i) => out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), starts[i]));
  return out;
}

/** The index `serializeIndex` wrote. Throws on bytes that are not a whole snapshot of this layout. */
export function deserializeIndex(bytes: Uint8Array): DonorIndex {
  if (bytes.byteLength < 4) throw new Error('Index snapshot too short');
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + headLength > bytes.byteLength) throw new Error('Index snapshot header cut short');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headLength))) as Header;
  if (header.format !== 'kindred-index/1') throw new Error(`Unknown index snapshot format: ${header.format}`);
  let at = align8(4 + headLength);
  const cols: Record<string, Typed> = {};
  const bits: Record<string, Typed | Typed[]> = {};
  let refBytes: Uint8Array | undefined;
  let refOffsets: Uint32Array | undefined;
  for (const { path, kind, length } of header.parts) {
    const Ctor = KINDS[kind];
    if (!Ctor) throw new Error(`Unknown array kind in index snapshot: ${kind}`);
    const byteLength = length * Ctor.BYTES_PER_ELEMENT;
    if (at + byteLength > bytes.byteLength) throw new Error('Index snapshot cut short');
    // A copy in its own aligned buffer, whatever the offset of `bytes` (not `bytes.slice`: a Node Buffer's slice
    // is a view into the pooled buffer).
    const copy = new Uint8Array(byteLength);
    copy.set(bytes.subarray(at, at + byteLength));
    const a = new Ctor(copy.buffer, 0, length);
    at = align8(at + byteLength);
    const [top, key, slot] = path.split('.');
    if (top === 'cols') cols[key!] = a;
    else if (top === 'bits' && slot === undefined) bits[key!] = a;
    else if (top === 'bits') ((bits[key!] ??= []) as Typed[])[Number(slot)] = a;
    else if (path === 'refBytes') refBytes = a as Uint8Array;
    else if (path === 'refOffsets') refOffsets = a as Uint32Array;
    else throw new Error(`Unknown part in index snapshot: ${path}`);
  }
  if (!refBytes || !refOffsets || refOffsets.length !== header.size + 1)
    throw new Error('Index snapshot without its reference ids');
  // Every array this engine's index has, of the same kind, and no other; each column one entry per donor.
  const expected = arraysOf(createIndexWriter(0, header.asOf).finish([]))
    .map(([path, a]) => `${path}:${kindOf(a)}`)
    .join(',');
  if (header.parts.map((p) => `${p.path}:${p.kind}`).join(',') !== expected)
    throw new Error('Index snapshot of another shape than this engine builds');
  if (Object.values(cols).some((a) => a.length !== header.size))
    throw new Error('Index snapshot columns of wrong size');
  return {
    size: header.size,
    asOf: header.asOf,
    cols: cols as DonorIndex['cols'],
    bits: bits as DonorIndex['bits'],
    refBytes,
    refOffsets,
    clinics: header.clinics,
    banks: header.banks,
  };
}

import { randomInt } from 'node:crypto';
import type { Donor } from '@kindred/matching';
import type { DonorGeneResult } from '@kindred/shared/genetics';
import type { Queryable } from '../../db/db.ts';
import { findDonorsByBankIds, findDonorsByReferences } from './catalogue.repository.ts';

/** A valid donor whose public id is still to be settled (null: none given, one will be generated). */
/**
 * `genes`: the per-gene carrier results; `carrier_panel_name`: the bank's name for its screening panel, where given
 * (both kept in the record, issue 24).
 */
export type ImportCandidate = Omit<Donor, 'reference_id'> & {
  reference_id: string | null;
  genes?: DonorGeneResult[];
  carrier_panel_name?: string | null;
};

/** K + one letter for the donor type + six digits, e.g. KE004211 (egg), KS… (sperm), KG… (gestational surrogate). */
const TYPE_LETTER: Record<Donor['donor_type'], string> = { egg: 'E', sperm: 'S', surrogate: 'G' };
export const newReferenceId = (type: Donor['donor_type']) =>
  `K${TYPE_LETTER[type]}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const bankKey = (d: { bank_name: string; bank_donor_id: string }) => `${d.bank_name}\u0000${d.bank_donor_id}`;

/** Keys looked up per query: one query for a whole 5 MiB import (18,000 keys) held the event loop ~50 ms. */
const LOOKUP_CHUNK = 2000;

/** `lookup` over `keys` a chunk at a time (each query a turn of the event loop), results concatenated. */
async function inChunks<K, R>(keys: readonly K[], lookup: (chunk: readonly K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) out.push(...(await lookup(keys.slice(i, i + LOOKUP_CHUNK))));
  return out;
}

/**
 * Public ids for a batch of imported donors. A donor the bank sent before keeps the id parents already know; a
 * new donor keeps the id in its row when no other donor holds it; anyone else gets a newly generated unique id.
 */
export async function assignReferenceIds(db: Queryable, candidates: readonly ImportCandidate[]): Promise<Donor[]> {
  const stored = await inChunks(candidates, (chunk) =>
    findDonorsByBankIds(
      db,
      chunk.map((c) => c.bank_name),
      chunk.map((c) => c.bank_donor_id),
    ),
  );
  const known = new Map(stored.map((d) => [bankKey(d), d.reference_id]));
  const requested = candidates.flatMap((c) => (c.reference_id && !known.has(bankKey(c)) ? [c.reference_id] : []));
  // Which stored donor holds each id: an id is free for a candidate only if nobody else holds it.
  const holding = await inChunks(requested, (chunk) => findDonorsByReferences(db, chunk));
  const holders = new Map(holding.map((d) => [d.reference_id, bankKey(d)]));
  for (const [key, ref] of known) holders.set(ref, key);

  const out: Donor[] = [];
  const pending: number[] = [];
  for (const c of candidates) {
    const key = bankKey(c);
    const stored = known.get(key);
    const wanted = c.reference_id;
    let ref: string | null = stored ?? null;
    if (!ref && wanted && (holders.get(wanted) ?? key) === key) ref = wanted;
    if (ref) holders.set(ref, key);
    else pending.push(out.length);
    out.push({ ...c, reference_id: ref ?? '' });
  }
  // Generated ids are checked against the batch and the database; collisions (rare) are simply drawn again.
  while (pending.length > 0) {
    const draws = pending.map((i) => {
      let id: string;
      do id = newReferenceId(out[i]!.donor_type);
      while (holders.has(id));
      holders.set(id, bankKey(out[i]!));
      return id;
    });
    const taken = new Set(
      (await inChunks(draws, (chunk) => findDonorsByReferences(db, chunk))).map((d) => d.reference_id),
    );
    const retry: number[] = [];
    pending.forEach((i, n) => {
      if (taken.has(draws[n]!)) retry.push(i);
      else out[i]!.reference_id = draws[n]!;
    });
    pending.splice(0, pending.length, ...retry);
  }
  return out;
}

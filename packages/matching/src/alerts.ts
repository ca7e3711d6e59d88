/**
 * Saved-search alerts (issue 28): which alerts each changed donor has just entered the passing set of. The donors
 * to check are few (an import, an availability or family-limit change), so the caller indexes only them, twice: as
 * they are now and as they were before the change. Whether a donor passes an alert depends on that donor alone
 * (hard filters and results-page refinements are per donor), so the small indexes answer exactly what the whole
 * catalogue's index would, and each alert costs a handful of word-wise ANDs over a few dozen words.
 */
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import type { Bitset } from './bitset.ts';
import { newBitset, setBit } from './bitset.ts';
import { activeFilters, matchingBits, refineBits, refines } from './filters.ts';
import type { DonorIndex } from './index-build.ts';
import { indexEntryOfSource } from './index-source.ts';
import { buildIndexFromEntriesInSteps } from './index-update.ts';
import type { IndexSource, Refinement } from './types.ts';

/** One saved search: a normalised preference set and the results-page filters saved with it. */
export type AlertQuery = { prefs: NormalizedPreferences; refine?: Refinement };

/** The donors of `index` passing the alert (its hard filters, then its refinement), as a new or shared bitset. */
export function alertPassing(index: DonorIndex, alert: AlertQuery): Bitset {
  const passing = matchingBits(
    index,
    alert.prefs,
    activeFilters(index, alert.prefs, { includeReserved: alert.refine?.includeReserved }),
  );
  return refines(alert.refine) ? refineBits(index, alert.prefs, passing, alert.refine) : passing;
}

/**
 * For each alert, the positions of the donors that pass it in `after` and did not in `before`. Both indexes hold
 * the same donors in the same order (built from the same reference ids); `existedBefore` marks the donors that
 * had a previous state at all (a new donor's `before` entry is a placeholder, and it enters every alert it passes).
 * Positions are in ascending order.
 */
export function enteredByAlert(
  before: DonorIndex,
  after: DonorIndex,
  existedBefore: Bitset,
  alerts: readonly AlertQuery[],
): number[][] {
  if (before.size !== after.size) throw new RangeError('before and after must index the same donors');
  return alerts.map((alert) => {
    const now = alertPassing(after, alert);
    const was = alertPassing(before, alert);
    const out: number[] = [];
    for (let w = 0; w < now.length; w++) {
      let bits = now[w]! & ~(was[w]! & existedBefore[w]!);
      while (bits !== 0) {
        const low = bits & -bits;
        out.push((w << 5) | (31 - Math.clz32(low)));
        bits ^= low;
      }
    }
    return out;
  });
}

/** Changed donors as they are now and as they were before the change (`null`: the donor is new). */
export type ChangedDonors = {
  refs: readonly string[];
  before: readonly (IndexSource | null)[];
  after: readonly IndexSource[];
};

function indexOf(refs: readonly string[], sources: readonly IndexSource[], asOf: string): DonorIndex {
  const steps = buildIndexFromEntriesInSteps(
    refs,
    sources.map((s) => indexEntryOfSource(s, asOf)),
    { asOf, sliceSize: Number.MAX_SAFE_INTEGER },
  );
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * For each alert, the reference ids of the changed donors that have just entered its passing set (pass it now and
 * did not before, or are new and pass it), each list in reference-id order. Ages are computed for `asOf` on both
 * sides, so a birthday alone never makes a donor enter. Cost: two small indexes, then `enteredByAlert`.
 */
export function enteredAlerts(changed: ChangedDonors, alerts: readonly AlertQuery[], asOf: string): string[][] {
  const { refs } = changed;
  if (refs.length === 0) return alerts.map(() => []);
  // Indexes are in reference-id order: sort once, so both hold each donor at the same position.
  const order = refs.map((_, i) => i).sort((a, b) => (refs[a]! < refs[b]! ? -1 : refs[a]! > refs[b]! ? 1 : 0));
  const sortedRefs = order.map((i) => refs[i]!);
  const after = indexOf(
    sortedRefs,
    order.map((i) => changed.after[i]!),
    asOf,
  );
  const before = indexOf(
    sortedRefs,
    order.map((i) => changed.before[i] ?? changed.after[i]!),
    asOf,
  );
  const existed = newBitset(refs.length);
  order.forEach((i, d) => {
    if (changed.before[i]) setBit(existed, d);
  });
  return enteredByAlert(before, after, existed, alerts).map((positions) => positions.map((d) => sortedRefs[d]!));
}

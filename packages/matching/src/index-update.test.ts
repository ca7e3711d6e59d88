import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizePreferences } from '@kindred/shared/preferences';
import { bankAt, clinicIdAt, referenceIdAt } from './index-build.ts';
import {
  buildIndex,
  buildIndexFromEntriesInSteps,
  buildIndexInSteps,
  countMatches,
  indexEntryOf,
  mergeIndexInSteps,
  rankDonors,
  rebuildIndexInSteps,
  updateIndex,
} from './index.ts';
import { ALL, AS_OF, catalogue, origin, RUNS, rawPreferences } from './test-arbitraries.ts';
import type { DonorIndex } from './index-build.ts';
import type { Donor } from './types.ts';

/** Everything but the clinic codes, which number clinics in the order they were first met. */
/** Costs for two of the demo banks (issue 29); the rest have none. */
const PRICES = { 'Northstar Cryobank (fictional)': 350_000, 'Lakeside Cryo (fictional)': 420_000 };

function comparable(index: DonorIndex) {
  const { clinic: _clinic, bank: _bank, ...cols } = index.cols;
  const clinicIds = Array.from({ length: index.size }, (_, d) => clinicIdAt(index, d));
  // Codes depend on the order names were met in: compared by name, as clinics are.
  const banks = Array.from({ length: index.size }, (_, d) => bankAt(index, d));
  const refs = Array.from({ length: index.size }, (_, d) => referenceIdAt(index, d));
  return { size: index.size, asOf: index.asOf, cols, bits: index.bits, clinicIds, banks, refs };
}

/** Donors `changedSeed` gives other attributes while keeping who they are (ids and bank). */
function change(donors: readonly Donor[], picks: readonly number[], changedSeed: number): Donor[] {
  const others = catalogue(donors.length, changedSeed);
  return picks.map((i) => ({
    ...others[i]!,
    reference_id: donors[i]!.reference_id,
    bank_name: donors[i]!.bank_name,
    bank_donor_id: donors[i]!.bank_donor_id,
  }));
}

describe('updating an index in place of a rebuild', () => {
  const scenario = fc
    .record({
      size: fc.integer({ min: 1, max: 120 }),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      changedSeed: fc.integer({ min: 1, max: 1_000_000 }),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      raw: rawPreferences,
      origin,
    })
    .map((s) => {
      const donors = catalogue(s.size, s.seed);
      const picks = [...new Set(s.picks.map((p) => p % s.size))];
      const changed = change(donors, picks, s.changedSeed);
      const after = donors.map((d) => changed.find((c) => c.reference_id === d.reference_id) ?? d);
      return { ...s, donors, changed, after, prefs: normalizePreferences(s.raw, { origin: s.origin }) };
    });

  it('gives the index a rebuild gives, and the same rankings and counts', () => {
    fc.assert(
      fc.property(scenario, ({ donors, changed, after, prefs }) => {
        const before = buildIndex(donors, { asOf: AS_OF });
        const snapshot = structuredClone(comparable(before));
        const updated = updateIndex(before, changed, { asOf: AS_OF });
        const rebuilt = buildIndex(after, { asOf: AS_OF });
        expect(updated).not.toBeNull();
        expect(comparable(updated!)).toEqual(comparable(rebuilt));
        expect(rankDonors(updated!, prefs, { limit: ALL })).toEqual(rankDonors(rebuilt, prefs, { limit: ALL }));
        expect(countMatches(updated!, prefs)).toBe(countMatches(rebuilt, prefs));
        // Copy-on-write: a request still holding the old index sees the old catalogue.
        expect(comparable(before)).toEqual(snapshot);
      }),
      RUNS,
    );
  });

  it('declines what needs a rebuild: a donor the index does not hold, or another day', () => {
    const donors = catalogue(30, 7);
    const index = buildIndex(donors.slice(1), { asOf: AS_OF });
    expect(updateIndex(index, [donors[0]!], { asOf: AS_OF })).toBeNull();
    expect(updateIndex(index, [donors[1]!], { asOf: '2031-01-01' })).toBeNull();
  });

  it('rebuilds from an index plus new and changed donors, for another day, what buildIndex builds', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 3000 }), ({ donors, changed, after, prefs }, days) => {
        const [added, ...kept] = donors;
        const before = buildIndex(kept, { asOf: AS_OF });
        const later = new Date(Date.parse(AS_OF) + days * 86_400_000).toISOString().slice(0, 10);
        const changes = [...changed.filter((d) => d.reference_id !== added!.reference_id), added!];
        const expected = after;
        const steps = rebuildIndexInSteps(before, changes, { asOf: later, sliceSize: 7 });
        let step = steps.next();
        while (!step.done) step = steps.next();
        const rebuilt = buildIndex(
          expected.map((d) => (d.reference_id === added!.reference_id ? added! : d)),
          { asOf: later },
        );
        expect(comparable(step.value)).toEqual(comparable(rebuilt));
        expect(rankDonors(step.value, prefs, { limit: ALL })).toEqual(rankDonors(rebuilt, prefs, { limit: ALL }));
      }),
      RUNS,
    );
  });

  it('builds from encoded entries, in any order, the index buildIndex builds from the records', () => {
    const donors = catalogue(90, 5);
    const run = (list: typeof donors) => {
      const steps = buildIndexFromEntriesInSteps(
        list.map((d) => d.reference_id),
        list.map((d) => indexEntryOf(d, AS_OF)),
        { asOf: AS_OF, sliceSize: 10 },
      );
      let step = steps.next();
      while (!step.done) step = steps.next();
      return comparable(step.value);
    };
    const expected = comparable(buildIndex(donors, { asOf: AS_OF }));
    expect(run([...donors].sort((a, b) => (a.reference_id < b.reference_id ? -1 : 1)))).toEqual(expected);
    expect(run([...donors].reverse())).toEqual(expected);
  });

  it('builds in slices the very index buildIndex builds, yielding between slices', () => {
    const donors = catalogue(250, 11);
    const steps = buildIndexInSteps(donors, { asOf: AS_OF, sliceSize: 50 });
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    expect(yields).toBeGreaterThanOrEqual(5);
    expect(comparable(step.value)).toEqual(comparable(buildIndex(donors, { asOf: AS_OF })));
  });
});

describe('merging new, changed and removed donors into an index (issue 26)', () => {
  const run = <T>(steps: Generator<void, T, void>): { value: T; yields: number } => {
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields += 1;
    return { value: step.value, yields };
  };

  it('gives the index a rebuild gives, leaving the old one as it was', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 150 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        rawPreferences,
        origin,
        (size, seed, changedSeed, addPicks, changePicks, removePicks, raw, from) => {
          const donors = catalogue(size, seed);
          // Donor 0 is always held, so there is something to change and remove.
          const added = new Set(addPicks.map((p) => p % size).filter((i) => i !== 0));
          const held = donors.filter((_, i) => !added.has(i));
          const heldIdx = donors.flatMap((_, i) => (added.has(i) ? [] : [i]));
          const changedIdx = [...new Set(changePicks.map((p) => heldIdx[p % heldIdx.length]!))];
          const removedIdx = new Set(
            removePicks.map((p) => heldIdx[p % heldIdx.length]!).filter((i) => !changedIdx.includes(i)),
          );
          const changedDonors = change(donors, changedIdx, changedSeed);
          const newDonors = [...added].map((i) => donors[i]!);
          const removed = [...removedIdx].map((i) => donors[i]!.reference_id);
          const before = buildIndex(held, { asOf: AS_OF });
          const snapshot = structuredClone(comparable(before));
          const merged = run(
            mergeIndexInSteps(before, [...changedDonors, ...newDonors], { asOf: AS_OF, sliceSize: 3, removed }),
          ).value;
          const after = donors
            .filter((_, i) => !removedIdx.has(i))
            .map((d) => changedDonors.find((c) => c.reference_id === d.reference_id) ?? d);
          const rebuilt = buildIndex(after, { asOf: AS_OF });
          expect(merged).not.toBeNull();
          expect(comparable(merged!)).toEqual(comparable(rebuilt));
          const prefs = normalizePreferences(raw, { origin: from });
          expect(rankDonors(merged!, prefs, { limit: ALL })).toEqual(rankDonors(rebuilt, prefs, { limit: ALL }));
          // By price (issue 29): the bank column follows the donors through the merge.
          const byPrice = { limit: ALL, sort: 'price' as const, cost: PRICES, refine: { maxCost: 400_000 } };
          expect(rankDonors(merged!, prefs, byPrice)).toEqual(rankDonors(rebuilt, prefs, byPrice));
          expect(countMatches(merged!, prefs)).toBe(countMatches(rebuilt, prefs));
          expect(comparable(before)).toEqual(snapshot);
        },
      ),
      RUNS,
    );
  });

  it('yields between slices of a large change, and declines another day', () => {
    const donors = catalogue(400, 13);
    const before = buildIndex(donors.slice(0, 100), { asOf: AS_OF });
    const merged = run(mergeIndexInSteps(before, donors.slice(100), { asOf: AS_OF, sliceSize: 50 }));
    expect(merged.yields).toBeGreaterThanOrEqual(6);
    expect(comparable(merged.value!)).toEqual(comparable(buildIndex(donors, { asOf: AS_OF })));
    expect(run(mergeIndexInSteps(before, donors.slice(100), { asOf: '2031-01-01', sliceSize: 50 })).value).toBeNull();
  });
});

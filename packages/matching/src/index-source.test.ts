import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GENETIC_CONDITIONS } from '@kindred/shared/vocabulary';
import { normalizePreferences } from '@kindred/shared/preferences';
import { buildIndex, buildIndexFromEntriesInSteps, indexEntryOfSource, indexSourceOf, rankDonors } from './index.ts';
import { ALL, AS_OF, catalogue, origin, rawPreferences, RUNS } from './test-arbitraries.ts';
import type { Donor } from './types.ts';

/** Panels a store may hold besides the generated ones: found but not marked tested, names outside the list, none. */
function oddPanels(donors: Donor[], seed: number): Donor[] {
  return donors.map((d, i) => {
    const k = (i + seed) % 5;
    if (k === 0) return { ...d, carrier_screening: {} };
    if (k === 1) {
      const c = GENETIC_CONDITIONS[(i * 7 + seed) % GENETIC_CONDITIONS.length]!;
      return { ...d, carrier_screening: { ...d.carrier_screening, [c]: { tested: false, carrier: true } } };
    }
    if (k === 2)
      return {
        ...d,
        carrier_screening: { ...d.carrier_screening, not_a_condition: { tested: true, carrier: true } } as never,
      };
    return d;
  });
}

function fromSources(donors: readonly Donor[]) {
  const sorted = [...donors].sort((a, b) => (a.reference_id < b.reference_id ? -1 : 1));
  // Through JSON, as a store hands the sources over.
  const sources = sorted.map((d) => JSON.parse(JSON.stringify(indexSourceOf(d))) as ReturnType<typeof indexSourceOf>);
  const steps = buildIndexFromEntriesInSteps(
    sorted.map((d) => d.reference_id),
    // The bank comes beside the source (a column of its own in the store, issue 29).
    sources.map((s, i) => indexEntryOfSource(s, AS_OF, sorted[i]!.bank_name)),
    { asOf: AS_OF, sliceSize: 25 },
  );
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

describe('building the index from index sources instead of records', () => {
  it('gives the index, rankings and counts the records give', () => {
    fc.assert(
      fc.property(
        fc.record({
          size: fc.integer({ min: 1, max: 150 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          raw: rawPreferences,
          origin,
        }),
        ({ size, seed, raw, origin: o }) => {
          const donors = oddPanels(catalogue(size, seed), seed);
          const expected = buildIndex(donors, { asOf: AS_OF });
          const built = fromSources(donors);
          expect(built.cols).toEqual(expected.cols);
          expect(built.bits).toEqual(expected.bits);
          expect(built.refBytes).toEqual(expected.refBytes);
          const prefs = normalizePreferences(raw, { origin: o });
          expect(rankDonors(built, prefs, { limit: ALL })).toEqual(rankDonors(expected, prefs, { limit: ALL }));
        },
      ),
      RUNS,
    );
  });

  it('keeps the carrier panel as two short lists: a result (tested or found), and found', () => {
    const source = indexSourceOf({
      ...catalogue(1, 1)[0]!,
      carrier_screening: {
        cystic_fibrosis: { tested: true, carrier: false },
        tay_sachs_disease: { tested: false, carrier: true },
        gaucher_disease: { tested: false, carrier: false },
      },
    });
    expect(source.carrier_tested).toEqual(['cystic_fibrosis', 'tay_sachs_disease']);
    expect(source.carrier_found).toEqual(['tay_sachs_disease']);
    expect(Object.keys(source)).not.toContain('essay');
  });
});

describe('index sources with per-gene results (issue 24)', () => {
  it('give the index the records give, genes overriding the condition names', async () => {
    const { generateDonors } = await import('./generate.ts');
    const donors = generateDonors(400, 24).map((d, i) =>
      // Every third: a stated result that contradicts the condition names (HbC stated, sickle cell named).
      i % 3 === 0
        ? {
            ...d,
            carrier_screening: { ...d.carrier_screening, sickle_cell_disease: { tested: true, carrier: true } },
            genes: [
              ...(d.genes ?? []).filter((g) => g.gene !== 'HBB'),
              {
                gene: 'HBB' as const,
                tested: true,
                carrier: true,
                variant_class: 'hbb_c' as const,
                detection_rate: 0.99,
              },
            ],
          }
        : d,
    );
    expect(donors.filter((d) => d.genes).length).toBeGreaterThan(100);
    expect(fromSources(donors)).toEqual(buildIndex(donors, { asOf: AS_OF }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, generateDonors, rankDonors, type Donor } from '@kindred/matching';
import { geneTokensOf, type DonorGeneResult } from '@kindred/shared/genetics';
import { GENETIC_CONDITIONS } from '@kindred/shared/vocabulary';
import { normalizePreferences } from '@kindred/shared/preferences';
import { buildExtraInstance, createTestContext, type TestContext } from './harness.ts';

/**
 * An instance starts from donors.index_source (what the index reads, kept by the database on every write), not
 * from the records: the index it builds must be the one the records give, whatever the carrier panels hold.
 */
describe('loading the catalogue at start', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('builds from the stored index sources the index the full records give, edited donors included', async () => {
    const donors: Donor[] = generateDonors(300, 'load-from-sources').map((d, i) => {
      const c = GENETIC_CONDITIONS[i % GENETIC_CONDITIONS.length]!;
      if (i % 4 === 0) return { ...d, carrier_screening: {} };
      // A carrier result not marked tested counts as tested; a name outside the vocabulary counts for nothing.
      if (i % 4 === 1)
        return { ...d, carrier_screening: { ...d.carrier_screening, [c]: { tested: false, carrier: true } } };
      if (i % 4 === 2)
        return {
          ...d,
          location: null,
          carrier_screening: { ...d.carrier_screening, unknown_x: { tested: true, carrier: true } } as never,
        };
      return { ...d, surrogate: null, chronic_conditions: ['asthma'] as never };
    });
    await ctx.services.catalogue.upsert(donors);
    // An edit after the first write: the stored source follows the record.
    await ctx.services.catalogue.upsert([{ ...donors[5]!, availability: 'unavailable', carrier_screening: {} }]);

    const fresh = await buildExtraInstance(ctx);
    const loaded = (await fresh.services.catalogue.current()).index;
    const records = (await ctx.db.query<{ record: Donor }>('select record from donors')).map((r) => r.record);
    const expected = buildIndex(records, { asOf: ctx.clock.now() });
    expect(loaded.size).toBe(300);
    expect(loaded.cols).toEqual(expected.cols);
    expect(loaded.bits).toEqual(expected.bits);
    const prefs = normalizePreferences(
      { donor_type_preference: 'egg', user_genetic_conditions: ['cystic_fibrosis', 'tay_sachs_disease'] },
      { origin: null },
    );
    expect(rankDonors(loaded, prefs, { limit: 300 })).toEqual(rankDonors(expected, prefs, { limit: 300 }));
    await fresh.app.close();
  });

  it('keeps the per-gene results in the stored index source as the gene tokens the engine reads (issue 24)', async () => {
    const genes: DonorGeneResult[][] = [
      [
        { gene: 'CFTR', tested: true, carrier: false, detection_rate: 0.95 },
        { gene: 'HBB', tested: true, carrier: true, detection_rate: null, variant_class: 'hbb_s' },
        { gene: 'HEXA', tested: false, carrier: false, detection_rate: null },
      ],
      [
        { gene: 'FMR1', tested: true, carrier: true, detection_rate: null, fmr1_category: 'premutation' },
        {
          gene: 'SMN1',
          tested: true,
          carrier: false,
          detection_rate: 0.9,
          smn1_copies: 2,
          smn1_silent_carrier_marker: true,
        },
        { gene: 'GJB2', tested: true, carrier: true, detection_rate: null, variant_class: 'pathogenic' },
      ],
      [],
    ];
    const donors = generateDonors(3, 'gene-tokens').map((d, i) => ({ ...d, genes: genes[i]! }));
    await ctx.services.catalogue.upsert(donors);
    const sorted = (list: readonly string[]) => [...list].sort();
    for (const d of donors) {
      const [row] = await ctx.db.query<{ source: { carrier_tested: string[]; carrier_found: string[] } }>(
        'select index_source as source from donors where reference_id = $1',
        [d.reference_id],
      );
      const tokens = geneTokensOf(d.genes);
      const panel = Object.entries(d.carrier_screening);
      expect(sorted(row!.source.carrier_tested)).toEqual(
        sorted([...panel.filter(([, r]) => r.tested || r.carrier).map(([c]) => c), ...tokens.tested]),
      );
      expect(sorted(row!.source.carrier_found)).toEqual(
        sorted([...panel.filter(([, r]) => r.carrier).map(([c]) => c), ...tokens.found]),
      );
      expect(row!.source).not.toHaveProperty('genes');
    }
  });
});

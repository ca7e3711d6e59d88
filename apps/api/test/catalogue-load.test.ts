import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, generateDonors, rankDonors, type Donor } from '@kindred/matching';
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
});

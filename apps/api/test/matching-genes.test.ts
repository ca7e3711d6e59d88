import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import type { PairingReportEntry } from '@kindred/shared/genetics';
import type { MatchItem } from '@kindred/shared/matching.schemas';
import { bearer, createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { findMatches, saveProfile } from './matching-helpers.ts';

const SCREEN = '/api/v1/profile/carrier-screening/';

/**
 * Carrier screening at gene level through the API (issue 24, ADR 023): a parent's own screen and a stored
 * checklist's condition names both reach the engine as genes; each match carries the per-gene report; untested
 * genes are reported as untested, never as compatible.
 */
describe('matching at gene level', () => {
  let ctx: TestContext;
  let premium: string;
  /** Sperm donors every plain sperm preference set accepts, with the carrier panels under test. */
  const [hbc, untested, clear] = generateDonors(3, 'genes-api').map((d, i): Donor => ({
    ...d,
    reference_id: ['GNHBC001', 'GNUNT002', 'GNCLR003'][i]!,
    bank_donor_id: `GN-${i}`,
    donor_type: 'sperm',
    availability: 'available',
    family_limit: 10,
    families_so_far: 0,
    chronic_conditions: [],
    surrogate: null,
    carrier_screening: [
      // Hemoglobin C, by its condition name (an HBB variant).
      { hemoglobin_c: { tested: true, carrier: true }, cystic_fibrosis: { tested: true, carrier: false } },
      {},
      {},
    ][i]!,
    // Only the third has per-gene results (the generator gives gamete donors some: they override condition names).
    genes:
      i === 2
        ? [
            { gene: 'CFTR', tested: true, carrier: false, detection_rate: 0.95 },
            { gene: 'HBB', tested: true, carrier: false, detection_rate: 0.99 },
          ]
        : undefined,
  }));
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await ctx.services.catalogue.upsert([hbc!, untested!, clear!]);
    premium = (await planIds(ctx.db)).premium;
  });
  afterAll(async () => ctx?.close());

  async function parentWith(conditions: string[]) {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, premium);
    const profileId = await saveProfile(ctx.app, parent.access, {
      donor_type_preference: 'sperm',
      user_genetic_conditions: conditions,
    });
    const matches = async (): Promise<MatchItem[]> => {
      const res = await findMatches(ctx.app, parent.access, profileId);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().matches;
    };
    return { ...parent, profileId, matches };
  }
  const refs = (list: MatchItem[]) => list.map((m) => m.donor_reference_id).sort();
  const gene = (m: MatchItem | undefined, g: string) =>
    m?.genetics_report?.find((e: PairingReportEntry) => e.gene === g);

  it('a parent who enters an HbS result no longer sees the HbC donor; untested genes are untested, not compatible', async () => {
    const parent = await parentWith(['none_known']);
    expect(refs(await parent.matches())).toEqual(['GNCLR003', 'GNHBC001', 'GNUNT002']);

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: SCREEN,
      headers: bearer(parent.access),
      payload: {
        panel: { name: 'Horizon 27', genes_covered: ['CFTR', 'HBB', 'HBA', 'SMN1'] },
        carrier_of: [{ gene: 'HBB', variant_class: 'hbb_s' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await parent.matches();
    // HbS × HbC: sickle-hemoglobin C disease, 1 in 4: an at-risk pair, not shown as a match.
    expect(refs(after)).toEqual(['GNCLR003', 'GNUNT002']);
    const unt = after.find((m) => m.donor_reference_id === 'GNUNT002');
    expect(gene(unt, 'HBB')).toMatchObject({ outcome: 'untested_donor', donor: { status: 'untested' } });
    expect(unt!.explanation.sentences.map((s) => s.text).join(' ')).not.toMatch(/compatible/i);
    const clr = after.find((m) => m.donor_reference_id === 'GNCLR003');
    expect(gene(clr, 'HBB')).toMatchObject({
      outcome: 'low_risk',
      parent: { status: 'carrier', variant_class: 'hbb_s' },
      donor: { status: 'negative' },
    });

    const detail = await ctx.app.inject({ url: '/api/v1/donors/GNCLR003/', headers: bearer(parent.access) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(gene(detail.json().match, 'HBB')).toMatchObject({ outcome: 'low_risk' });
  });

  it('a stored checklist that says only "thalassemia" is read as both HBB and HBA: the HbC donor is at risk', async () => {
    const parent = await parentWith(['thalassemia']);
    expect(refs(await parent.matches())).toEqual(['GNCLR003', 'GNUNT002']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Donor } from '@kindred/matching';
import type { UserRole } from '@kindred/shared';
import {
  donorDetailResponseSchema,
  favouritesResponseSchema,
  findMatchesResponseSchema,
  revealedDonorsResponseSchema,
} from '@kindred/shared/matching.schemas';
import { defaultPlan, estimateCost, PRICE_MSG } from '@kindred/shared/price-lists';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  expectDocumentedErrorShape,
  login,
  newParent,
  type TestContext,
} from './harness.ts';
import { eggPrefs, findMatches, saveProfile, seedCatalogue } from './matching-helpers.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';

/** Banks' price lists and cost estimates (issue 29): admin CRUD with audit, import with row errors, find-matches. */

const LIST = '/api/v1/admin/price-lists/';
const IMPORT = '/api/v1/admin/price-lists/import/';
const one = (bank: string) => `${LIST}${encodeURIComponent(bank)}/`;

const BLUEBELL = 'Bluebell Egg Bank (fictional)';
const LAKESIDE = 'Lakeside Cryo (fictional)';
const HARBOR = 'Harbor Egg Bank (fictional)';
const SUNFLOWER = 'Sunflower Fertility Center (fictional)';

const list = (cohortCents: number, currency = 'USD') => ({
  currency,
  confirmed_on: '2026-11-01',
  vials: [{ type: 'egg_cohort', price_minor: cohortCents }],
  storage: { price_minor: 15_000, period_months: 3 },
  shipping: [
    { region: 'US', price_minor: 35_000 },
    { region: 'IL', price_minor: 38_550 },
  ],
  extras: [{ kind: 'photos', price_minor: 2_999 }],
  source: 'test',
});

async function signedInAs(ctx: TestContext, role: UserRole): Promise<{ id: string; access: string }> {
  const p = await newParent(ctx.app);
  await ctx.db.query('update users set role = $2 where id = $1', [p.id, role]);
  const res = await login(ctx.app, p.email, p.password);
  expect(res.statusCode, res.body).toBe(200);
  return { id: p.id, access: res.json().tokens.access };
}

describe('price lists and cost estimates', () => {
  let ctx: TestContext;
  let admin: { id: string; access: string };
  let support: { id: string; access: string };
  let donors: Map<string, Donor>;
  let parent: Awaited<ReturnType<typeof newParent>> & { profileId: string };

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    donors = new Map((await seedCatalogue(ctx, 400, 'price-lists')).map((d) => [d.reference_id, d]));
    admin = await signedInAs(ctx, 'admin');
    support = await signedInAs(ctx, 'support');
    const p = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, p.access, (await planIds(ctx.db)).premium);
    parent = { ...p, profileId: await saveProfile(ctx.app, p.access, eggPrefs()) };
  });
  afterAll(async () => ctx?.close());

  const inject = (token: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });
  const auditRows = (action: string) =>
    ctx.db.query<{ actor_id: string; target_id: string | null; diff: Record<string, unknown>; reason: string | null }>(
      'select actor_id, target_id, diff, reason from audit_log where action = $1 order by id',
      [action],
    );

  it('lets an admin create, change and remove a list, each change audited; support reads only', async () => {
    const put = await inject(admin.access, 'PUT', one(BLUEBELL), list(1_335_000));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ bank_name: BLUEBELL, currency: 'USD', confirmed_on: '2026-11-01' });
    const changed = await inject(admin.access, 'PUT', one(BLUEBELL), list(1_400_000));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await inject(support.access, 'GET', one(BLUEBELL))).json().vials[0].price_minor).toBe(1_400_000);
    expect((await inject(support.access, 'PUT', one(BLUEBELL), list(1))).statusCode).toBe(403);
    const rows = (await auditRows('price_list.save')).filter((r) => r.target_id === BLUEBELL);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.actor_id === admin.id)).toBe(true);
    expect(JSON.stringify(rows[1]!.diff)).toContain('1400000');

    await inject(admin.access, 'PUT', one(SUNFLOWER), list(1_000_000));
    const del = await inject(admin.access, 'DELETE', one(SUNFLOWER));
    expect(del.statusCode, del.body).toBe(200);
    expect((await auditRows('price_list.delete')).map((r) => r.target_id)).toEqual([SUNFLOWER]);
    const gone = await inject(support.access, 'GET', one(SUNFLOWER));
    expect(gone.statusCode).toBe(404);
    expectDocumentedErrorShape(gone);
    expect(
      (await inject(support.access, 'GET', LIST)).json().price_lists.map((l: { bank_name: string }) => l.bank_name),
    ).toEqual([BLUEBELL]);
  });

  it('answers bad input with a documented 400, field by field', async () => {
    const res = await inject(admin.access, 'PUT', one(BLUEBELL), {
      ...list(1),
      currency: 'dollars',
      vials: [{ type: 'IUI', price_minor: -1 }],
    });
    expect(res.statusCode).toBe(400);
    expectDocumentedErrorShape(res);
    const body = res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['currency']));
    const plan = await findMatches(ctx.app, parent.access, parent.profileId, {
      price_plan: { vials: 0, storage_months: 12, shipments: 1 },
    });
    expect(plan.statusCode).toBe(400);
    expectDocumentedErrorShape(plan);
  });

  it('imports CSV rows, reporting each bad row and saving the rest, audited', async () => {
    const csv = [
      'bank_name,currency,confirmed_on,egg_cohort,fresh_cycle,storage,storage_period_months,shipping_us,' +
        'shipping_regions,photos',
      `${LAKESIDE},USD,2026-11-01,900000,800000,15000,3,35000,IL:38550,`,
      `${HARBOR},EUR,2026-11-01,1400000,,15000,3,40000,,`,
      `Nowhere Bank,USD,2026-02-30,abc,,15000,3,35000,ZZ:1,`,
      `${LAKESIDE},USD,2026-11-01,1,,1,1,,,`,
    ].join('\n');
    const dry = await inject(admin.access, 'POST', IMPORT, { format: 'csv', data: csv, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, received: 4, saved: 2 });
    expect((await inject(support.access, 'GET', one(HARBOR))).statusCode).toBe(404);

    const res = await inject(admin.access, 'POST', IMPORT, { format: 'csv', data: csv });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dry_run: false, received: 4, saved: 2 });
    expect(body.rejected.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    const bad = body.rejected[0];
    expect(bad.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['confirmed_on', 'vials.0.price_minor', 'shipping.1.region']),
    );
    expect(body.rejected[1].errors[0].error).toContain('repeats row 1');
    const harbor = (await inject(support.access, 'GET', one(HARBOR))).json();
    expect(harbor.currency).toBe('EUR');
    const imported = (await auditRows('price_list.save')).filter((r) => r.reason === 'import');
    expect(imported.map((r) => r.target_id).sort()).toEqual([HARBOR, LAKESIDE]);

    const unreadable = await inject(admin.access, 'POST', IMPORT, { format: 'json', data: '{nope' });
    expect(unreadable.statusCode).toBe(400);
    expectDocumentedErrorShape(unreadable);
  });

  it('lets a clinic account import its own bank’s list only', async () => {
    const clinic = await signedInAs(ctx, 'clinic');
    await ctx.db.query('update users set bank_name = $2 where id = $1', [clinic.id, LAKESIDE]);
    const data = JSON.stringify([
      { bank_name: LAKESIDE, ...list(950_000) },
      { bank_name: BLUEBELL, ...list(1) },
    ]);
    const res = await inject(clinic.access, 'POST', IMPORT, { format: 'json', data });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().saved).toBe(1);
    expect(res.json().rejected[0]).toMatchObject({ row: 2, bank_name: BLUEBELL });
    expect((await inject(clinic.access, 'PUT', one(LAKESIDE), list(1))).statusCode).toBe(403);
    // Back to the CSV's list for the next tests.
    await inject(admin.access, 'PUT', one(LAKESIDE), { ...list(900_000) });
  });

  it('gives every shown donor an estimate to the cent, "Price not listed" without a list', async () => {
    const plan = {
      vial_type: 'egg_cohort',
      vials: 1,
      storage_months: 4,
      shipments: 1,
      region: 'IL',
      extras: ['photos'],
    };
    const res = await findMatches(ctx.app, parent.access, parent.profileId, { price_plan: plan });
    expect(res.statusCode, res.body).toBe(200);
    const body = findMatchesResponseSchema.parse(res.json());
    expect(body.estimates.map((e) => e.donor_reference_id)).toEqual(body.matches.map((m) => m.donor_reference_id));
    const byBank = new Map<string, unknown>();
    for (const { donor_reference_id: ref, estimate } of body.estimates) {
      const bank = donors.get(ref)!.bank_name;
      byBank.set(bank, estimate);
      if (bank === BLUEBELL) {
        // $14,000 + 2 quarters × $150 + $385.50 (Illinois) + $29.99 = $14,715.49, "About $14,720".
        expect(estimate).toMatchObject({
          listed: true,
          currency: 'USD',
          total_minor: 1_471_549,
          about_minor: 1_472_000,
        });
        if (estimate.listed)
          expect(estimate.summary).toBe(
            "About $14,720 for 1 egg cohort, 4 months' storage, one shipment to Illinois and photos",
          );
      }
      if (bank === SUNFLOWER) expect(estimate).toEqual({ listed: false, reason: PRICE_MSG.notListed });
    }
    expect([...byBank.keys()]).toEqual(expect.arrayContaining([BLUEBELL, SUNFLOWER, HARBOR]));
    // Estimates in euros and dollars on one page: said so, never added up.
    expect(body.price_note).toBe(PRICE_MSG.otherCurrency);
    expect(body.price_currency).toBe('USD');
  });

  it('sorts by price on the server, cheapest first, donors without a price to compare last', async () => {
    const plan = { vial_type: 'egg_cohort', vials: 1, storage_months: 0, shipments: 1 };
    const everyone: { ref: string; total: number | null }[] = [];
    let total: number;
    for (let offset = 0; ; offset += 50) {
      const res = await findMatches(ctx.app, parent.access, parent.profileId, {
        sort: 'price',
        offset,
        price_plan: plan,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = findMatchesResponseSchema.parse(res.json());
      total = body.total_matches;
      for (const e of body.estimates)
        everyone.push({
          ref: e.donor_reference_id,
          total: e.estimate.listed && e.estimate.currency === 'USD' ? e.estimate.total_minor : null,
        });
      if (offset + 50 >= total) break;
    }
    expect(everyone).toHaveLength(total);
    const priced = everyone.filter((e) => e.total !== null).map((e) => e.total!);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    const firstUnpriced = everyone.findIndex((e) => e.total === null);
    expect(firstUnpriced).toBe(priced.length);
    expect(everyone.slice(firstUnpriced).every((e) => e.total === null)).toBe(true);
    // Unpriced donors include the euro-priced bank's and the bank without a list.
    const tail = new Set(everyone.slice(firstUnpriced).map((e) => donors.get(e.ref)!.bank_name));
    expect(tail.has(SUNFLOWER) || tail.has(HARBOR)).toBe(true);
  });

  it('filters by a maximum estimate over the whole passing set', async () => {
    const plan = { vial_type: 'egg_cohort', vials: 1, storage_months: 0, shipments: 1 };
    const cap = 1_000_000; // $10,000: Lakeside ($9,000 + $350) passes, Bluebell ($14,000 + $350) does not.
    const res = await findMatches(ctx.app, parent.access, parent.profileId, {
      filters: { maxCost: cap },
      price_plan: plan,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = findMatchesResponseSchema.parse(res.json());
    expect(body.total_matches).toBeGreaterThan(0);
    expect(body.total_matches).toBeLessThan(body.passing_matches);
    for (const e of body.estimates) {
      expect(donors.get(e.donor_reference_id)!.bank_name).toBe(LAKESIDE);
      expect(e.estimate.listed && e.estimate.total_minor).toBe(935_000);
    }
  });

  it('hands the donor page the bank’s list, from which the shared function gives the same estimate', async () => {
    const res = await findMatches(ctx.app, parent.access, parent.profileId);
    const body = findMatchesResponseSchema.parse(res.json());
    const at = body.estimates.findIndex((e) => donors.get(e.donor_reference_id)!.bank_name === BLUEBELL);
    const ref = body.estimates[at]!.donor_reference_id;
    const detail = await inject(parent.access, 'GET', `/api/v1/donors/${ref}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = donorDetailResponseSchema.parse(detail.json());
    expect(d.price_list).not.toBeNull();
    // find-matches without a plan estimates the default one for the set's donor type.
    expect(estimateCost(d.price_list, defaultPlan('egg'), 'egg')).toEqual(body.estimates[at]!.estimate);
  });

  it('gives the shortlist and the unlocked donors the same default-plan estimate as the matches page', async () => {
    const res = await findMatches(ctx.app, parent.access, parent.profileId);
    const body = findMatchesResponseSchema.parse(res.json());
    const listed = body.estimates.find((e) => e.estimate.listed)!;
    const unlisted = body.estimates.find((e) => !e.estimate.listed);
    for (const e of [listed, unlisted].filter((x) => x !== undefined)) {
      const star = await inject(parent.access, 'POST', '/api/v1/donors/favourites/', {
        donor_reference_id: e.donor_reference_id,
      });
      expect(star.statusCode, star.body).toBe(200);
    }
    const shortlist = favouritesResponseSchema.parse(
      (await inject(parent.access, 'GET', '/api/v1/donors/favourites/')).json(),
    );
    const onShortlist = new Map(shortlist.estimates!.map((e) => [e.donor_reference_id, e.estimate]));
    expect(onShortlist.get(listed.donor_reference_id)).toEqual(listed.estimate);
    if (unlisted) expect(onShortlist.get(unlisted.donor_reference_id)).toEqual(unlisted.estimate);
    const revealed = revealedDonorsResponseSchema.parse(
      (await inject(parent.access, 'GET', '/api/v1/donors/revealed/')).json(),
    );
    const unlocked = new Map(revealed.estimates!.map((e) => [e.donor_reference_id, e.estimate]));
    expect(revealed.donors.length).toBeGreaterThan(0);
    for (const d of revealed.donors) expect(unlocked.has(d.donor_reference_id), d.donor_reference_id).toBe(true);
    expect(unlocked.get(listed.donor_reference_id)).toEqual(listed.estimate);
  });

  it('a change on one instance reaches the estimates of another at its commit, not after the cache expires', async () => {
    const b = await buildExtraInstance(ctx, { rateRules: wideRates() });
    try {
      const bankOnB = async () => (await b.services.priceLists.byBank()).get(LAKESIDE)?.vials[0]?.price_minor;
      expect((await inject(admin.access, 'PUT', one(LAKESIDE), list(900_000))).statusCode).toBe(200);
      await expect.poll(bankOnB, { timeout: 2_000 }).toBe(900_000);
      // B now holds the list in memory; the test clock does not move, so only the announcement can refresh it.
      expect((await inject(admin.access, 'PUT', one(LAKESIDE), list(950_000))).statusCode).toBe(200);
      await expect.poll(bankOnB, { timeout: 2_000 }).toBe(950_000);
      expect((await inject(admin.access, 'DELETE', one(LAKESIDE))).statusCode).toBe(200);
      await expect.poll(bankOnB, { timeout: 2_000 }).toBeUndefined();
    } finally {
      await b.app.close();
    }
  });
});

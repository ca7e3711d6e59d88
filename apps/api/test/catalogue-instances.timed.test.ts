import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors, rankDonors, type Donor } from '@kindred/matching';
import { normalizePreferences } from '@kindred/shared/preferences';
import { buildExtraInstance, createTestContext, newParent, type TestContext, type TestInstance } from './harness.ts';
import { makeAdmin, wideRates } from './payments-helpers.ts';
import { postJson } from './matching-helpers.ts';
import { connect } from './ws-client.ts';

const IMPORT = '/api/v1/admin/donors/import/';
/** A donor who would be counted for any sperm-donor search once available (family not full yet). */
const UNAVAILABLE_SPERM_DONOR = `select record from donors where donor_type = 'sperm' and availability = 'unavailable'
  and (record->>'families_so_far')::int < (record->>'family_limit')::int order by reference_id limit 1`;

/**
 * Two instances on one database: a donor changed through the import API on A becomes rankable on B within 2 s,
 * and B gets there by applying that change to its index, not by reloading the catalogue.
 */
describe('catalogue changes across two instances', () => {
  let ctx: TestContext;
  let b: TestInstance;
  let wsB: string;
  let admin: string;
  const donors = generateDonors(400, 'two-instances');

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await ctx.services.catalogue.upsert(donors);
    b = await buildExtraInstance(ctx, { rateRules: wideRates() });
    await b.services.catalogue.current();
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    wsB = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/ws/realtime-matching/?token=`;
    admin = await makeAdmin(ctx, await newParent(ctx.app));
  });
  afterAll(async () => {
    await b?.app.close();
    await ctx?.close();
  });

  it('a donor made available on A is counted by B within 2 s, through an incremental update', async () => {
    const donor = (await ctx.db.query<{ record: Donor }>(UNAVAILABLE_SPERM_DONOR))[0]!.record;
    const parent = await newParent(ctx.app);
    const socket = connect(wsB + parent.access);
    await socket.nth(1);
    const liveCountOnB = async (n: number) => {
      socket.send({ type: 'update_preferences', preferences: { donor_type_preference: 'sperm' } });
      return (await socket.nth(n)).data!.total_matches;
    };
    const before = await liveCountOnB(2);
    const builds = b.services.catalogue.stats();

    const started = performance.now();
    const res = await postJson(ctx.app, admin, IMPORT, {
      format: 'json',
      data: JSON.stringify([{ ...donor, availability: 'available' }]),
    });
    expect(res.json()).toMatchObject({ success: true, inserted: 0, updated: 1 });
    let n = 3;
    let seen = await liveCountOnB(n);
    while (seen === before && performance.now() - started < 2000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await liveCountOnB(++n);
    }
    expect(seen).toBe(before + 1);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(b.services.catalogue.stats()).toEqual({
      fullBuilds: builds.fullBuilds,
      incrementalUpdates: builds.incrementalUpdates + 1,
    });
    socket.ws.close(1000);
    await socket.closed;
  });

  it('new donors imported on A are matched on A and B within 2 s without a rebuild; other results unchanged', async () => {
    const sperm = normalizePreferences({ donor_type_preference: 'sperm' }, { origin: null });
    const egg = normalizePreferences({ donor_type_preference: 'egg', preferred_races: ['asian'] }, { origin: null });
    // New sperm donors, their public ids drawn by the import: they land all over the reference-id order.
    const arrivals = generateDonors(300, 'new-arrivals')
      .filter((d) => d.donor_type === 'sperm')
      .slice(0, 40)
      .map((d, i) => ({
        ...d,
        reference_id: undefined,
        bank_name: 'Arrivals Bank',
        bank_donor_id: `ARR-${i}`,
        availability: 'available',
        families_so_far: 0,
      }));
    const eggResults = async (instance: Pick<TestInstance, 'services'>) =>
      rankDonors((await instance.services.catalogue.current()).index, egg, { limit: 100_000 }).matches;
    const [eggOnA, eggOnB] = [await eggResults(ctx), await eggResults(b)];
    const countOnA = (await ctx.services.realtime.liveCount(sperm)).total_matches;
    const countOnB = (await b.services.realtime.liveCount(sperm)).total_matches;
    const [statsA, statsB] = [ctx.services.catalogue.stats(), b.services.catalogue.stats()];

    const started = performance.now();
    const res = await postJson(ctx.app, admin, IMPORT, { format: 'json', data: JSON.stringify(arrivals) });
    expect(res.json()).toMatchObject({ success: true, inserted: 40, updated: 0, errors: [] });
    // The importing instance answers with the new donors already matched (those the search admits).
    const gained = (await ctx.services.realtime.liveCount(sperm)).total_matches - countOnA;
    expect(gained).toBeGreaterThanOrEqual(30);
    let seen = countOnB;
    while (seen !== countOnB + gained && performance.now() - started < 2000) {
      await new Promise((r) => setTimeout(r, 20));
      seen = (await b.services.realtime.liveCount(sperm)).total_matches;
    }
    expect(seen).toBe(countOnB + gained);
    const ids = await ctx.db.query<{ reference_id: string }>(
      `select reference_id from donors where bank_name = 'Arrivals Bank'`,
    );
    const rankedOnB = rankDonors((await b.services.catalogue.current()).index, sperm, { limit: 100_000 }).matches;
    const matchedOnB = new Set(rankedOnB.map((m) => m.donor_reference_id));
    expect(ids.filter((r) => matchedOnB.has(r.reference_id))).toHaveLength(gained);
    expect(performance.now() - started).toBeLessThan(2000);
    // Applied as a change on both instances, not by rebuilding the index.
    expect(ctx.services.catalogue.stats()).toEqual({ ...statsA, incrementalUpdates: statsA.incrementalUpdates + 1 });
    expect(b.services.catalogue.stats()).toEqual({ ...statsB, incrementalUpdates: statsB.incrementalUpdates + 1 });
    // Parents searching for egg donors see exactly what they saw before.
    expect(await eggResults(ctx)).toEqual(eggOnA);
    expect(await eggResults(b)).toEqual(eggOnB);
  });

  it('imports a large CSV (parsed off the event loop, in a worker thread) and B serves the new donors', async () => {
    const header =
      'bank_donor_id,bank_name,clinic_reference_id,donor_type,disclosure,availability,family_limit,' +
      'families_so_far,last_medical_update,date_of_birth,location_city,location_state,location_country,' +
      'location_lat,location_lon';
    const rows = Array.from(
      { length: 1500 },
      (_, i) =>
        `BIG-${i},Harbor Big Bank,CLN-HBB,sperm,OPEN,available,6,1,2025-06-01,1996-02-03,Boston,MA,US,42.36,-71.06`,
    );
    const data = [
      header,
      ...rows,
      'BIG-bad,Harbor Big Bank,CLN-HBB,alien,OPEN,available,6,1,2025-06-01,1996-02-03,,,,,',
    ].join('\n');
    expect(data.length).toBeGreaterThan(64 * 1024);
    const before = await b.services.realtime.liveCount(
      normalizePreferences({ donor_type_preference: 'sperm' }, { origin: null }),
    );
    const res = await postJson(ctx.app, admin, IMPORT, { format: 'csv', data });
    expect(res.json()).toMatchObject({
      success: true,
      inserted: 1500,
      invalid_rows: 1,
      errors: [{ row: 1501, field: 'donor_type', error: 'must be one of: egg, sperm, surrogate' }],
    });
    const deadline = performance.now() + 2000;
    let after = before.total_matches;
    while (after !== before.total_matches + 1500 && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = (
        await b.services.realtime.liveCount(normalizePreferences({ donor_type_preference: 'sperm' }, { origin: null }))
      ).total_matches;
    }
    expect(after).toBe(before.total_matches + 1500);
  });
});

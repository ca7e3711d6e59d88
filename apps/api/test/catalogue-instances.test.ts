import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDonors } from '@kindred/matching';
import { buildExtraInstance, createTestContext, newParent, type TestContext, type TestInstance } from './harness.ts';
import { makeAdmin, wideRates } from './payments-helpers.ts';
import { postJson } from './matching-helpers.ts';
import { connect } from './ws-client.ts';

const IMPORT = '/api/v1/admin/donors/import/';

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
    const stored = (await ctx.services.catalogue.current()).donors;
    const donor = [...stored.values()].find((d) => d.donor_type === 'sperm' && d.availability === 'unavailable')!;
    expect(donor).toBeDefined();
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
    const onB = (await b.services.catalogue.current()).donors.get(donor.reference_id);
    expect(onB?.availability).toBe('available');
    socket.ws.close(1000);
    await socket.closed;
  });
});

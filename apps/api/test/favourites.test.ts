import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newParent, bearer, type TestContext } from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, saveProfile, seedCatalogue } from './matching-helpers.ts';

/** Favourite donors kept on the account; only donors already shown to the parent (issue 5). */
describe('favourites', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
  });
  afterAll(async () => ctx.close());

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', ref?: string) =>
    ctx.app.inject({ method, url: '/api/v1/donors/favourites/', headers: bearer(token), ...(ref ? { payload: { donor_reference_id: ref } } : {}) });

  it('stars and unstars revealed donors; the list persists and is private to the parent', async () => {
    const plans = await planIds(ctx.db);
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.starter);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const matches: { donor_reference_id: string }[] = (await findMatches(ctx.app, parent.access, profileId)).json().matches;
    expect(matches).toHaveLength(3);
    const [a, b] = matches.map((m) => m.donor_reference_id);

    expect((await call(parent.access, 'GET')).json()).toEqual({ success: true, favourites: [] });
    expect((await call(parent.access, 'POST', a)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const afterTwo = (await call(parent.access, 'POST', b)).json();
    expect(afterTwo.favourites.map((f: { donor_reference_id: string }) => f.donor_reference_id).sort()).toEqual([a, b].sort());
    // Starring twice is harmless.
    expect((await call(parent.access, 'POST', a)).json().favourites).toHaveLength(2);

    const del = await call(parent.access, 'DELETE', a);
    expect(del.json().favourites.map((f: { donor_reference_id: string }) => f.donor_reference_id)).toEqual([b]);
    expect((await call(parent.access, 'GET')).json().favourites).toHaveLength(1);

    const other = await newParent(ctx.app);
    expect((await call(other.access, 'GET')).json().favourites).toEqual([]);
    // Another parent cannot star a donor they were never shown, nor remove someone else's favourite.
    expect((await call(other.access, 'POST', b)).statusCode).toBe(404);
    await call(other.access, 'DELETE', b);
    expect((await call(parent.access, 'GET')).json().favourites).toHaveLength(1);
  });

  it('refuses donors never shown, bad references and missing tokens', async () => {
    const parent = await newParent(ctx.app);
    const donors = await ctx.db.query<{ reference_id: string }>('select reference_id from donors limit 1');
    const res = await call(parent.access, 'POST', donors[0]!.reference_id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This donor was not found among your matches.');
    expect((await call(parent.access, 'POST', 'not a ref')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/donors/favourites/' })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newParent, bearer, type TestContext } from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, saveProfile, seedCatalogue } from './matching-helpers.ts';

type Fav = {
  donor_reference_id: string;
  match: { donor_reference_id: string; overall_match_percentage: number } | null;
  failed: string[];
  scored_with: string | null;
};

/** Favourite donors kept on the account; only donors already shown to the parent (issue 5). */
describe('favourites', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
  });
  afterAll(async () => ctx.close());

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', ref?: string) =>
    ctx.app.inject({
      method,
      url: '/api/v1/donors/favourites/',
      headers: bearer(token),
      ...(ref ? { payload: { donor_reference_id: ref } } : {}),
    });

  it('stars and unstars revealed donors; the list persists and is private to the parent', async () => {
    const plans = await planIds(ctx.db);
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.starter);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const matches: { donor_reference_id: string }[] = (await findMatches(ctx.app, parent.access, profileId)).json()
      .matches;
    expect(matches).toHaveLength(3);
    const [a, b] = matches.map((m) => m.donor_reference_id);

    expect((await call(parent.access, 'GET')).json()).toEqual({ success: true, favourites: [], estimates: [] });
    const starred = await call(parent.access, 'POST', a);
    expect(starred.statusCode, starred.body).toBe(200);
    ctx.clock.advance(1000);
    const afterTwo = (await call(parent.access, 'POST', b)).json();
    expect(afterTwo.favourites.map((f: { donor_reference_id: string }) => f.donor_reference_id).sort()).toEqual(
      [a, b].sort(),
    );
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

  it('each favourite carries its latest score against current preferences and the filters it now fails', async () => {
    const plans = await planIds(ctx.db);
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const matches: { donor_reference_id: string; overall_match_percentage: number }[] = (
      await findMatches(ctx.app, parent.access, profileId)
    ).json().matches;
    const donors = await ctx.services.catalogue.donorsByReference(matches.map((m) => m.donor_reference_id));
    const white = matches.find((m) => donors.get(m.donor_reference_id)!.race === 'white')!;
    const asian = matches.find((m) => donors.get(m.donor_reference_id)!.race === 'asian')!;
    await call(parent.access, 'POST', white.donor_reference_id);
    ctx.clock.advance(1000);
    const listed = (await call(parent.access, 'POST', asian.donor_reference_id)).json().favourites as Fav[];
    expect(listed.map((f) => f.donor_reference_id)).toEqual([asian.donor_reference_id, white.donor_reference_id]);
    for (const [f, m] of [
      [listed[0]!, asian],
      [listed[1]!, white],
    ] as const) {
      expect(f).toMatchObject({
        failed: [],
        scored_with: 'current',
        match: { donor_reference_id: m.donor_reference_id, overall_match_percentage: m.overall_match_percentage },
      });
    }
    expect(JSON.stringify(listed)).not.toContain('"factors"');

    // The parent now wants Asian donors only, as a dealbreaker: the white donor no longer passes.
    await saveProfile(ctx.app, parent.access, eggPrefs({ preferred_races: ['asian'] }));
    const after = (await call(parent.access, 'GET')).json().favourites as Fav[];
    expect(after.find((f) => f.donor_reference_id === white.donor_reference_id)).toMatchObject({
      failed: ['race_dealbreaker'],
      scored_with: 'current',
    });
    expect(
      after.find((f) => f.donor_reference_id === white.donor_reference_id)!.match!.overall_match_percentage,
    ).toBeLessThan(white.overall_match_percentage);
    expect(after.find((f) => f.donor_reference_id === asian.donor_reference_id)).toMatchObject({ failed: [] });

    // With no set for egg donors any more, the score is the one last seen.
    await ctx.db.query('delete from fertility_profiles where id = $1', [profileId]);
    const lastSeen = (await call(parent.access, 'GET')).json().favourites as Fav[];
    expect(lastSeen.find((f) => f.donor_reference_id === white.donor_reference_id)).toMatchObject({
      failed: [],
      scored_with: 'last_seen',
      match: { overall_match_percentage: white.overall_match_percentage },
    });
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterfactuals, type Donor } from '@kindred/matching';
import { ageOn } from '@kindred/shared';
import { createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, saveProfile, seedCatalogue, storedPreferences } from './matching-helpers.ts';

type Item = {
  donor_reference_id: string;
  disclosure: string;
  overall_match_percentage: number;
  distance_km: number | null;
  last_medical_update: string;
  availability: string;
};

/** Results-page filters, sort orders and Premium's relaxed preview on find-matches (issue 10). */
describe('find-matches: filters, sort and relaxed preview', () => {
  let ctx: TestContext;
  let donors: Map<string, Donor>;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    donors = new Map((await seedCatalogue(ctx, 600, 'refine')).map((d) => [d.reference_id, d]));
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  async function parentWith(plan: 'trial' | 'starter' | 'premium' | null, prefs = eggPrefs()) {
    const parent = await newParent(ctx.app);
    if (plan) await buyWithTestCheckout(ctx.app, parent.access, plans[plan]);
    return { ...parent, profileId: await saveProfile(ctx.app, parent.access, prefs) };
  }
  const age = (ref: string) => ageOn(donors.get(ref)!.date_of_birth, ctx.clock.now());

  it('filters narrow the passing set on the server; every donor shown satisfies them', async () => {
    const parent = await parentWith('premium');
    const all = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    const filters = { disclosure: ['OPEN', 'KNOWN'], ageMin: 24, ageMax: 30 };
    const res = await findMatches(ctx.app, parent.access, parent.profileId, { filters });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.passing_matches).toBe(all.total_matches);
    expect(body.total_matches).toBeGreaterThan(0);
    expect(body.total_matches).toBeLessThan(all.total_matches);
    expect(body.matches).toHaveLength(Math.min(50, body.total_matches));
    for (const m of body.matches as Item[]) {
      expect(['OPEN', 'KNOWN']).toContain(m.disclosure);
      expect(age(m.donor_reference_id)).toBeGreaterThanOrEqual(24);
      expect(age(m.donor_reference_id)).toBeLessThanOrEqual(30);
    }
    // Over the whole passing set, not one page: the count equals the donors of the unfiltered set that qualify.
    const everyone = [] as Item[];
    for (let offset = 0; offset < all.total_matches; offset += 50)
      everyone.push(...(await findMatches(ctx.app, parent.access, parent.profileId, { offset })).json().matches);
    const expected = everyone.filter(
      (m) => m.disclosure !== 'ANON' && age(m.donor_reference_id) >= 24 && age(m.donor_reference_id) <= 30,
    );
    expect(body.total_matches).toBe(expected.length);

    const tall = (
      await findMatches(ctx.app, parent.access, parent.profileId, {
        filters: { heightMin: 68, minEducation: 'masters', maxDistanceKm: 2000 },
      })
    ).json();
    for (const m of tall.matches as Item[]) {
      const d = donors.get(m.donor_reference_id)!;
      expect(d.height_in).toBeGreaterThanOrEqual(68);
      expect(['masters', 'doctorate']).toContain(d.education);
      expect(m.distance_km).toBeLessThanOrEqual(2000);
    }

    const reserved = (
      await findMatches(ctx.app, parent.access, parent.profileId, { filters: { includeReserved: true } })
    ).json();
    // Including reserved donors widens the set itself, so nothing is "narrowed".
    expect(reserved.total_matches).toBeGreaterThan(all.total_matches);
    expect(reserved.passing_matches).toBe(reserved.total_matches);
    expect((reserved.matches as Item[]).map((m) => m.availability)).toEqual(expect.arrayContaining(['available']));
  });

  it('sorts by distance and by newest medical update', async () => {
    const parent = await parentWith('premium');
    const near = (await findMatches(ctx.app, parent.access, parent.profileId, { sort: 'distance' })).json()
      .matches as Item[];
    const km = near.map((m) => m.distance_km!);
    expect(km.every((v) => typeof v === 'number')).toBe(true);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
    const fresh = (await findMatches(ctx.app, parent.access, parent.profileId, { sort: 'medical_update' })).json()
      .matches as Item[];
    const dates = fresh.map((m) => m.last_medical_update);
    expect([...dates].sort().reverse()).toEqual(dates);
    const best = (await findMatches(ctx.app, parent.access, parent.profileId, { sort: 'score' })).json()
      .matches as Item[];
    const scores = best.map((m) => m.overall_match_percentage);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('a limited plan still reveals only its count, taken from the filtered set', async () => {
    const parent = await parentWith('starter');
    const body = (
      await findMatches(ctx.app, parent.access, parent.profileId, { filters: { disclosure: ['OPEN'] } })
    ).json();
    expect(body.matches).toHaveLength(3);
    for (const m of body.matches as Item[]) expect(m.disclosure).toBe('OPEN');
    expect(body.total_matches).toBeLessThan(body.passing_matches);
  });

  it('refuses bad filters, distance without a location, and relax without Premium, each on its field', async () => {
    const parent = await parentWith('starter');
    for (const filters of [
      { ageMin: 17 },
      { ageMax: 61 },
      { heightMin: 47 },
      { maxDistanceKm: 0 },
      { disclosure: ['SECRET'] },
      { disclosure: [] },
      { ageMin: 40, ageMax: 30 },
      { colour: 'blue' },
      { includeReserved: 'yes' },
    ]) {
      const res = await findMatches(ctx.app, parent.access, parent.profileId, { filters });
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(res.json().filters, JSON.stringify(filters)).toEqual([expect.any(String)]);
    }
    expect((await findMatches(ctx.app, parent.access, parent.profileId, { sort: 'age' })).json()).toHaveProperty(
      'sort',
    );

    const relax = await findMatches(ctx.app, parent.access, parent.profileId, { relax: ['race_dealbreaker'] });
    expect(relax.statusCode).toBe(400);
    expect(relax.json().relax).toEqual([
      'Previewing results without a filter is part of Premium. Upgrade your plan to use it.',
    ]);

    const nowhere = await parentWith(
      'premium',
      eggPrefs({ location: null, latitude: null, longitude: null, primary_zip_code: null }),
    );
    expect((await storedPreferences(ctx, nowhere.profileId)).origin).toBeNull();
    const byDistance = await findMatches(ctx.app, nowhere.access, nowhere.profileId, { sort: 'distance' });
    expect(byDistance.statusCode).toBe(400);
    expect(byDistance.json().sort[0]).toMatch(/^Distance needs your location/);
    const withinKm = await findMatches(ctx.app, nowhere.access, nowhere.profileId, { filters: { maxDistanceKm: 100 } });
    expect(withinKm.statusCode).toBe(400);
    expect(withinKm.json().filters[0]).toMatch(/^Distance needs your location/);
    expect((await findMatches(ctx.app, nowhere.access, nowhere.profileId, { sort: 'medical_update' })).statusCode).toBe(
      200,
    );
  });

  it('Premium previews the ranking without a hard filter; nothing is saved', async () => {
    const parent = await parentWith('premium');
    const saved = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    const prefs = await storedPreferences(ctx, parent.profileId);
    const hint = counterfactuals((await ctx.services.catalogue.current()).index, prefs).find(
      (c) => c.filter === 'race_dealbreaker',
    )!;
    expect(hint.additional_matches).toBeGreaterThan(0);
    const preview = (
      await findMatches(ctx.app, parent.access, parent.profileId, { relax: ['race_dealbreaker'] })
    ).json();
    expect(preview.relaxed).toEqual(['race_dealbreaker']);
    expect(preview.total_matches).toBe(saved.total_matches + hint.additional_matches);
    expect(await storedPreferences(ctx, parent.profileId)).toEqual(prefs);
    expect((await findMatches(ctx.app, parent.access, parent.profileId)).json().total_matches).toBe(
      saved.total_matches,
    );

    for (const filter of ['carrier_high_risk', 'availability']) {
      const res = await findMatches(ctx.app, parent.access, parent.profileId, { relax: [filter] });
      expect(res.statusCode).toBe(400);
      expect(res.json().relax[0]).toMatch(/cannot be relaxed/);
    }
    expect((await findMatches(ctx.app, parent.access, parent.profileId, { relax: ['nonsense'] })).statusCode).toBe(400);
  });
});

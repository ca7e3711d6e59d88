import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, postJson, saveProfile, seedCatalogue, storedPreferences } from './matching-helpers.ts';

/** Keeping a "re-run without it" preview: POST fertility-profile/<id>/relax/, and undoing it (issue 10). */
describe('relaxing a saved preference set', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx, 400, 'relax');
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  const relax = (token: string, profileId: string, payload: unknown) =>
    postJson(ctx.app, token, `/api/v1/fertility-profile/${profileId}/relax/`, payload);
  const stored = async (profileId: string) =>
    (
      await ctx.db.query<{
        raw: Record<string, unknown>;
        latitude: number | null;
        longitude: number | null;
        location: string | null;
      }>('select raw, latitude, longitude, location from fertility_profiles where id = $1', [profileId])
    )[0]!;

  it('saves what the preview showed, keeps the coordinates, and the previous set undoes it', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const before = await stored(profileId);
    const beforeNormalized = await storedPreferences(ctx, profileId);
    const saved = (await findMatches(ctx.app, parent.access, profileId)).json();
    const preview = (await findMatches(ctx.app, parent.access, profileId, { relax: ['race_dealbreaker'] })).json();
    expect(preview.total_matches).toBeGreaterThan(saved.total_matches);

    const res = await relax(parent.access, profileId, { filters: ['race_dealbreaker'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your preferences were saved without your race dealbreaker.',
      profile_id: profileId,
      previous_preferences: before.raw,
    });

    // The saved set now ranks exactly what the preview showed; the race preference still counts as a soft one.
    const after = (await findMatches(ctx.app, parent.access, profileId)).json();
    expect(after.total_matches).toBe(preview.total_matches);
    const relaxed = await stored(profileId);
    expect(relaxed.raw).toMatchObject({
      race_dealbreaker: false,
      eye_color_dealbreaker: true,
      preferred_races: before.raw.preferred_races,
    });
    expect(relaxed.raw).not.toHaveProperty('dealbreakers');
    expect({ lat: relaxed.latitude, lon: relaxed.longitude, location: relaxed.location }).toEqual({
      lat: before.latitude,
      lon: before.longitude,
      location: before.location,
    });
    const normalized = await storedPreferences(ctx, profileId);
    expect(normalized.origin).toEqual(beforeNormalized.origin);
    expect(normalized.race).toEqual({ ...beforeNormalized.race, dealbreaker: false });

    // Undo: the previous set submitted again for the same profile.
    const undo = await postJson(ctx.app, parent.access, '/api/v1/fertility-profile/create/', {
      ...res.json().previous_preferences,
      profile_id: profileId,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().profile_id).toBe(profileId);
    expect((await findMatches(ctx.app, parent.access, profileId)).json().total_matches).toBe(saved.total_matches);
    expect(await storedPreferences(ctx, profileId)).toEqual(beforeNormalized);
  });

  it('relaxes chronic conditions and surrogate requirements through the same table', async () => {
    const parent = await newParent(ctx.app);
    const profileId = await saveProfile(
      ctx.app,
      parent.access,
      eggPrefs({ donor_type_preference: 'surrogate', health_insurance_required: true }),
    );
    const res = await relax(parent.access, profileId, {
      filters: ['health_insurance', 'chronic_conditions', 'health_insurance'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Your preferences were saved without your health insurance requirement and chronic conditions requirement.',
    );
    const normalized = await storedPreferences(ctx, profileId);
    expect(normalized.healthInsuranceRequired).toBe(false);
    expect(normalized.noChronicConditionsPreferred).toBe(false);
  });

  it('refuses filters no answer sets, empty lists, other parents’ sets and missing tokens', async () => {
    const parent = await newParent(ctx.app);
    const profileId = await saveProfile(ctx.app, parent.access, eggPrefs());
    const before = await stored(profileId);
    for (const filters of [['carrier_high_risk'], ['availability'], ['family_limit']]) {
      const res = await relax(parent.access, profileId, { filters });
      expect(res.statusCode).toBe(400);
      expect(res.json().filters[0]).toMatch(/cannot be relaxed: no answer of yours sets it\.$/);
    }
    for (const payload of [{ filters: [] }, { filters: ['nonsense'] }, {}, { filters: 'race_dealbreaker' }]) {
      const res = await relax(parent.access, profileId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await stored(profileId)).raw).toEqual(before.raw);

    const other = await newParent(ctx.app);
    for (const id of [profileId, '00000000-0000-4000-8000-000000000000']) {
      const res = await relax(other.access, id, { filters: ['race_dealbreaker'] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'not_found',
        success: false,
        message: 'This preference profile was not found.',
      });
    }
    expect((await relax(other.access, 'not-a-uuid', { filters: ['race_dealbreaker'] })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/fertility-profile/${profileId}/relax/`,
      payload: { filters: ['race_dealbreaker'] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

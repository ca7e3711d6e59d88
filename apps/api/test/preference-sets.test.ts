import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildExtraApp,
  createTestContext,
  expectDocumentedErrorShape,
  newParent,
  type TestContext,
} from './harness.ts';
import { getJson, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, postJson, saveProfile, seedCatalogue, storedPreferences } from './matching-helpers.ts';
import type { Geocoder } from '../src/modules/geocoding/geocoding.service.ts';

const CREATE = '/api/v1/fertility-profile/create/';
const LIST = '/api/v1/fertility-profile/list/';
const one = (id: string) => `/api/v1/fertility-profile/${id}/`;
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Editing a saved preference set: read it back as submitted, update it by id, and coordinates found on the server. */
describe('preference sets: read back, edit by id, server-side geocoding', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
  });
  afterAll(async () => ctx.close());

  const save = async (token: string, payload: Record<string, unknown>) => {
    const res = await postJson(ctx.app, token, CREATE, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { profile_id: string; action: string };
  };

  it('GET fertility-profile/<id>/ answers the set with the submission as stored; only its owner sees it', async () => {
    const parent = await newParent(ctx.app);
    const submitted = eggPrefs({
      dealbreaker_details: 'Height matters most to us.',
      race_dealbreaker: true,
      height_dealbreaker: false,
    });
    const { profile_id: id } = await save(parent.access, submitted);

    const res = await getJson(ctx.app, parent.access, one(id));
    expect(res.statusCode, res.body).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id,
      donor_type_preference: 'egg',
      location: 'New York, NY',
      latitude: 40.75,
      longitude: -73.99,
    });
    expect(Number.isNaN(Date.parse(profile.created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(profile.updated_at))).toBe(false);
    expect(profile.preferences).toMatchObject({
      donor_type_preference: 'egg',
      preferred_races: ['white', 'asian', 'mixed_race'],
      dealbreaker_details: 'Height matters most to us.',
      race_dealbreaker: true,
      height_dealbreaker: false,
      location: 'New York, NY',
      latitude: 40.75,
      longitude: -73.99,
    });
    expect(res.json().success).toBe(true);

    const stranger = await newParent(ctx.app);
    for (const [token, url] of [
      [stranger.access, one(id)],
      [parent.access, one(MISSING)],
    ] as const) {
      const r = await getJson(ctx.app, token, url);
      expect(r.statusCode, r.body).toBe(404);
      expectDocumentedErrorShape(r);
      expect(r.json()).toEqual({
        code: 'not_found',
        success: false,
        message: 'This preference profile was not found.',
      });
    }
    const bad = await getJson(ctx.app, parent.access, one('not-a-uuid'));
    expect(bad.statusCode, bad.body).toBe(400);
    expectDocumentedErrorShape(bad);
    expect((await ctx.app.inject({ method: 'GET', url: one(id) })).statusCode).toBe(401);
  });

  it('profile_id updates that set (same id, changed answer stored, no second set); other parents get 404', async () => {
    const parent = await newParent(ctx.app);
    const { profile_id: id } = await save(parent.access, eggPrefs());
    ctx.clock.advance(1000);
    const res = await postJson(
      ctx.app,
      parent.access,
      CREATE,
      eggPrefs({ profile_id: id, preferred_races: ['black_african'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      action: 'updated',
      profile_id: id,
      message: 'Your preferences were updated.',
    });
    expect((await storedPreferences(ctx, id)).race.values).toEqual(['black_african']);
    const stored = (await getJson(ctx.app, parent.access, one(id))).json().profile;
    expect(stored.preferences.preferred_races).toEqual(['black_african']);
    expect(stored.preferences).not.toHaveProperty('profile_id');
    expect(Date.parse(stored.updated_at)).toBeGreaterThan(Date.parse(stored.created_at));
    expect((await getJson(ctx.app, parent.access, LIST)).json().profiles).toHaveLength(1);

    const stranger = await newParent(ctx.app);
    const theirs = await postJson(
      ctx.app,
      stranger.access,
      CREATE,
      eggPrefs({ profile_id: id, preferred_races: ['white'] }),
    );
    expect(theirs.statusCode, theirs.body).toBe(404);
    expectDocumentedErrorShape(theirs);
    expect((await storedPreferences(ctx, id)).race.values).toEqual(['black_african']);
    expect((await getJson(ctx.app, stranger.access, LIST)).json().profiles).toEqual([]);

    const junk = await postJson(ctx.app, parent.access, CREATE, eggPrefs({ profile_id: 'abc' }));
    expect(junk.statusCode, junk.body).toBe(400);
    expectDocumentedErrorShape(junk);
    expect(junk.json()).toHaveProperty('profile_id');
  });

  it('an edit may change the donor type, unless the parent already has a set of the new type', async () => {
    const parent = await newParent(ctx.app);
    const { profile_id: eggId } = await save(parent.access, eggPrefs());
    const moved = await postJson(
      ctx.app,
      parent.access,
      CREATE,
      eggPrefs({ profile_id: eggId, donor_type_preference: 'Surrogate' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ profile_id: eggId, action: 'updated' });
    expect((await getJson(ctx.app, parent.access, one(eggId))).json().profile.donor_type_preference).toBe('surrogate');
    expect((await storedPreferences(ctx, eggId)).donorType).toBe('surrogate');

    const { profile_id: spermId } = await save(parent.access, eggPrefs({ donor_type_preference: 'sperm' }));
    const clash = await postJson(
      ctx.app,
      parent.access,
      CREATE,
      eggPrefs({ profile_id: spermId, donor_type_preference: 'surrogate' }),
    );
    expect(clash.statusCode, clash.body).toBe(400);
    expectDocumentedErrorShape(clash);
    expect(clash.json()).toEqual({
      code: 'validation_error',
      message: 'You already have a preference set for surrogate donors.',
      donor_type_preference: ['You already have a preference set for surrogate donors.'],
    });
    expect((await storedPreferences(ctx, spermId)).donorType).toBe('sperm');
    const types = (await getJson(ctx.app, parent.access, LIST))
      .json()
      .profiles.map((p: { donor_type_preference: string }) => p.donor_type_preference);
    expect(types.sort()).toEqual(['sperm', 'surrogate']);
  });

  it('a set without coordinates is geocoded from its location, else its ZIP; the submission is kept', async () => {
    const parent = await newParent(ctx.app);
    const { profile_id: id } = await save(
      parent.access,
      eggPrefs({
        location: 'Chicago, IL, United States',
        latitude: undefined,
        longitude: undefined,
        primary_zip_code: '',
      }),
    );
    const { profile } = (await getJson(ctx.app, parent.access, one(id))).json();
    expect(profile.latitude).toBeCloseTo(41.85, 0);
    expect(profile.longitude).toBeCloseTo(-87.65, 0);
    expect(profile.preferences).not.toHaveProperty('latitude');
    expect((await storedPreferences(ctx, id)).origin).toEqual({ lat: profile.latitude, lon: profile.longitude });

    const other = await newParent(ctx.app);
    const { profile_id: zipOnly } = await save(
      other.access,
      eggPrefs({ location: null, latitude: null, longitude: null, primary_zip_code: '90210' }),
    );
    const origin = (await storedPreferences(ctx, zipOnly)).origin;
    expect(origin?.lat).toBeCloseTo(34.09, 1);
    expect(origin?.lon).toBeCloseTo(-118.4, 1);

    // Coordinates the wizard sent are used as they are.
    const { profile_id: sent } = await save(
      other.access,
      eggPrefs({ donor_type_preference: 'sperm', location: 'Chicago, IL, United States', latitude: 10, longitude: 20 }),
    );
    expect((await storedPreferences(ctx, sent)).origin).toEqual({ lat: 10, lon: 20 });
  });

  it('a failing or empty geocoder never fails the save: the set is stored without coordinates', async () => {
    const failing: Geocoder = { autocomplete: async () => Promise.reject(new Error('provider down')) };
    const empty: Geocoder = { autocomplete: async () => [] };
    for (const geocoder of [failing, empty]) {
      const app = await buildExtraApp(ctx, { rateRules: wideRates(), geocoder });
      try {
        const parent = await newParent(app);
        const res = await postJson(
          app,
          parent.access,
          CREATE,
          eggPrefs({
            location: 'Chicago, IL, United States',
            latitude: null,
            longitude: null,
            primary_zip_code: '60601',
          }),
        );
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json().profile_id;
        const got = await app.inject({ method: 'GET', url: one(id), headers: bearer(parent.access) });
        expect(got.json().profile).toMatchObject({
          location: 'Chicago, IL, United States',
          latitude: null,
          longitude: null,
        });
        expect((await storedPreferences(ctx, id)).origin).toBeNull();
      } finally {
        await app.close();
      }
    }
  });
});

/** Sets saved before a preference field existed are read in today's shape: no backfill of `normalized` needed. */
describe('stored preference sets are normalised again from their raw form when read', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx);
  });
  afterAll(async () => ctx.close());

  it('a set whose stored normalised form lacks a field ranks as if it had been saved today', async () => {
    const today = await newParent(ctx.app);
    const old = await newParent(ctx.app);
    // Race and eye colour are dealbreakers (dealbreakers: 'yes'): they change who passes.
    const submitted = eggPrefs({ preferred_races: ['asian'], preferred_eye_colors: ['brown'] });
    const fresh = await saveProfile(ctx.app, today.access, submitted);
    const current = await storedPreferences(ctx, fresh);

    // The same answers, stored by an older release whose normalised form had neither field.
    const { race: _race, eyeColor: _eye, ...stale } = current;
    const [inserted] = await ctx.db.query<{ id: string }>(
      `insert into fertility_profiles
         (user_id, donor_type_preference, location, latitude, longitude, raw, normalized, created_at, updated_at)
       select $1, donor_type_preference, location, latitude, longitude, raw, $3, created_at, updated_at
       from fertility_profiles where id = $2 returning id`,
      [old.id, fresh, JSON.stringify(stale)],
    );

    const expected = (await findMatches(ctx.app, today.access, fresh)).json();
    const res = await findMatches(ctx.app, old.access, inserted!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(expected.total_matches).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      total_matches: expected.total_matches,
      passing_matches: expected.passing_matches,
    });
  });
});

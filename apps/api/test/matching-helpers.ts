import { expect } from 'vitest';
import { generateDonors, type Donor } from '@kindred/matching';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import type { App } from '../src/app.ts';
import { bearer, type TestContext } from './harness.ts';

/** Helpers shared by the matching, import and realtime suites. */

/** A small generated catalogue, loaded through the catalogue service (so the matching index is rebuilt). */
export async function seedCatalogue(ctx: TestContext, count = 300, seed = 'seed'): Promise<Donor[]> {
  const donors = generateDonors(count, seed);
  await ctx.services.catalogue.upsert(donors);
  return donors;
}

/** The date the catalogue's index computes ages for (the app clock's day), for the engine's reference checks. */
export const indexDay = (ctx: TestContext) => ctx.clock.now().toISOString().slice(0, 10);

/** A wizard submission for egg donors with a few dealbreakers: plenty of donors in a 300-donor catalogue pass. */
export const eggPrefs = (over: Record<string, unknown> = {}) => ({
  donor_type_preference: 'egg',
  primary_zip_code: '10001',
  current_country: 'US',
  dealbreakers: 'yes',
  preferred_races: ['white', 'asian', 'mixed_race'],
  preferred_eye_colors: ['brown', 'blue', 'green', 'hazel'],
  hair_color_no_preference: true,
  ethnicity_no_preference: true,
  height_no_preference: true,
  age_no_preference: true,
  user_genetic_conditions: ['none_known'],
  preferred_minimum_education: 'college',
  importance_physical: 60,
  location: 'New York, NY',
  latitude: 40.75,
  longitude: -73.99,
  ...over,
});

export const postJson = (app: App, token: string, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });

/** Saves a preference set and returns its profile id. */
export async function saveProfile(app: App, token: string, prefs: Record<string, unknown>): Promise<string> {
  const res = await postJson(app, token, '/api/v1/fertility-profile/create/', prefs);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile_id;
}

export const findMatches = (app: App, token: string, profileId: string, extra: Record<string, unknown> = {}) =>
  postJson(app, token, '/api/v1/donors/find-matches/', { profile_id: profileId, ...extra });

/** The normalised preference set the server stored for a profile (what the engine ranked with). */
export async function storedPreferences(ctx: TestContext, profileId: string): Promise<NormalizedPreferences> {
  const rows = await ctx.db.query<{ normalized: NormalizedPreferences }>(
    'select normalized from fertility_profiles where id = $1',
    [profileId],
  );
  return rows[0]!.normalized;
}

export const donorCount = async (ctx: TestContext) =>
  Number((await ctx.db.query<{ n: string | number }>('select count(*) as n from donors'))[0]!.n);

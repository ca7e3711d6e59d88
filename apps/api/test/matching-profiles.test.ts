import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@kindred/shared';
import { bearer, createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, getJson, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, postJson, storedPreferences } from './matching-helpers.ts';

const CREATE = '/api/v1/fertility-profile/create/';
const LIST = '/api/v1/fertility-profile/list/';

/** The seven-step preference set: save (upsert per donor type) and list, as the spec's client reads them. */
describe('fertility profiles', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
  });
  afterAll(async () => ctx.close());

  it('creates a profile, then updates it for the same donor type; a parent without a plan is told so', async () => {
    const parent = await newParent(ctx.app);
    const first = await postJson(ctx.app, parent.access, CREATE, eggPrefs());
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      action: 'created',
      subscription: false,
      subscription_message: PAYMENT_MSG.noSubscription,
    });
    expect(body.subscription_message).toBe(
      "You don't have an active subscription. Subscribe to unlock premium features.",
    );
    expect(body.profile_id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await postJson(ctx.app, parent.access, CREATE, eggPrefs({ preferred_races: ['black_african'] }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      action: 'updated',
      profile_id: body.profile_id,
      subscription: false,
    });
    expect((await storedPreferences(ctx, body.profile_id)).race.values).toEqual(['black_african']);

    ctx.clock.advance(1000);
    const surrogate = await postJson(ctx.app, parent.access, CREATE, {
      donor_type_preference: 'Surrogate',
      location: 'Austin, TX',
    });
    expect(surrogate.statusCode, surrogate.body).toBe(200);
    expect(surrogate.json()).toMatchObject({ action: 'created' });
    expect(surrogate.json().profile_id).not.toBe(body.profile_id);

    const list = await getJson(ctx.app, parent.access, LIST);
    expect(list.statusCode, list.body).toBe(200);
    const profiles = list.json().profiles as {
      id: string;
      donor_type_preference: string;
      location: string | null;
      created_at: string;
    }[];
    expect(profiles.map((p) => p.id).sort()).toEqual([body.profile_id, surrogate.json().profile_id].sort());
    // Most recently updated first.
    expect(profiles[0]).toMatchObject({
      id: surrogate.json().profile_id,
      donor_type_preference: 'surrogate',
      location: 'Austin, TX',
    });
    expect(profiles[1]).toMatchObject({ id: body.profile_id, donor_type_preference: 'egg', location: 'New York, NY' });
    for (const p of profiles) expect(Number.isNaN(Date.parse(p.created_at))).toBe(false);
  });

  it('refuses a set without a valid donor type with the spec message', async () => {
    const parent = await newParent(ctx.app);
    for (const payload of [
      { preferred_races: ['white'] },
      { donor_type_preference: '' },
      { donor_type_preference: 'cat' },
    ]) {
      const res = await postJson(ctx.app, parent.access, CREATE, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_error',
        message: 'Please select a donor type.',
        donor_type_preference: ['Please select a donor type.'],
      });
    }
    expect((await getJson(ctx.app, parent.access, LIST)).json().profiles).toEqual([]);
  });

  it('reports values it does not recognise instead of guessing', async () => {
    const parent = await newParent(ctx.app);
    const res = await postJson(ctx.app, parent.access, CREATE, eggPrefs({ preferred_eye_colors: ['Blue', 'violet'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unrecognized).toEqual([{ key: 'preferred_eye_colors', value: 'violet' }]);
    expect((await storedPreferences(ctx, res.json().profile_id)).eyeColor.values).toEqual(['blue']);
  });

  it('with an active plan: subscription true and no subscription message', async () => {
    const parent = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, parent.access, (await planIds(ctx.db)).starter);
    const res = await postJson(ctx.app, parent.access, CREATE, eggPrefs());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toBe(true);
    expect(res.json()).not.toHaveProperty('subscription_message');
  });

  it('keeps each parent to their own profiles and needs a sign-in', async () => {
    const a = await newParent(ctx.app);
    const b = await newParent(ctx.app);
    await postJson(ctx.app, a.access, CREATE, eggPrefs());
    expect((await getJson(ctx.app, b.access, LIST)).json().profiles).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: CREATE, payload: eggPrefs() })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: LIST, headers: bearer('junk') })).statusCode).toBe(401);
  });
});

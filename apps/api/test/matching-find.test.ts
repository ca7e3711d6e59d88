import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMatches, hardFilterFailures, type Donor } from '@kindred/matching';
import { PAYMENT_MSG, PLAN_NAMES } from '@kindred/shared';
import { createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, entitlement, getJson, planIds, wideRates } from './payments-helpers.ts';
import { eggPrefs, findMatches, indexDay, saveProfile, seedCatalogue, storedPreferences } from './matching-helpers.ts';

type MatchItem = {
  donor_reference_id: string;
  donor_type: string;
  overall_match_percentage: number;
  match_percentage: number;
  category_scores: Record<string, number>;
  ai_explanation: string;
};
const MATCH_KEYS = [
  'ai_explanation',
  'availability',
  'carrier_report',
  'category_scores',
  'category_weights',
  'clinic_reference_id',
  'disclosure',
  'distance_km',
  'donor_reference_id',
  'donor_type',
  'explanation',
  'flagged',
  'genetics_report',
  'last_medical_update',
  'match_percentage',
  'matched_attributes_summary',
  'missed',
  'missed_not_counted',
  'not_tested_for',
  'overall_match_percentage',
  'preferences_met',
  'tie_note',
];

/** Plan-limited matches, match credits, and the detail of donors a parent was matched with (issue 4; spec 4, 7). */
describe('donor matches', () => {
  let ctx: TestContext;
  let donors: Map<string, Donor>;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    donors = new Map((await seedCatalogue(ctx)).map((d) => [d.reference_id, d]));
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  /** A parent on `plan` (or none) with a saved egg-donor profile. */
  async function parentWith(plan: keyof typeof plans | null, prefs = eggPrefs()) {
    const parent = await newParent(ctx.app);
    if (plan) await buyWithTestCheckout(ctx.app, parent.access, plans[plan]);
    return { ...parent, profileId: await saveProfile(ctx.app, parent.access, prefs) };
  }

  /** Every returned donor passes every hard filter of the stored profile, checked on the donor records themselves. */
  async function expectAllPassHardFilters(profileId: string, matches: MatchItem[]) {
    const prefs = await storedPreferences(ctx, profileId);
    for (const m of matches) {
      const donor = donors.get(m.donor_reference_id)!;
      expect(donor.donor_type).toBe(prefs.donorType);
      expect(hardFilterFailures(donor, prefs, { asOf: indexDay(ctx) }), m.donor_reference_id).toEqual([]);
    }
  }

  it('without a plan: no matches, the subscription message and the live count', async () => {
    const parent = await parentWith(null);
    const res = await findMatches(ctx.app, parent.access, parent.profileId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = countMatches(
      (await ctx.services.catalogue.current()).index,
      await storedPreferences(ctx, parent.profileId),
    );
    expect(expected).toBeGreaterThan(10);
    expect(body).toMatchObject({
      success: true,
      matches: [],
      subscription: false,
      message: PAYMENT_MSG.noSubscription,
      total_matches: expected,
      plan_name: null,
      passing_matches: expected,
      credits_exhausted: false,
      withheld: 0,
    });
    expect((await getJson(ctx.app, parent.access, '/api/v1/donors/revealed/')).json()).toEqual({
      success: true,
      donors: [],
      estimates: [],
    });
  });

  it('Trial: one match, credit spent once; new preferences: new donors withheld, the revealed one stays', async () => {
    const parent = await parentWith('trial');
    expect((await getJson(ctx.app, parent.access, '/api/v1/donors/revealed/')).json()).toEqual({
      success: true,
      donors: [],
      estimates: [],
    });
    const first = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    expect(first).toMatchObject({
      success: true,
      subscription: true,
      plan_name: PLAN_NAMES.trial,
      matches_shown: 1,
      match_credits_remaining: 0,
      credits_exhausted: true,
      withheld: 0,
      relaxed: [],
    });
    expect(first.matches).toHaveLength(1);
    expect(first.total_matches).toBeGreaterThan(1);
    await expectAllPassHardFilters(parent.profileId, first.matches);

    // The same donor again costs nothing.
    const again = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    expect(again.matches.map((m: MatchItem) => m.donor_reference_id)).toEqual([first.matches[0].donor_reference_id]);
    expect((await entitlement(ctx.app, parent.access))?.match_credits_used).toBe(1);

    // Different preferences rank other donors first: with no credit left they are not revealed.
    await saveProfile(
      ctx.app,
      parent.access,
      eggPrefs({ preferred_races: ['black_african'], preferred_eye_colors: ['brown'] }),
    );
    const changed = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    expect(changed.total_matches).toBeGreaterThan(0);
    expect(changed.matches).toEqual([]);
    expect(changed.message).toBe('You have used your match credits. Upgrade your plan to see more donors.');
    expect(changed).toMatchObject({ credits_exhausted: true, withheld: 1, match_credits_remaining: 0 });
    expect((await entitlement(ctx.app, parent.access))?.match_credits_used).toBe(1);
    expect(changed).not.toHaveProperty('counterfactuals');

    // The donor paid for stays reachable, with the match as it was shown (less the tie sentence, which is about
    // its place in that list).
    const revealed = await getJson(ctx.app, parent.access, '/api/v1/donors/revealed/');
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().donors).toEqual([
      expect.objectContaining({
        donor_reference_id: first.matches[0].donor_reference_id,
        match: { ...first.matches[0], tie_note: null },
      }),
    ]);
    expect(revealed.body).not.toContain('"factors"');
  });

  it('Starter: three matches, best first, three credits spent once', async () => {
    const parent = await parentWith('starter');
    const body = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    expect(body).toMatchObject({
      subscription: true,
      plan_name: PLAN_NAMES.starter,
      matches_shown: 3,
      match_credits_remaining: 0,
    });
    expect(body.matches).toHaveLength(3);
    const scores = body.matches.map((m: MatchItem) => m.overall_match_percentage);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    await expectAllPassHardFilters(parent.profileId, body.matches);
    await findMatches(ctx.app, parent.access, parent.profileId);
    expect((await entitlement(ctx.app, parent.access))?.match_credits_used).toBe(3);
  });

  it('Premium: up to 50 matches with counterfactuals; only documented fields, never factors or bank ids', async () => {
    const parent = await parentWith('premium');
    const res = await findMatches(ctx.app, parent.access, parent.profileId);
    const body = res.json();
    expect(body).toMatchObject({
      subscription: true,
      plan_name: PLAN_NAMES.premium,
      matches_shown: null,
      match_credits_remaining: null,
      credits_exhausted: false,
      withheld: 0,
    });
    expect(body.passing_matches).toBe(body.total_matches);
    expect(body.matches).toHaveLength(Math.min(50, body.total_matches));
    expect(body.total_matches).toBe(
      countMatches((await ctx.services.catalogue.current()).index, await storedPreferences(ctx, parent.profileId)),
    );
    await expectAllPassHardFilters(parent.profileId, body.matches);
    for (const m of body.matches) {
      expect(Object.keys(m).sort()).toEqual(MATCH_KEYS);
      // The whole-number score never reads 100 for a donor who misses anything.
      expect(m.match_percentage).toBe(
        m.overall_match_percentage === 100 ? 100 : Math.min(99, Math.round(m.overall_match_percentage)),
      );
      expect(m.distance_km).toEqual(expect.any(Number));
      expect(m.last_medical_update).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const v of Object.values(m.category_scores as Record<string, number>)) expect(v).toBeGreaterThanOrEqual(0);
      expect(m.ai_explanation.split(/\s+/).length).toBeLessThanOrEqual(50);
    }
    expect(res.body).not.toContain('"factors"');
    expect(res.body).not.toContain('bank_donor_id');
    expect(body.counterfactuals.map((c: { filter: string }) => c.filter)).toEqual(
      expect.arrayContaining(['race_dealbreaker', 'eye_color_dealbreaker']),
    );
    for (const c of body.counterfactuals) expect(c.additional_matches).toBeGreaterThanOrEqual(0);
    // Only hints it can apply: availability, family limit and a shared carrier are not the parent's to relax.
    for (const c of body.counterfactuals as { filter: string; additional_matches: number }[]) {
      expect(['availability', 'family_limit', 'carrier_high_risk']).not.toContain(c.filter);
      const relaxed = await findMatches(ctx.app, parent.access, parent.profileId, { relax: [c.filter] });
      expect(relaxed.statusCode, c.filter).toBe(200);
      expect(relaxed.json().total_matches).toBe(body.total_matches + c.additional_matches);
    }
  });

  it('alcohol use (beyond the spec): a set stating it ranks donors by it; an older set without it still ranks', async () => {
    type Ranked = MatchItem & { missed: string[]; matched_attributes_summary: string[] };
    const parent = await parentWith(
      'premium',
      eggPrefs({ alcohol_use_preference: 'none', lifestyle_environment_importance: 100 }),
    );
    expect((await storedPreferences(ctx, parent.profileId)).maxAlcohol).toBe('none');
    const stated = (await findMatches(ctx.app, parent.access, parent.profileId)).json();
    const matches = stated.matches as Ranked[];
    expect(matches.length).toBeGreaterThan(10);
    for (const m of matches) {
      const drinks = donors.get(m.donor_reference_id)!.alcohol;
      // Met only by a donor who does not drink; anything else (not stated included) is a named miss.
      expect(m.missed.includes('alcohol'), `${m.donor_reference_id} (${drinks})`).toBe(drinks !== 'none');
      expect(m.matched_attributes_summary.includes('alcohol')).toBe(drinks === 'none');
      if (drinks !== 'none') expect(m.ai_explanation).toContain('alcohol use');
    }
    // Non-drinkers come first on average: the question moves the order.
    const rank = (pred: (m: Ranked) => boolean) => {
      const at = matches.flatMap((m, i) => (pred(m) ? [i] : []));
      return at.reduce((n, i) => n + i, 0) / at.length;
    };
    const none = (m: Ranked) => donors.get(m.donor_reference_id)!.alcohol === 'none';
    expect(rank(none)).toBeLessThan(rank((m) => !none(m)));

    // A set saved before the question existed: no key at all. It is read, normalised and ranked as before.
    const older = await parentWith('premium', eggPrefs({ lifestyle_environment_importance: 100 }));
    expect((await storedPreferences(ctx, older.profileId)).maxAlcohol).toBeNull();
    const res = await findMatches(ctx.app, older.access, older.profileId);
    expect(res.statusCode, res.body).toBe(200);
    const plain = res.json().matches as Ranked[];
    expect(plain.length).toBeGreaterThan(10);
    for (const m of plain) {
      expect(m.missed).not.toContain('alcohol');
      expect(m.matched_attributes_summary).not.toContain('alcohol');
      expect(m.ai_explanation).not.toContain('alcohol');
    }
    await expectAllPassHardFilters(older.profileId, plain);
  });

  it("another parent's profile, or an unknown one, is not found", async () => {
    const owner = await parentWith('premium');
    const other = await parentWith('premium');
    for (const id of [owner.profileId, '00000000-0000-4000-8000-000000000000']) {
      const res = await findMatches(ctx.app, other.access, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({
        code: 'not_found',
        success: false,
        message: 'This preference profile was not found.',
      });
    }
    expect((await findMatches(ctx.app, other.access, 'not-a-uuid')).statusCode).toBe(400);
  });

  describe('donor detail', () => {
    it('shows revealed donors only; never a bank id, and never a name for anonymous donors', async () => {
      const parent = await parentWith('premium');
      const matches = (await findMatches(ctx.app, parent.access, parent.profileId)).json().matches as MatchItem[];
      const anon = matches.filter((m) => donors.get(m.donor_reference_id)!.disclosure === 'ANON');
      const named = matches.filter((m) => donors.get(m.donor_reference_id)!.disclosure !== 'ANON');
      expect(anon.length).toBeGreaterThan(0);
      expect(named.length).toBeGreaterThan(0);
      for (const m of [...anon.slice(0, 5), ...named.slice(0, 5)]) {
        const donor = donors.get(m.donor_reference_id)!;
        const res = await getJson(ctx.app, parent.access, `/api/v1/donors/${m.donor_reference_id}/`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.donor).toMatchObject({
          reference_id: donor.reference_id,
          donor_type: 'egg',
          disclosure: donor.disclosure,
        });
        expect(body.match).toMatchObject({
          donor_reference_id: donor.reference_id,
          overall_match_percentage: m.overall_match_percentage,
        });
        expect(res.body).not.toContain('bank_donor_id');
        expect(res.body).not.toContain(donor.bank_donor_id);
        expect(body.donor).not.toHaveProperty('location.lat');
        if (donor.disclosure === 'ANON') {
          expect(body.donor.display_name).toBeNull();
          expect(res.body).not.toContain(donor.display_name);
        } else {
          expect(body.donor.display_name).toBe(donor.display_name);
        }
      }

      const revealed = new Set(matches.map((m) => m.donor_reference_id));
      const hidden = [...donors.values()].find((d) => !revealed.has(d.reference_id))!;
      for (const ref of [hidden.reference_id, 'NOSUCHDONOR']) {
        const res = await getJson(ctx.app, parent.access, `/api/v1/donors/${ref}/`);
        expect(res.statusCode, res.body).toBe(404);
      }
      // Revealed to this parent, not to another one.
      const other = await newParent(ctx.app);
      expect(
        (await getJson(ctx.app, other.access, `/api/v1/donors/${matches[0]!.donor_reference_id}/`)).statusCode,
      ).toBe(404);
    });
  });
});

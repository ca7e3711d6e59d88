import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, jsonLeaves, login, newParent, STARTER_PRICE, type TestContext } from './harness.ts';
import { dayAt, insertAppointment, seedClinic, type SeededClinic } from './appointments-helpers.ts';
import { eggPrefs, saveProfile, seedCatalogue } from './matching-helpers.ts';
import { buyWithTestCheckout, makeAdmin, planIds, wideRates } from './payments-helpers.ts';

/**
 * The role matrix's second half (issue 25): not only which role may call a staff read, but which FIELDS each role
 * gets back. Support reads people but no money and no reproductive-health data: a plan's status and end date, never
 * the plan, its price, payments, a clinic or a visit type. Clinic staff read their own bookings and the shortlists
 * parents shared with them, never the parent's preference answers, conditions or screening. The key sets are exact,
 * so a field added to an answer must be added here, for the roles that may see it, on purpose.
 */

const keys = (o: object | null | undefined) => Object.keys(o ?? {}).sort();
/** Every key anywhere in a JSON answer. */
function allKeys(v: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => allKeys(x, into));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      into.add(k);
      allKeys(x, into);
    }
  return into;
}
/** Keys that would carry a parent's health data (answers, conditions, screening, consent to use them). */
const HEALTH_KEY = /genetic|condition|carrier|screen|preference|answers|medical_history|pregnan|consent/i;

const USER_BASE = [
  'created_at',
  'deletion_purge_after',
  'disabled_at',
  'disabled_reason',
  'email',
  'email_verified',
  'first_name',
  'health',
  'id',
  'last_name',
  'last_sign_in_at',
  'phone_number',
  'role',
  'sign_ins',
  'status',
  'subscription',
  'upcoming_appointments',
];
const ROW_BASE = [
  'created_at',
  'email',
  'first_name',
  'id',
  'last_name',
  'last_sign_in_at',
  'plan_current_period_end',
  'plan_status',
  'role',
  'status',
];
const DONOR_ROW = [
  'availability',
  'bank_donor_id',
  'bank_name',
  'clinic_reference_id',
  'disclosure',
  'donor_type',
  'families_so_far',
  'family_limit',
  'family_status',
  'last_medical_update',
  'reference_id',
  'updated_at',
];

describe('role matrix: the fields each role sees', () => {
  let ctx: TestContext;
  let admin: string;
  let support: string;
  let clinicToken: string;
  let clinic: SeededClinic;
  let parent: Awaited<ReturnType<typeof newParent>>;
  let planName: string;

  const get = async (token: string, url: string) => {
    const res = await ctx.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return { json: res.json(), body: res.body };
  };

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    await seedCatalogue(ctx, 40);
    const a = await newParent(ctx.app);
    admin = await makeAdmin(ctx, a);
    const s = await newParent(ctx.app);
    await ctx.db.query("update users set role = 'support' where id = $1", [s.id]);
    support = (await login(ctx.app, s.email, s.password)).json().tokens.access as string;

    // A parent with everything staff could leak: a paid plan, a preference set naming a condition, a visit ahead at
    // a clinic, starred donors shared with that clinic.
    parent = await newParent(ctx.app, { first_name: 'Rowan', last_name: 'Fieldtest' });
    const plans = await planIds(ctx.db);
    await buyWithTestCheckout(ctx.app, parent.access, plans.starter);
    planName = (await ctx.db.query<{ name: string }>('select name from plans where id = $1', [plans.starter]))[0]!.name;
    await saveProfile(ctx.app, parent.access, eggPrefs({ user_genetic_conditions: ['cystic_fibrosis'] }));
    clinic = await seedClinic(ctx.db);
    await insertAppointment(ctx.db, clinic, {
      userId: parent.id,
      email: parent.email,
      startsAt: dayAt(ctx.clock.now(), 2, 10, clinic.zone),
    });
    const donors = await ctx.db.query<{ id: string }>('select id from donors order by reference_id limit 2');
    for (const d of donors)
      await ctx.db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, now())', [
        parent.id,
        d.id,
      ]);
    const consent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profile/consents/',
      headers: bearer(parent.access),
      payload: { kind: 'shortlist_sharing', scope: clinic.reference, granted: true, source: 'profile' },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const staff = await newParent(ctx.app, {}, { consent: false });
    await ctx.db.query("update users set role = 'clinic', clinic_id = $2 where id = $1", [staff.id, clinic.clinicId]);
    clinicToken = staff.access;
  });
  afterAll(async () => ctx?.close());

  it('console user page: admin sees plan, billing, payments and visits; support only status, end date and a count', async () => {
    const url = `/api/v1/admin/users/${parent.id}/`;
    const asAdmin = (await get(admin, url)).json.user;
    expect(keys(asAdmin)).toEqual([...USER_BASE, 'appointments', 'payments'].sort());
    expect(keys(asAdmin.subscription)).toEqual(
      [
        'current_period_end',
        'match_credits_total',
        'match_credits_used',
        'plan_id',
        'plan_name',
        'provider',
        'started_at',
        'status',
      ].sort(),
    );
    expect(keys(asAdmin.payments[0])).toEqual([
      'amount',
      'created_at',
      'currency',
      'id',
      'kind',
      'plan_name',
      'status',
    ]);
    expect(keys(asAdmin.appointments[0])).toEqual(['clinic', 'id', 'starts_at', 'status', 'time_zone', 'visit']);
    expect(asAdmin.health).toEqual({ preference_sets: 1, masked: true });

    const asSupport = await get(support, url);
    expect(keys(asSupport.json.user)).toEqual(USER_BASE);
    expect(keys(asSupport.json.user.subscription)).toEqual(['current_period_end', 'status']);
    expect(asSupport.json.user.health).toEqual({ preference_sets: 1, masked: true });
    for (const secret of [planName, 'Lakeside Fertility', 'Egg donor', 'cystic'])
      expect(asSupport.body).not.toContain(secret);
    // The price, as any value of the answer (never a substring: a CI run failed on a user id holding …129…).
    expect(jsonLeaves(asSupport.json).filter((v) => STARTER_PRICE.test(String(v)))).toEqual([]);
  });

  it('console user list: support sees a plan’s status and end date, not its name; admin sees the name too', async () => {
    const url = `/api/v1/admin/users/?q=${encodeURIComponent(parent.email)}`;
    const asAdmin = (await get(admin, url)).json.users;
    expect(asAdmin).toHaveLength(1);
    expect(keys(asAdmin[0])).toEqual([...ROW_BASE, 'plan_name'].sort());
    expect(asAdmin[0]).toMatchObject({ plan_name: planName, plan_status: 'active' });

    const asSupport = await get(support, url);
    expect(asSupport.json.users).toHaveLength(1);
    expect(keys(asSupport.json.users[0])).toEqual(ROW_BASE);
    expect(asSupport.json.users[0].plan_status).toBe('active');
    expect(asSupport.json.users[0].plan_current_period_end).toBe(asAdmin[0].plan_current_period_end);
    expect(asSupport.body).not.toContain(planName);
    expect(asSupport.body).not.toContain('Starter');

    // Nor can support tell the plan by filtering on it: the filter by plan and the plans list are an admin's.
    const plans = await planIds(ctx.db);
    const byPlan = await ctx.app.inject({
      url: `/api/v1/admin/users/?plan=${plans.starter}`,
      headers: bearer(support),
    });
    expect(byPlan.statusCode).toBe(403);
    expect(byPlan.json()).toMatchObject({ message: 'Only an administrator can filter users by plan.' });
    expect((await ctx.app.inject({ url: '/api/v1/admin/users/plans/', headers: bearer(support) })).statusCode).toBe(
      403,
    );
    expect((await get(support, '/api/v1/admin/users/?plan=none')).json.users.length).toBeGreaterThan(0);
    expect(
      (await get(admin, `/api/v1/admin/users/?plan=${plans.starter}`)).json.users.map((u: { id: string }) => u.id),
    ).toContain(parent.id);
  });

  it('console donors: the same catalogue fields for support and admin, and no health field', async () => {
    for (const token of [support, admin]) {
      const { json } = await get(token, '/api/v1/admin/donors/?page_size=10');
      expect(json.donors.length).toBeGreaterThan(0);
      for (const d of json.donors) expect(keys(d)).toEqual(DONOR_ROW);
    }
  });

  it('clinic staff: their bookings and the shared shortlists carry contact details, never health data', async () => {
    const appts = await get(clinicToken, '/api/v1/clinic/appointments/');
    expect(appts.json.appointments).toHaveLength(1);
    const shortlists = await get(clinicToken, '/api/v1/clinic/shortlists/');
    expect(shortlists.json.shortlists).toHaveLength(1);
    // partner_name: the partner's name, only when both partners agreed to share with this clinic (issue 29).
    expect(keys(shortlists.json.shortlists[0])).toEqual([
      'donors',
      'email',
      'name',
      'parent_id',
      'partner_name',
      'shared_at',
    ]);
    expect(keys(shortlists.json.shortlists[0].donors[0])).toEqual(['donor_type', 'reference_id', 'score']);
    const overview = await get(clinicToken, '/api/v1/clinic/');
    for (const { json, body } of [appts, shortlists, overview]) {
      expect([...allKeys(json)].filter((k) => HEALTH_KEY.test(k))).toEqual([]);
      expect(body).not.toContain('cystic');
      expect(body).not.toContain(planName);
    }
  });

  it('staff cannot reach a parent’s matching at all: find-matches, revealed donors and donor detail refuse them', async () => {
    const ref = (await ctx.db.query<{ reference_id: string }>('select reference_id from donors limit 1'))[0]!
      .reference_id;
    for (const token of [support, admin, clinicToken]) {
      for (const [method, url] of [
        ['POST', '/api/v1/donors/find-matches/'],
        ['GET', '/api/v1/donors/revealed/'],
        ['GET', `/api/v1/donors/${ref}/`],
        ['GET', '/api/v1/donors/favourites/'],
        ['GET', '/api/v1/fertility-profile/list/'],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: bearer(token),
          ...(method === 'POST' ? { payload: { profile_id: '1' } } : {}),
        });
        expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 120)}`).toBe(403);
      }
    }
    expect((await ctx.app.inject({ url: '/api/v1/donors/revealed/', headers: bearer(parent.access) })).statusCode).toBe(
      200,
    );
  });
});

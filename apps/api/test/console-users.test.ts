import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@kindred/shared';
import { CONSOLE_USERS_MSG } from '@kindred/shared/console-users.schemas';
import { REALTIME_CLOSE } from '@kindred/shared/realtime.schemas';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  jsonLeaves,
  login,
  newParent,
  STARTER_PRICE,
  verifiedParent,
  waitForNth,
  type TestContext,
} from './harness.ts';
import { eggPrefs, saveProfile } from './matching-helpers.ts';
import { dayAt, insertAppointment, seedClinic } from './appointments-helpers.ts';
import { connect } from './ws-client.ts';
import { buyWithTestCheckout, makeAdmin, planIds, wideRates, type Parent } from './payments-helpers.ts';

/** The console's Users page and user actions (issue 15, ADR 022), over HTTP on a real database. */

const BASE = '/api/v1/admin/users';
/** Letters only (names allow no digits): a tag that makes this suite's users findable and nobody else's. */
const tag = () =>
  Array.from(randomUUID().replace(/-/g, '').slice(0, 8), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join(
    '',
  );

type AuditRow = {
  actor_id: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  diff: Record<string, unknown>;
  client_ip: string | null;
};

describe('console users', () => {
  let ctx: TestContext;
  let admin: { id: string; token: string };
  let support: { id: string; token: string };
  let parentToken: string;

  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (token: string, url: string, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload, remoteAddress: '198.51.100.9' });
  const list = async (token: string, query: string) => {
    const res = await get(token, `${BASE}/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { users: { id: string; last_name: string; email: string; status: string }[]; total: number };
  };
  const auditOf = (targetId: string, action: string) =>
    ctx.db.query<AuditRow>(
      `select actor_id, actor_role, action, target_type, target_id, reason, diff, client_ip from audit_log
        where target_id = $1 and action = $2 order by id`,
      [targetId, action],
    );
  /** An audit row names ids, never the person: no address or name of theirs in the diff. */
  const expectNoPersonalData = (row: AuditRow, p: { email: string }) => {
    const text = JSON.stringify(row.diff).toLowerCase();
    expect(text).not.toContain(p.email.toLowerCase());
    expect(text).not.toContain('avery');
  };

  async function staffMember(role: 'admin' | 'support') {
    const p = await newParent(ctx.app);
    if (role === 'admin') return { id: p.id, token: await makeAdmin(ctx, p) };
    await ctx.db.query("update users set role = 'support' where id = $1", [p.id]);
    const res = await login(ctx.app, p.email, p.password);
    return { id: p.id, token: res.json().tokens.access as string };
  }

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    admin = await staffMember('admin');
    support = await staffMember('support');
    parentToken = (await newParent(ctx.app)).access;
  });
  afterAll(() => ctx.close());

  describe('the list', () => {
    const t = tag();
    let people: Parent[];
    beforeAll(async () => {
      // Five users sharing a last name with the tag, in a known order of first names.
      people = [];
      for (const first of ['Cleo', 'Ada', 'Eve', 'Bea', 'Dana']) {
        ctx.clock.advance(1000);
        people.push(
          await newParent(ctx.app, { first_name: first, last_name: `Q${t}`, email: `${first}.${t}@example.com` }),
        );
      }
    });

    it('searches by part of a name or of an address, case-insensitively', async () => {
      expect((await list(admin.token, `q=${t.toUpperCase()}`)).total).toBe(5);
      const byMail = await list(admin.token, `q=${encodeURIComponent(`eve.${t}@`)}`);
      expect(byMail.users.map((u) => u.email)).toEqual([`eve.${t}@example.com`]);
      expect((await list(admin.token, `q=nobody-${t}`)).users).toEqual([]);
      // LIKE's wildcards are searched for literally.
      expect((await list(admin.token, `q=${t}%25`)).total).toBe(0);
    });

    it('sorts on the server by name, e-mail and creation, both ways', async () => {
      const names = async (sort: string, dir: string) =>
        (await list(admin.token, `q=${t}&sort=${sort}&dir=${dir}`)).users.map((u) => u.email.split('.')[0]);
      expect(await names('email', 'asc')).toEqual(['ada', 'bea', 'cleo', 'dana', 'eve']);
      expect(await names('email', 'desc')).toEqual(['eve', 'dana', 'cleo', 'bea', 'ada']);
      expect(await names('name', 'asc')).toEqual(['ada', 'bea', 'cleo', 'dana', 'eve']);
      expect(await names('created', 'asc')).toEqual(['cleo', 'ada', 'eve', 'bea', 'dana']);
      expect(await names('created', 'desc')).toEqual(['dana', 'bea', 'eve', 'ada', 'cleo']);
      ctx.clock.advance(60_000);
      expect((await login(ctx.app, people[3]!.email, people[3]!.password)).statusCode).toBe(200);
      expect((await names('last_sign_in', 'desc'))[0]).toBe('bea');
    });

    it('pages with a total', async () => {
      const first = await list(admin.token, `q=${t}&sort=email&dir=asc&per_page=10&page=1`);
      expect(first.total).toBe(5);
      const second = await list(admin.token, `q=${t}&sort=email&dir=asc&per_page=10&page=2`);
      expect(second.users).toEqual([]);
      expect(second.total).toBe(5);
    });

    it('filters by role, status and plan', async () => {
      await ctx.db.query('update users set email_verified_at = now() where id = $1', [people[0]!.id]);
      const verified = await list(admin.token, `q=${t}&status=active`);
      expect(verified.users.map((u) => u.email)).toEqual([people[0]!.email.toLowerCase()]);
      expect((await list(admin.token, `q=${t}&status=unverified`)).total).toBe(4);
      expect((await list(admin.token, `q=${t}&role=parent`)).total).toBe(5);
      expect((await list(admin.token, `q=${t}&role=admin`)).total).toBe(0);
      const plans = await planIds(ctx.db);
      await buyWithTestCheckout(ctx.app, people[1]!.access, plans.starter);
      const starter = await list(admin.token, `q=${t}&plan=${plans.starter}`);
      expect(starter.users.map((u) => u.email)).toEqual([people[1]!.email.toLowerCase()]);
      expect((await list(admin.token, `q=${t}&plan=none`)).total).toBe(4);
      const staffList = await list(admin.token, `role=support`);
      expect(staffList.users.map((u) => u.id)).toContain(support.id);
    });

    it('refuses junk with a 400 in the documented shape, and parents with a 403', async () => {
      for (const q of [
        'per_page=7',
        'sort=password_hash',
        'dir=sideways',
        'page=0',
        'role=root',
        'plan=gold',
        'status=x',
      ])
        expectDocumentedErrorShape(await get(admin.token, `${BASE}/?${q}`));
      expect((await get(admin.token, `${BASE}/?per_page=7`)).statusCode).toBe(400);
      expect((await get(admin.token, `${BASE}/not-a-uuid/`)).statusCode).toBe(400);
      expect((await get(parentToken, `${BASE}/`)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `${BASE}/` })).statusCode).toBe(401);
    });
  });

  describe('one user', () => {
    it('shows payments to an admin and leaves them out of support’s answer; health data stays masked', async () => {
      const p = await newParent(ctx.app);
      await buyWithTestCheckout(ctx.app, p.access, (await planIds(ctx.db)).starter);
      await saveProfile(ctx.app, p.access, eggPrefs({ user_genetic_conditions: ['cystic_fibrosis'] }));
      const asAdmin = await get(admin.token, `${BASE}/${p.id}/`);
      expect(asAdmin.statusCode, asAdmin.body).toBe(200);
      const user = asAdmin.json().user;
      expect(user.payments).toHaveLength(1);
      expect(user.payments[0]).toMatchObject({ amount: '129.00', status: 'succeeded' });
      expect(user.subscription.plan_name).toMatch(/Starter/);
      expect(user.health).toEqual({ preference_sets: 1, masked: true });
      expect(asAdmin.body).not.toContain('cystic_fibrosis');
      expect(user.sign_ins[0]).toMatchObject({ remember: false, ended: false });

      const asSupport = await get(support.token, `${BASE}/${p.id}/`);
      expect(asSupport.statusCode).toBe(200);
      expect('payments' in asSupport.json().user).toBe(false);
      expect(asSupport.body).not.toContain('129.00');
      expect(asSupport.body).not.toContain('cystic_fibrosis');
      expect((await get(admin.token, `${BASE}/${randomUUID()}/`)).statusCode).toBe(404);
    });

    it('support sees the plan’s status and end date and a count of visits ahead, never price, plan, clinic or visit type', async () => {
      const p = await newParent(ctx.app);
      await buyWithTestCheckout(ctx.app, p.access, (await planIds(ctx.db)).starter);
      const clinic = await seedClinic(ctx.db);
      await insertAppointment(ctx.db, clinic, {
        userId: p.id,
        email: p.email,
        startsAt: dayAt(ctx.clock.now(), 3, 10),
      });
      const clinicName = (
        await ctx.db.query<{ name: string }>('select name from clinics where id = $1', [clinic.clinicId])
      )[0]!.name;

      const asAdmin = (await get(admin.token, `${BASE}/${p.id}/`)).json().user;
      expect(asAdmin.subscription.plan_name).toMatch(/Starter/);
      expect(asAdmin.appointments).toEqual([
        expect.objectContaining({ clinic: clinicName, visit: 'Egg donor consultation', status: 'pending' }),
      ]);
      expect(asAdmin.upcoming_appointments).toBe(1);

      const res = await get(support.token, `${BASE}/${p.id}/`);
      expect(res.statusCode).toBe(200);
      const asSupport = res.json().user;
      expect(asSupport.subscription).toEqual({
        status: 'active',
        current_period_end: asAdmin.subscription.current_period_end,
      });
      expect(asSupport.upcoming_appointments).toBe(1);
      expect('appointments' in asSupport).toBe(false);
      for (const secret of ['Starter', clinicName, 'Egg donor', asAdmin.subscription.plan_id, 'test'])
        expect(res.body).not.toContain(secret);
      // The price, as any value of the answer (never a substring: a random id may hold the digits).
      expect(jsonLeaves(res.json()).filter((v) => STARTER_PRICE.test(String(v)))).toEqual([]);
    });

    it('reveals health data to an admin with a reason, and logs it; support may not', async () => {
      const p = await newParent(ctx.app);
      await saveProfile(ctx.app, p.access, eggPrefs({ user_genetic_conditions: ['cystic_fibrosis'] }));
      const url = `${BASE}/${p.id}/health/reveal/`;
      expect((await post(support.token, url, { reason: 'Parent asked on the phone' })).statusCode).toBe(403);
      const noReason = await post(admin.token, url, { reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().reason).toEqual([CONSOLE_USERS_MSG.reasonRequired]);
      expect(await auditOf(p.id, 'health.reveal')).toEqual([]);
      const res = await post(admin.token, url, { reason: 'Parent asked on the phone' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().preference_sets[0].answers.user_genetic_conditions).toEqual(['cystic_fibrosis']);
      const [row] = await auditOf(p.id, 'health.reveal');
      expect(row).toMatchObject({
        actor_id: admin.id,
        actor_role: 'admin',
        target_type: 'user',
        reason: 'Parent asked on the phone',
        client_ip: '198.51.100.9',
      });
      expect(JSON.stringify(row!.diff)).not.toContain('cystic');
    });
  });

  describe('actions', () => {
    it('disable: sign-in refused with a clear message, tokens refused at once; enable lets them in again', async () => {
      const p = await newParent(ctx.app);
      const reason = 'Chargeback fraud reported by the bank';
      expect((await post(support.token, `${BASE}/${p.id}/disable/`, { reason })).statusCode).toBe(403);
      expect((await post(admin.token, `${BASE}/${p.id}/disable/`, {})).statusCode).toBe(400);
      const res = await post(admin.token, `${BASE}/${p.id}/disable/`, { reason });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(CONSOLE_USERS_MSG.disabled);
      // The access token issued before is refused on the next call, and the refresh token too.
      const profile = await get(p.access, '/api/v1/auth/profile/');
      expect(profile.statusCode).toBe(401);
      expect((await get(p.access, '/api/v1/subscriptions/me/')).statusCode).toBe(401);
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/refresh/',
        payload: { refresh: p.refresh },
      });
      expect(refresh.statusCode).toBe(401);
      const signIn = await login(ctx.app, p.email, p.password);
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe(SERVER_MSG.accountDisabled);
      const wrong = await login(ctx.app, p.email, 'Not-the-password-1');
      expect(wrong.json().message).toBe(SERVER_MSG.invalidCredentials);
      expect((await post(admin.token, `${BASE}/${p.id}/disable/`, { reason })).statusCode).toBe(409);
      expect((await list(admin.token, `status=disabled`)).users.map((u) => u.id)).toContain(p.id);

      const [row] = await auditOf(p.id, 'user.disable');
      expect(row).toMatchObject({ actor_id: admin.id, actor_role: 'admin', reason, diff: { disabled: [false, true] } });
      expectNoPersonalData(row!, p);

      const enable = await post(admin.token, `${BASE}/${p.id}/enable/`, { reason: 'Bank withdrew the claim' });
      expect(enable.statusCode, enable.body).toBe(200);
      expect((await login(ctx.app, p.email, p.password)).statusCode).toBe(200);
      const [enabled] = await auditOf(p.id, 'user.enable');
      expect(enabled).toMatchObject({ actor_id: admin.id, reason: 'Bank withdrew the claim' });
      expect((await post(admin.token, `${BASE}/${admin.id}/disable/`, { reason })).statusCode).toBe(403);
    });

    it('disable closes the account’s open socket and refuses its token on every kind of signed-in read', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (ctx.app.server.address() as AddressInfo).port;
      const p = await newParent(ctx.app);
      const socket = connect(`ws://127.0.0.1:${port}/ws/realtime-matching/?token=${p.access}`);
      expect(await socket.nth(1)).toEqual({ type: 'connection_established' });
      const res = await post(admin.token, `${BASE}/${p.id}/disable/`, { reason: 'Account takeover reported' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.badToken);
      // The plain guard, GET profile's own read and find-matches' own read all refuse it.
      for (const call of [
        get(p.access, '/api/v1/fertility-profile/list/'),
        get(p.access, '/api/v1/auth/profile/'),
        post(p.access, '/api/v1/donors/find-matches/', { profile_id: randomUUID() }),
      ])
        expect((await call).statusCode).toBe(401);
    });

    it('end sessions (support may): every sign-in ends and its tokens are refused', async () => {
      const p = await newParent(ctx.app);
      const second = (await login(ctx.app, p.email, p.password)).json().tokens.access as string;
      const res = await post(support.token, `${BASE}/${p.id}/end-sessions/`, { reason: 'Lost phone' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(p.access, '/api/v1/auth/profile/')).statusCode).toBe(401);
      expect((await get(second, '/api/v1/auth/profile/')).statusCode).toBe(401);
      const detail = (await get(admin.token, `${BASE}/${p.id}/`)).json().user;
      expect(detail.sign_ins.every((s: { ended: boolean }) => s.ended)).toBe(true);
      const [row] = await auditOf(p.id, 'user.end_sessions');
      expect(row).toMatchObject({ actor_id: support.id, actor_role: 'support', reason: 'Lost phone' });
    });

    it('resend verification (support may) mails a new link; a verified address is refused', async () => {
      const p = await newParent(ctx.app);
      const res = await post(support.token, `${BASE}/${p.id}/resend-verification/`);
      expect(res.statusCode, res.body).toBe(200);
      const mail = await waitForNth(ctx.smtp, p.email.toLowerCase(), 1, (m) =>
        /^Subject: Verify your email for Kindred/m.test(m.raw),
      );
      expect(mail.raw).toContain('verify-email?token=');
      const [row] = await auditOf(p.id, 'user.resend_verification');
      expect(row).toMatchObject({ actor_id: support.id, target_type: 'user' });
      await ctx.db.query('update users set email_verified_at = now() where id = $1', [p.id]);
      expect((await post(support.token, `${BASE}/${p.id}/resend-verification/`)).statusCode).toBe(400);
    });

    it('start deletion (admin): deactivated, cancel link mailed, audited; support may not', async () => {
      const p = await verifiedParent(ctx);
      const reason = 'Owner asked by letter';
      expect((await post(support.token, `${BASE}/${p.id}/deletion/`, { reason })).statusCode).toBe(403);
      const res = await post(admin.token, `${BASE}/${p.id}/deletion/`, { reason });
      expect(res.statusCode, res.body).toBe(200);
      await waitForNth(ctx.smtp, p.email.toLowerCase(), 1, (m) =>
        /^Subject: Your Kindred account will be deleted/m.test(m.raw),
      );
      expect((await get(p.access, '/api/v1/auth/profile/')).statusCode).toBe(401);
      const detail = (await get(admin.token, `${BASE}/${p.id}/`)).json().user;
      expect(detail.status).toBe('deletion_pending');
      expect(detail.deletion_purge_after).not.toBeNull();
      const [row] = await auditOf(p.id, 'user.deletion_start');
      expect(row).toMatchObject({ actor_id: admin.id, reason, diff: { deletion_pending: [false, true] } });
      expectNoPersonalData(row!, p);
      expect((await post(admin.token, `${BASE}/${p.id}/deletion/`, { reason })).statusCode).toBe(409);
    });

    it('complimentary plan (admin): price 0, no payment, the plan’s price untouched; support may not', async () => {
      const p = await newParent(ctx.app);
      const plans = await planIds(ctx.db);
      const priceBefore = await ctx.db.query('select price from plans where id = $1', [plans.premium]);
      const body = { plan_id: plans.premium, days: 30, reason: 'Goodwill after an outage' };
      expect((await post(support.token, `${BASE}/${p.id}/complimentary-plan/`, body)).statusCode).toBe(403);
      expect((await post(admin.token, `${BASE}/${p.id}/complimentary-plan/`, { ...body, days: 0 })).statusCode).toBe(
        400,
      );
      const unknownPlan = await post(admin.token, `${BASE}/${p.id}/complimentary-plan/`, {
        ...body,
        plan_id: randomUUID(),
      });
      expect(unknownPlan.statusCode).toBe(400);
      expect(unknownPlan.json().plan_id).toEqual([CONSOLE_USERS_MSG.planNotFound]);
      const res = await post(admin.token, `${BASE}/${p.id}/complimentary-plan/`, body);
      expect(res.statusCode, res.body).toBe(200);
      // The parent is entitled now, through the complimentary subscription.
      const me = (await get(p.access, '/api/v1/subscriptions/me/')).json().subscription;
      // Shown to the parent as complimentary, ending at its last day: it neither renews nor can be "cancelled".
      expect(me).toMatchObject({ active: true, plan_id: plans.premium, complimentary: true, renews: false });
      expect(new Date(me.current_period_end).getTime() - new Date(me.started_at).getTime()).toBe(30 * 86_400_000);
      expect((await post(p.access, '/api/v1/subscriptions/cancel/', {})).statusCode).toBe(404);
      const detail = (await get(admin.token, `${BASE}/${p.id}/`)).json().user;
      expect(detail.subscription).toMatchObject({ provider: 'complimentary', status: 'active' });
      expect(detail.payments).toEqual([]);
      expect(await ctx.db.query('select price from plans where id = $1', [plans.premium])).toEqual(priceBefore);
      const [row] = await auditOf(p.id, 'user.complimentary_plan');
      expect(row).toMatchObject({ actor_id: admin.id, reason: 'Goodwill after an outage' });
      expect(row!.diff).toMatchObject({ plan_id: [null, plans.premium], days: [null, 30], price: [null, 0] });
    });

    it('bulk disable: a dry run writes nothing, more than 500 is refused, the real run disables and audits each', async () => {
      const a = await newParent(ctx.app);
      const b = await newParent(ctx.app);
      const missing = randomUUID();
      const url = `${BASE}/bulk/disable/`;
      const reason = 'Spam sign-ups from one network';
      const auditCount = async () =>
        Number((await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n);
      const before = await auditCount();

      const dry = await post(admin.token, url, { ids: [a.id, b.id, missing, admin.id], reason, dry_run: true });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json()).toMatchObject({ dry_run: true, disabled: [a.id, b.id] });
      expect(dry.json().skipped.map((s: { id: string }) => s.id)).toEqual([missing, admin.id]);
      expect(await auditCount()).toBe(before);
      expect((await get(a.access, '/api/v1/auth/profile/')).statusCode).toBe(200);

      const tooMany = await post(admin.token, url, {
        ids: Array.from({ length: 501 }, () => randomUUID()),
        reason,
        dry_run: true,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().ids).toEqual([CONSOLE_USERS_MSG.bulkTooMany]);
      expect((await post(support.token, url, { ids: [a.id], reason })).statusCode).toBe(403);

      const real = await post(admin.token, url, { ids: [a.id, b.id, missing], reason });
      expect(real.statusCode, real.body).toBe(200);
      expect(real.json().disabled.sort()).toEqual([a.id, b.id].sort());
      expect((await get(a.access, '/api/v1/auth/profile/')).statusCode).toBe(401);
      expect((await login(ctx.app, b.email, b.password)).statusCode).toBe(403);
      for (const p of [a, b]) {
        const [row] = await auditOf(p.id, 'user.disable');
        expect(row).toMatchObject({
          actor_id: admin.id,
          reason,
          diff: { disabled: [false, true], bulk: [null, true] },
        });
      }
      expect(await auditCount()).toBe(before + 2);
    });

    it('answers junk bodies with 400, never 500', async () => {
      const p = await newParent(ctx.app);
      for (const [path, body] of [
        ['disable/', { reason: 42 }],
        ['disable/', { reason: 'x'.repeat(501) }],
        ['enable/', []],
        ['complimentary-plan/', { plan_id: 'gold', days: 'many', reason: 'ok ok' }],
        ['end-sessions/', { reason: null }],
        ['health/reveal/', { reason: { nested: true } }],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `${BASE}/${p.id}/${path}`,
          headers: bearer(admin.token),
          payload: body as never,
        });
        expect(res.statusCode, `${path} ${res.body}`).toBe(400);
        expectDocumentedErrorShape(res);
      }
      const bulk = await post(admin.token, `${BASE}/bulk/disable/`, { ids: ['nope'], reason: 'because' });
      expect(bulk.statusCode).toBe(400);
      expect((await post(admin.token, `${BASE}/bulk/disable/`, { ids: [], reason: 'because' })).statusCode).toBe(400);
    });
  });
});

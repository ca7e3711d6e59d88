import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  forgot,
  isCodeMail,
  login,
  mailsTo,
  newParent,
  verifiedParent,
  waitForNth,
  type TestContext,
} from './harness.ts';
import { CONTACT_MIN_FILL_MS } from '@kindred/shared/content.schemas';
import { routesFrom } from './openapi-routes.ts';
import { walkSignedIn } from './signed-in-junk.ts';
import { makeAdmin, planIds, wideRates } from './payments-helpers.ts';

/**
 * Review of the operator console (issue 15): attacks with real requests, on both databases. Each `it` names the
 * finding it pins down.
 */

const USERS = '/api/v1/admin/users';
/** Generated cases per property of the junk walk (more with REVIEW_JUNK_RUNS). */
const RUNS = Number(process.env.REVIEW_JUNK_RUNS ?? 15);
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('console review', () => {
  let ctx: TestContext;
  let admin: { id: string; token: string; password: string; email: string };
  let support: { id: string; token: string };

  async function staffMember(role: 'admin' | 'support') {
    const p = await newParent(ctx.app);
    if (role === 'admin') return { id: p.id, token: await makeAdmin(ctx, p), password: p.password, email: p.email };
    await ctx.db.query("update users set role = 'support' where id = $1", [p.id]);
    const res = await login(ctx.app, p.email, p.password);
    return { id: p.id, token: res.json().tokens.access as string, password: p.password, email: p.email };
  }
  const post = (token: string, url: string, payload: unknown = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    admin = await staffMember('admin');
    support = await staffMember('support');
  });
  afterAll(() => ctx.close());

  describe('an admin cannot act on their own account through another spelling of its id', () => {
    const upper = () => admin.id.toUpperCase();

    it('disable with the upper-case id is refused and the account stays enabled', async () => {
      const res = await post(admin.token, `${USERS}/${upper()}/disable/`, { reason: 'spelling attack' });
      expect(res.statusCode, res.body).toBe(403);
      expectDocumentedErrorShape(res);
      const [row] = await ctx.db.query<{ disabled_at: Date | null }>('select disabled_at from users where id = $1', [
        admin.id,
      ]);
      expect(row!.disabled_at).toBeNull();
    });

    it('deletion with the upper-case id is refused and the password is untouched', async () => {
      const [before] = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
        admin.id,
      ]);
      const res = await post(admin.token, `${USERS}/${upper()}/deletion/`, { reason: 'spelling attack' });
      expect(res.statusCode, res.body).toBe(403);
      const [after] = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
        admin.id,
      ]);
      expect(after!.password_hash).toBe(before!.password_hash);
    });

    it('bulk disable: the upper-case own id is skipped as yourself, another account by upper-case id is found', async () => {
      const other = await newParent(ctx.app);
      const res = await post(admin.token, `${USERS}/bulk/disable/`, {
        ids: [upper(), other.id.toUpperCase()],
        reason: 'spelling attack',
        dry_run: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { disabled: string[]; skipped: { id: string; reason: string }[] };
      expect(body.disabled).toEqual([other.id]);
      expect(body.skipped).toEqual([{ id: admin.id, reason: 'You cannot do this to your own account.' }]);
    });
  });

  it(
    'junk at every console route with an admin token (past the guard): a documented 4xx, never a 5xx',
    {
      timeout: 600_000,
    },
    async () => {
      const routes = routesFrom(ctx.app.swagger() as never).filter(
        (r) => r.path.startsWith('/api/v1/admin/') && r.path !== '/api/v1/admin/parent/{id}/update/',
      );
      expect(routes.length).toBeGreaterThan(20);
      await walkSignedIn(ctx, routes, admin.token, { runs: RUNS, bodies: 'all' });
    },
  );

  it('support never gets money or health data from the user page', async () => {
    const p = await newParent(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: `${USERS}/${p.id}/`, headers: bearer(support.token) });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user as Record<string, unknown>;
    expect('payments' in user).toBe(false);
    expect(user.health).toEqual({ preference_sets: expect.any(Number), masked: true });
    const reveal = await post(support.token, `${USERS}/${p.id}/health/reveal/`, { reason: 'curious about it' });
    expect(reveal.statusCode).toBe(403);
  });

  it('a disabled account cannot get back in by resetting its password, nor by cancelling a deletion', async () => {
    const p = await verifiedParent(ctx);
    const disable = await post(admin.token, `${USERS}/${p.id}/disable/`, { reason: 'fraud report' });
    expect(disable.statusCode, disable.body).toBe(200);
    const codes = mailsTo(ctx.smtp, p.email.toLowerCase(), isCodeMail).length;
    const { token, code } = await forgot(ctx, p.email, codes + 1);
    const q = `?token=${encodeURIComponent(token)}`;
    const otp = await ctx.app.inject({ method: 'POST', url: `/api/v1/auth/verify-otp/${q}`, payload: { otp: code } });
    const pw = 'Lantern-river-77';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/reset-password/${q}`,
      payload: { new_password: pw, confirm_password: pw },
    });
    expect([otp.statusCode, reset.statusCode]).toEqual([200, 200]);
    expect(JSON.stringify(reset.json())).not.toMatch(/access|refresh/);
    const signIn = await login(ctx.app, p.email, pw);
    expect(signIn.statusCode, signIn.body).toBe(403);
    expect(signIn.json().code ?? signIn.body).toMatch(/account_disabled|disabled/);
    // An admin starts the deletion of the disabled account; the owner's cancel link restores it, still disabled.
    expect((await post(admin.token, `${USERS}/${p.id}/deletion/`, { reason: 'closing fraud' })).statusCode).toBe(200);
    const [d] = await ctx.db.query<{ id: string }>('select id from account_deletions where user_id = $1', [p.id]);
    await ctx.services.mail.flush();
    const restore = /account\/restore\?token=([A-Za-z0-9._~%-]+)/;
    const mail = await waitForNth(ctx.smtp, p.email.toLowerCase(), 1, (m) => restore.test(unfold(m.raw)));
    const link = restore.exec(unfold(mail.raw));
    {
      const cancel = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/account/delete/cancel/',
        payload: { token: decodeURIComponent(link![1]!) },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await login(ctx.app, p.email, pw)).statusCode).toBe(403);
    }
    expect(d).toBeDefined();
    const [row] = await ctx.db.query<{ disabled_at: Date | null }>('select disabled_at from users where id = $1', [
      p.id,
    ]);
    expect(row!.disabled_at).not.toBeNull();
  });

  it("support cannot end an admin's sessions (a lower role signing out the one above it)", async () => {
    const other = await staffMember('admin');
    const before = await ctx.db.query('select id from audit_log');
    const res = await post(support.token, `${USERS}/${other.id}/end-sessions/`, { reason: 'signing the boss out' });
    expect(res.statusCode, res.body).toBe(403);
    expectDocumentedErrorShape(res);
    const still = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(other.token) });
    expect(still.statusCode).toBe(200);
    expect(await ctx.db.query('select id from audit_log')).toHaveLength(before.length);
    // A parent's sessions, support may end (as documented).
    const p = await newParent(ctx.app);
    expect((await post(support.token, `${USERS}/${p.id}/end-sessions/`, { reason: 'asked by phone' })).statusCode).toBe(
      200,
    );
  });

  it('two admins disabling each other at once leave one of them enabled (never no admin at all)', async () => {
    // Only these two admins are active for this test.
    const a = await staffMember('admin');
    const b = await staffMember('admin');
    await ctx.db.query("update users set disabled_at = now() where role = 'admin' and id <> all($1::uuid[])", [
      [a.id, b.id],
    ]);
    try {
      const [ab, ba] = await Promise.all([
        post(a.token, `${USERS}/${b.id}/disable/`, { reason: 'mutual attack' }),
        post(b.token, `${USERS}/${a.id}/disable/`, { reason: 'mutual attack' }),
      ]);
      for (const res of [ab, ba]) expect(res.statusCode, res.body).toBeLessThan(500);
      const active = await ctx.db.query(
        "select id from users where role = 'admin' and disabled_at is null and id = any($1::uuid[])",
        [[a.id, b.id]],
      );
      expect(active).toHaveLength(1);
    } finally {
      await ctx.db.query("update users set disabled_at = null where role = 'admin' and id = $1", [admin.id]);
    }
  });

  it('assigning a message to the staff member it already has, spelled in capitals, writes nothing', async () => {
    const token = (await ctx.app.inject({ url: '/api/v1/contact-us/token/' })).json().token as string;
    ctx.clock.advance(CONTACT_MIN_FILL_MS + 500);
    const email = `sender.${randomUUID()}@example.com`;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact-us/',
      payload: { name: 'Robin Sender', email, question: 'How do refunds work?', form_token: token },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [m] = await ctx.db.query<{ id: string }>('select id from contact_messages where email = $1', [email]);
    const assign = (id: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/inbox/${m!.id}/assignee/`,
        headers: bearer(support.token),
        payload: { assignee_id: id },
      });
    expect((await assign(support.id)).statusCode).toBe(200);
    const again = await assign(support.id.toUpperCase());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().assignee.id).toBe(support.id);
    const rows = await ctx.db.query('select 1 from audit_log where action = $1 and target_id = $2', [
      'inbox.assign',
      m!.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('the audit CSV export answers a filter the database refuses (a NUL character) with a JSON 400, not a 500', async () => {
    for (const q of ['target_id=a%00b', 'target_id=nul%00%40example.com']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/audit/export.csv?${q}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expectDocumentedErrorShape(res);
    }
  });

  it('a complimentary plan ends at its last day: never renewed, never charged, no receipt', async () => {
    const p = await newParent(ctx.app);
    const plans = await planIds(ctx.db);
    const res = await post(admin.token, `${USERS}/${p.id}/complimentary-plan/`, {
      plan_id: plans.premium,
      days: 1,
      reason: 'Goodwill after an outage',
    });
    expect(res.statusCode, res.body).toBe(200);
    ctx.clock.advance(3 * 24 * 3600 * 1000);
    await ctx.services.checkout.runDueJobs();
    const subs = await ctx.db.query<{ status: string; provider: string; price: string }>(
      'select status, provider, price::text as price from subscriptions where user_id = $1',
      [p.id],
    );
    expect(subs).toEqual([
      { status: 'expired', provider: 'complimentary', price: expect.stringMatching(/^0(\.0+)?$/) },
    ]);
    expect(await ctx.db.query('select 1 from payments where user_id = $1', [p.id])).toHaveLength(0);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/subscriptions/me/', headers: bearer(p.access) });
    expect(me.json().subscription?.active ?? false).toBe(false);
    // Three days on, the suite's tokens have expired: sign the admin in again for the tests after this one.
    admin.token = (await login(ctx.app, admin.email, admin.password)).json().tokens.access as string;
  });

  // Last: it deletes the suite's admin.
  it('the last admin cannot delete their own account (nobody would be left to run the console)', async () => {
    const del = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/account/delete/',
        headers: bearer(admin.token),
        payload: { password: admin.password },
      });
    // Other admins that are disabled or already leaving do not count.
    await staffMember('admin');
    await ctx.db.query("update users set disabled_at = now() where role = 'admin' and id <> $1", [admin.id]);
    const refused = await del();
    expect(refused.statusCode, refused.body).toBe(409);
    expectDocumentedErrorShape(refused);
    expect(await ctx.db.query('select 1 from account_deletions where user_id = $1', [admin.id])).toHaveLength(0);
    // With another active admin, the owner's deletion goes ahead as before.
    await staffMember('admin');
    const ok = await del();
    expect(ok.statusCode, ok.body).toBe(202);
  });
});

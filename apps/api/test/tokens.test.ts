import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { App } from '../src/app.ts';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/auth.service.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MSG,
  REFRESH_TTL_REMEMBER_SECONDS,
  REFRESH_TTL_SECONDS,
  SERVER_MSG,
} from '@kindred/shared';
import {
  bearer,
  buildExtraApp,
  createTestContext,
  expectDocumentedErrorShape,
  forgot,
  generousRates,
  login,
  newParent,
  REFRESH_IN_BODY,
  TEST_JWT_SECRET,
  type TestContext,
} from './harness.ts';

const JWT_SECRET = TEST_JWT_SECRET;
const COOKIE = 'kindred_refresh';

type Res = Awaited<ReturnType<TestContext['app']['inject']>>;
const refreshCookie = (res: Res) => res.cookies.find((c) => c.name === COOKIE);
const expect401 = (res: Res, message: string) => {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ code: 'not_authenticated', detail: message, message });
};

describe('access and refresh tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
  });
  afterAll(async () => ctx.close());

  const profile = (access: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(access) });
  const refreshWith = (refresh: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh } });

  describe('sign-in', () => {
    it('asked with X-Refresh-Token-In-Body: true, returns tokens.access and tokens.refresh; sets an httpOnly SameSite=Strict refresh cookie (12 h)', async () => {
      const p = await newParent(ctx.app);
      const res = await login(ctx.app, p.email, p.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['message', 'success', 'tokens', 'user']);
      expect(body).toMatchObject({ success: true, message: MSG.loginSuccess, user: { id: p.id, email: p.email } });
      expect(body.tokens.access.split('.')).toHaveLength(3);
      expect(typeof body.tokens.refresh).toBe('string');
      expect(body.user).not.toHaveProperty('password_hash');

      const cookie = refreshCookie(res)!;
      expect(cookie).toBeDefined();
      expect(cookie.value).toBe(body.tokens.refresh);
      expect(cookie.httpOnly).toBe(true);
      expect(String(cookie.sameSite).toLowerCase()).toBe('strict');
      expect(cookie.path).toBe('/api/v1/auth/');
      expect(cookie.secure).toBeFalsy(); // http:// public URL in this context
      const lifetime = (cookie.expires!.getTime() - ctx.clock.now().getTime()) / 1000;
      expect(Math.abs(lifetime - REFRESH_TTL_SECONDS)).toBeLessThanOrEqual(1);
      expect((await profile(body.tokens.access)).statusCode).toBe(200);
    });

    it('unasked (the web app), the JSON has tokens.access only: the refresh token is only in the httpOnly cookie', async () => {
      const p = await newParent(ctx.app);
      for (const headers of [{}, { 'x-refresh-token-in-body': 'false' }]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login/',
          headers,
          payload: { email: p.email, password: p.password },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(Object.keys(body.tokens)).toEqual(['access']);
        const cookie = refreshCookie(res)!;
        expect(cookie.httpOnly).toBe(true);
        expect(res.body).not.toContain(cookie.value);
        // The cookie alone renews the session, as the web app does it.
        const renewed = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/token/refresh/',
          cookies: { [COOKIE]: cookie.value },
          payload: {},
        });
        expect(renewed.statusCode, renewed.body).toBe(200);
        expect((await profile(renewed.json().access)).statusCode).toBe(200);
      }
    });

    it('remember_me makes the refresh cookie and token live 30 days instead of 12 hours', async () => {
      const p = await newParent(ctx.app);
      const res = await login(ctx.app, p.email, p.password, { remember_me: true });
      const cookie = refreshCookie(res)!;
      const lifetime = (cookie.expires!.getTime() - ctx.clock.now().getTime()) / 1000;
      expect(Math.abs(lifetime - REFRESH_TTL_REMEMBER_SECONDS)).toBeLessThanOrEqual(1);

      // 29 days later the remembered refresh token still renews, and the renewal keeps the 30-day lifetime.
      ctx.clock.advance(29 * 24 * 3600_000);
      const renewed = await refreshWith(res.json().tokens.refresh);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const renewedLifetime = (refreshCookie(renewed)!.expires!.getTime() - ctx.clock.now().getTime()) / 1000;
      expect(Math.abs(renewedLifetime - REFRESH_TTL_REMEMBER_SECONDS)).toBeLessThanOrEqual(1);
    });

    it('without remember_me the refresh token is refused after 12 hours', async () => {
      const p = await newParent(ctx.app);
      ctx.clock.advance(REFRESH_TTL_SECONDS * 1000 - 60_000);
      expect((await refreshWith(p.refresh)).statusCode).toBe(200);
      const q = await login(ctx.app, p.email, p.password);
      ctx.clock.advance(REFRESH_TTL_SECONDS * 1000 + 1_000);
      expect401(await refreshWith(q.json().tokens.refresh), SERVER_MSG.refreshInvalid);
    });
  });

  describe('refresh rotation', () => {
    it('rotates: a new pair, the new access works, the old refresh then fails', async () => {
      const p = await newParent(ctx.app);
      ctx.clock.advance(1_000);
      const res = await refreshWith(p.refresh);
      expect(res.statusCode, res.body).toBe(200);
      const pair = res.json();
      expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
      expect(pair.refresh).not.toBe(p.refresh);
      expect(pair.access).not.toBe(p.access);
      expect(refreshCookie(res)!.value).toBe(pair.refresh);
      expect((await profile(pair.access)).statusCode).toBe(200);
      // Past the grace in which a second tab's simultaneous refresh is answered with the same pair.
      ctx.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      const old = await refreshWith(p.refresh);
      expect401(old, SERVER_MSG.refreshInvalid);
    });

    it('works from the cookie alone, with no body: the new refresh token goes in the cookie, not the JSON', async () => {
      const p = await newParent(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/refresh/',
        cookies: { [COOKIE]: p.refresh },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json())).toEqual(['access']);
      expect((await profile(res.json().access)).statusCode).toBe(200);
      const rotated = refreshCookie(res)!.value;
      expect(rotated).not.toBe(p.refresh);
      expect(res.body).not.toContain(rotated);
    });

    it('from the cookie with X-Refresh-Token-In-Body: true, the rotated refresh token is in the JSON too', async () => {
      const p = await newParent(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/refresh/',
        headers: REFRESH_IN_BODY,
        cookies: { [COOKIE]: p.refresh },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh']);
      expect(refreshCookie(res)!.value).toBe(res.json().refresh);
    });

    it('works from the cookie with an empty JSON body (what the web app sends)', async () => {
      const p = await newParent(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/refresh/',
        cookies: { [COOKIE]: p.refresh },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('with neither body nor cookie → 401', async () => {
      expect401(
        await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: {} }),
        SERVER_MSG.refreshInvalid,
      );
      expect401(await refreshWith('rt_not-a-real-token'), SERVER_MSG.refreshInvalid);
      expect401(await refreshWith(''), SERVER_MSG.refreshInvalid);
    });

    it('a failed refresh clears the cookie', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/refresh/',
        cookies: { [COOKIE]: 'rt_stale' },
        payload: {},
      });
      expect(res.statusCode).toBe(401);
      const cleared = refreshCookie(res)!;
      expect(cleared.value).toBe('');
      expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('reusing a rotated refresh token revokes the whole family, including its newest token', async () => {
      const p = await newParent(ctx.app);
      const other = await login(ctx.app, p.email, p.password); // a second sign-in: another family
      const r2 = (await refreshWith(p.refresh)).json().refresh as string;
      const r3 = (await refreshWith(r2)).json().refresh as string;
      expect401(await refreshWith(p.refresh), SERVER_MSG.refreshInvalid); // theft signal
      expect401(await refreshWith(r3), SERVER_MSG.refreshInvalid);
      expect401(await refreshWith(r2), SERVER_MSG.refreshInvalid);
      // The other sign-in of the same user is untouched.
      expect((await refreshWith(other.json().tokens.refresh)).statusCode).toBe(200);
      const rows = await ctx.db.query<{ family_id: string; revoked: boolean }>(
        'select family_id, revoked_at is not null as revoked from refresh_tokens where user_id = $1',
        [p.id],
      );
      const families = new Map<string, boolean[]>();
      for (const r of rows) families.set(r.family_id, [...(families.get(r.family_id) ?? []), r.revoked]);
      expect([...families.values()].map((f) => f.every(Boolean)).sort()).toEqual([false, true]);
    });

    it('two tabs refreshing with the same token at once both stay signed in, with the same new token', async () => {
      const p = await newParent(ctx.app);
      const [a, b] = await Promise.all([refreshWith(p.refresh), refreshWith(p.refresh)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().refresh).toBe(b.json().refresh);
      expect(a.json().refresh).not.toBe(p.refresh);
      // The family was not revoked: the shared new token goes on working.
      expect((await refreshWith(a.json().refresh as string)).statusCode).toBe(200);
    });

    it('within 10 s a second use gets the same successor; after 10 s reuse still revokes the family', async () => {
      const p = await newParent(ctx.app);
      const r2 = (await refreshWith(p.refresh)).json().refresh as string;
      ctx.clock.advance(9_000);
      const again = await refreshWith(p.refresh);
      expect(again.statusCode).toBe(200);
      expect(again.json().refresh).toBe(r2);

      const q = await newParent(ctx.app);
      const q2 = (await refreshWith(q.refresh)).json().refresh as string;
      ctx.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      expect401(await refreshWith(q.refresh), SERVER_MSG.refreshInvalid);
      expect401(await refreshWith(q2), SERVER_MSG.refreshInvalid);
    });

    it('refresh tokens are stored hashed', async () => {
      const p = await newParent(ctx.app);
      const dump = JSON.stringify(await ctx.db.query('select * from refresh_tokens'));
      expect(dump).not.toContain(p.refresh);
      expect(dump).not.toContain(p.refresh.slice(3));
    });
  });

  describe('logout', () => {
    it('revokes the refresh token given in the body and clears the cookie', async () => {
      const p = await newParent(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout/',
        payload: { refresh: p.refresh },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: MSG.loggedOut });
      expect(refreshCookie(res)!.value).toBe('');
      expect401(await refreshWith(p.refresh), SERVER_MSG.refreshInvalid);
    });

    it('revokes the refresh token from the cookie, with or without a body', async () => {
      const p = await newParent(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout/',
        cookies: { [COOKIE]: p.refresh },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect401(await refreshWith(p.refresh), SERVER_MSG.refreshInvalid);

      const q = await newParent(ctx.app);
      const bare = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout/',
        cookies: { [COOKIE]: q.refresh },
      });
      expect(bare.statusCode, bare.body).toBe(200);
      expect401(await refreshWith(q.refresh), SERVER_MSG.refreshInvalid);
    });

    it('revokes rotated descendants of the sign-in too', async () => {
      const p = await newParent(ctx.app);
      const r2 = (await refreshWith(p.refresh)).json().refresh as string;
      await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: r2 } });
      expect401(await refreshWith(r2), SERVER_MSG.refreshInvalid);
    });

    it('is idempotent for unknown tokens', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout/',
        payload: { refresh: 'rt_unknown' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('access token lifetime and invalidation', () => {
    it('works for 15 minutes, then answers 401 {detail, message}; a refresh gets a working one', async () => {
      const p = await newParent(ctx.app);
      ctx.clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
      expect((await profile(p.access)).statusCode).toBe(200);
      ctx.clock.advance(2_000);
      const expired = await profile(p.access);
      expect401(expired, SERVER_MSG.tokenInvalid);
      const renewed = await refreshWith(p.refresh);
      expect((await profile(renewed.json().access)).statusCode).toBe(200);
    });

    it('change-password signs out access tokens (even from the same second) and every refresh token', async () => {
      const p = await newParent(ctx.app);
      const second = (await login(ctx.app, p.email, p.password)).json().tokens;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password/',
        headers: bearer(p.access),
        payload: {
          old_password: p.password,
          new_password: 'Lantern-river-77',
          confirm_new_password: 'Lantern-river-77',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect401(await profile(p.access), SERVER_MSG.tokenInvalid);
      expect401(await profile(second.access), SERVER_MSG.tokenInvalid);
      expect401(await refreshWith(p.refresh), SERVER_MSG.refreshInvalid);
      expect401(await refreshWith(second.refresh), SERVER_MSG.refreshInvalid);
      // A sign-in with the new password right away works.
      const fresh = await login(ctx.app, p.email, 'Lantern-river-77');
      expect((await profile(fresh.json().tokens.access)).statusCode).toBe(200);
    });

    it('a password reset signs out existing access tokens', async () => {
      const p = await newParent(ctx.app);
      ctx.clock.advance(5_000);
      const { token, code } = await forgot(ctx, p.email, 1);
      await ctx.app.inject({ method: 'POST', url: `/api/v1/auth/verify-otp/?token=${token}`, payload: { otp: code } });
      const reset = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/auth/reset-password/?token=${token}`,
        payload: { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-77' },
      });
      expect(reset.statusCode).toBe(200);
      expect401(await profile(p.access), SERVER_MSG.tokenInvalid);
      const fresh = await login(ctx.app, p.email, 'Lantern-river-77');
      expect((await profile(fresh.json().tokens.access)).statusCode).toBe(200);
    });

    it('a deleted account’s token stops working', async () => {
      const p = await newParent(ctx.app);
      await ctx.db.query('delete from users where id = $1', [p.id]);
      expect401(await profile(p.access), SERVER_MSG.tokenInvalid);
      expect401(await refreshWith(p.refresh), SERVER_MSG.refreshInvalid);
    });
  });

  describe('malformed Authorization headers → 401 in the documented shape', () => {
    let p: Awaited<ReturnType<typeof newParent>>;
    beforeAll(async () => {
      p = await newParent(ctx.app);
    });
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = () => Math.floor(ctx.clock.now().getTime() / 1000);
    /** The claims of a real access token (sub, role, typ, iss, aud, jti, password stamp), freshly dated. */
    const claims = () => ({
      ...JSON.parse(Buffer.from(p.access.split('.')[1]!, 'base64url').toString('utf8')),
      iat: now(),
      exp: now() + 600,
    });
    const signed = async (c: Record<string, unknown>, secret = JWT_SECRET, alg = 'HS256') =>
      new SignJWT(c).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));

    it('no header → Authentication credentials were not provided.', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/' });
      expect401(res, SERVER_MSG.notAuthenticated);
    });

    it('a token with our own claims is accepted only when signed with our secret (control)', async () => {
      expect((await profile(await signed(claims()))).statusCode).toBe(200);
    });

    const cases: [string, () => Promise<string>][] = [
      ['no Bearer scheme', async () => p.access],
      ['Basic credentials', async () => `Basic ${Buffer.from(`${p.email}:${p.password}`).toString('base64')}`],
      ['Token scheme', async () => `Token ${p.access}`],
      ['Bearer with nothing', async () => 'Bearer'],
      ['Bearer and a space', async () => 'Bearer '],
      ['Bearer with two spaces', async () => `Bearer  ${p.access}`],
      ['extra parts', async () => `Bearer ${p.access} extra`],
      ['garbage JWT', async () => 'Bearer not.a.jwt'],
      ['random text', async () => 'Bearer qwertyuiopasdfghjkl'],
      ['truncated token', async () => `Bearer ${p.access.slice(0, -5)}`],
      [
        'tampered payload',
        async () => {
          const [h, , s] = p.access.split('.');
          return `Bearer ${h}.${b64({ ...claims(), role: 'admin' })}.${s}`;
        },
      ],
      ['signed with another secret', async () => `Bearer ${await signed(claims(), 'another-secret-'.padEnd(48, 'y'))}`],
      ['alg none', async () => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
      ['HS512 with our secret', async () => `Bearer ${await signed(claims(), JWT_SECRET, 'HS512')}`],
      ['expired', async () => `Bearer ${await signed({ ...claims(), iat: now() - 3600, exp: now() - 60 })}`],
      ['wrong issuer', async () => `Bearer ${await signed({ ...claims(), iss: 'someone-else' })}`],
      ['wrong audience', async () => `Bearer ${await signed({ ...claims(), aud: 'another-app' })}`],
      ['a reset token used as access', async () => `Bearer ${(await forgot(ctx, p.email)).token}`],
      ['the refresh token used as access', async () => `Bearer ${p.refresh}`],
      ['a token without role', async () => `Bearer ${await signed({ ...claims(), role: undefined })}`],
      ['a token without the password stamp', async () => `Bearer ${await signed({ ...claims(), pwd: undefined })}`],
      [
        'a token with another password stamp',
        async () => `Bearer ${await signed({ ...claims(), pwd: 'AAAAAAAAAAAAAAAAAAAAAA' })}`,
      ],
      ['a huge token', async () => `Bearer ${'a'.repeat(5000)}`],
    ];
    it.each(cases)('%s', async (_label, header) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile/',
        headers: { authorization: await header() },
      });
      expect401(res, SERVER_MSG.tokenInvalid);
      expectDocumentedErrorShape(res);
    });

    it('the same refusals guard change-password and profile update, and change nothing', async () => {
      const before = await ctx.db.query('select password_hash, first_name from users where id = $1', [p.id]);
      for (const [, header] of cases) {
        const h = { authorization: await header() };
        const cp = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/change-password/',
          headers: h,
          payload: {
            old_password: p.password,
            new_password: 'Lantern-river-77',
            confirm_new_password: 'Lantern-river-77',
          },
        });
        expect(cp.statusCode).toBe(401);
        const up = await ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/parent/${p.id}/update/`,
          headers: h,
          payload: { first_name: 'Mallory', last_name: 'Intruder', phone_number: '+12025550199' },
        });
        expect(up.statusCode).toBe(401);
      }
      expect(await ctx.db.query('select password_hash, first_name from users where id = $1', [p.id])).toEqual(before);
    });
  });

  describe('on an https deployment', () => {
    let https: App;
    beforeAll(async () => {
      https = await buildExtraApp(ctx, { rateRules: generousRates(), publicUrl: 'https://kindred.example' });
    });
    afterAll(async () => https?.close());

    it('the refresh cookie is Secure', async () => {
      const p = await newParent(https);
      const res = await login(https, p.email, p.password);
      const cookie = refreshCookie(res)!;
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
      expect(String(cookie.sameSite).toLowerCase()).toBe('strict');
    });
  });
});

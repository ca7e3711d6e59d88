import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { SERVER_MSG } from '@kindred/shared';
import type { App } from '../src/app.ts';
import { BATCH_MS } from '../src/plugins/rate-limit.ts';
import {
  bearer,
  buildExtraApp,
  createTestContext,
  forgot,
  generousRates,
  login,
  newParent,
  signupPayload,
  type TestContext,
} from './harness.ts';

type Res = Awaited<ReturnType<App['inject']>>;
const WINDOW = 120;

/** 429, a Retry-After within the rule's window, and {success: false, message}. */
function expect429(res: Res, windowSeconds = WINDOW) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 'rate_limited', success: false, message: SERVER_MSG.rateLimited });
  const retry = res.headers['retry-after'];
  expect(retry).toMatch(/^\d+$/);
  expect(Number(retry)).toBeGreaterThanOrEqual(1);
  expect(Number(retry)).toBeLessThanOrEqual(windowSeconds);
}

/** Past the account's failure ceiling a new client must bring a mailed sign-in code (ADR 004). */
function expectStepUp(res: Res) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 'validation_error',
    message: SERVER_MSG.loginCodeRequired,
    login_code: [SERVER_MSG.loginCodeRequired],
  });
}

let ipCounter = 0;
/** A fresh client address per use, so tests in one app do not share per-IP counters. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.${(process.pid % 200) + 1}`;
};

const rule = (points: number) => ({ points, durationSeconds: WINDOW });

describe('rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      rateRules: generousRates({
        login_ip: rule(3),
        login_account: rule(3),
        signup_ip: rule(2),
        forgot_ip: rule(2),
        forgot_account: rule(2),
        otp_ip: rule(2),
        reset_ip: rule(2),
        refresh_ip: rule(2),
        password_account: rule(2),
      }),
    });
  });
  afterAll(async () => ctx.close());

  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

  describe('sign-in', () => {
    it('per IP: the 4th attempt from one address → 429, even with the right password; others unaffected', async () => {
      const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
      const ip = nextIp();
      for (let i = 0; i < 3; i++)
        expect(
          (await login(ctx.app, `nobody${i}.${Date.now()}@example.com`, 'Wrong-password-1', {}, ip)).statusCode,
        ).toBe(401);
      expect429(await login(ctx.app, p.email, p.password, {}, ip));
      expect((await login(ctx.app, p.email, p.password, {}, nextIp())).statusCode).toBe(200);
    });

    it('per IP: an IPv6 client is its /64 — 14 addresses of one /64 share one budget, the next /64 has its own', async () => {
      const net = `2001:db8:${(process.pid % 0xfff).toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
      const statuses: number[] = [];
      for (let i = 1; i <= 14; i++) {
        const ip = `${net}:${i.toString(16)}:${((i * 7919) % 0xffff).toString(16)}:0:${i}`;
        statuses.push(
          (await login(ctx.app, `v6.${i}.${Date.now()}@example.com`, 'Wrong-password-1', {}, ip)).statusCode,
        );
      }
      // login_ip allows 3 here: the 14 addresses are one client, so 3 answers and 11 refusals.
      expect(statuses).toEqual([...Array<number>(3).fill(401), ...Array<number>(11).fill(429)]);
      expect429(await login(ctx.app, `v6.last.${Date.now()}@example.com`, 'Wrong-password-1', {}, `${net}::ffff`));
      const nextNet = `2001:db8:${(process.pid % 0xfff).toString(16)}:${((Date.now() % 0xffff) + 1).toString(16)}::1`;
      expect(
        (await login(ctx.app, `v6.other.${Date.now()}@example.com`, 'Wrong-password-1', {}, nextNet)).statusCode,
      ).toBe(401);
    });

    it('per IP: an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++)
        expect(
          (await login(ctx.app, `mapped${i}.${Date.now()}@example.com`, 'Wrong-password-1', {}, ip)).statusCode,
        ).toBe(401);
      expect429(await login(ctx.app, `mapped.${Date.now()}@example.com`, 'Wrong-password-1', {}, `::ffff:${ip}`));
    });

    it('per account: the 4th attempt on one account from any addresses must bring a mailed code; other accounts unaffected', async () => {
      const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
      const q = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
      for (let i = 0; i < 3; i++)
        expect((await login(ctx.app, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expectStepUp(await login(ctx.app, p.email.toUpperCase(), p.password, {}, nextIp()));
      expect((await login(ctx.app, q.email, q.password, {}, nextIp())).statusCode).toBe(200);
    });

    it('per account counts unknown addresses the same way (no enumeration through the limiter)', async () => {
      const ghost = `nobody.${Date.now()}@example.com`;
      for (let i = 0; i < 3; i++)
        expect((await login(ctx.app, ghost, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expectStepUp(await login(ctx.app, ghost, 'Wrong-password-1', {}, nextIp()));
    });

    it('a successful sign-in resets the per-account counter', async () => {
      const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
      for (let i = 0; i < 2; i++)
        expect((await login(ctx.app, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expect((await login(ctx.app, p.email, p.password, {}, nextIp())).statusCode).toBe(200);
      // Without the reset, the next failure would be the 4th attempt and asked for a code.
      for (let i = 0; i < 3; i++)
        expect((await login(ctx.app, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expectStepUp(await login(ctx.app, p.email, 'Wrong-password-1', {}, nextIp()));
    });
  });

  it('sign-up per IP: the 3rd attempt from one address → 429, even with a valid body', async () => {
    const ip = nextIp();
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/v1/auth/parent/signup/', signupPayload({ date_of_birth: '2015-01-01' }), ip);
      expect(res.statusCode).toBe(400);
    }
    expect429(await post('/api/v1/auth/parent/signup/', signupPayload(), ip));
    expect((await post('/api/v1/auth/parent/signup/', signupPayload(), nextIp())).statusCode).toBe(201);
  });

  describe('forgot-password', () => {
    it('per IP: the 3rd request from one address → 429', async () => {
      const ip = nextIp();
      for (let i = 0; i < 2; i++)
        expect(
          (await post('/api/v1/auth/forgot-password/', { email: `nobody${i}.${Date.now()}@example.com` }, ip))
            .statusCode,
        ).toBe(200);
      expect429(await post('/api/v1/auth/forgot-password/', { email: `other.${Date.now()}@example.com` }, ip));
    });

    it('per address: the 3rd request for one e-mail from any address → 429, known or unknown alike', async () => {
      const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
      const ghost = `nobody.${Date.now()}@example.com`;
      for (const email of [p.email, ghost]) {
        for (let i = 0; i < 2; i++)
          expect((await post('/api/v1/auth/forgot-password/', { email }, nextIp())).statusCode).toBe(200);
        expect429(await post('/api/v1/auth/forgot-password/', { email: email.toUpperCase() }, nextIp()));
      }
    });
  });

  it('verify-otp per IP: the 3rd attempt from one address → 429, even with the right code', async () => {
    const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
    const { token, code } = await forgot(ctx, p.email, 1, nextIp());
    const ip = nextIp();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 2; i++)
      expect((await post(`/api/v1/auth/verify-otp/?token=${token}`, { otp: wrong }, ip)).statusCode).toBe(400);
    expect429(await post(`/api/v1/auth/verify-otp/?token=${token}`, { otp: code }, ip));
    expect((await post(`/api/v1/auth/verify-otp/?token=${token}`, { otp: code }, nextIp())).statusCode).toBe(200);
  });

  it('reset-password per IP: the 3rd attempt from one address → 429', async () => {
    const { token } = await forgot(ctx, `nobody.${Date.now()}@example.com`, undefined, nextIp());
    const ip = nextIp();
    const body = { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-77' };
    for (let i = 0; i < 2; i++)
      expect((await post(`/api/v1/auth/reset-password/?token=${token}`, body, ip)).statusCode).toBe(400);
    expect429(await post(`/api/v1/auth/reset-password/?token=${token}`, body, ip));
  });

  it('change-password per account: the 3rd attempt → 429', async () => {
    const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
    const body = {
      old_password: 'Wrong-password-1',
      new_password: 'Lantern-river-77',
      confirm_new_password: 'Lantern-river-77',
    };
    for (let i = 0; i < 2; i++)
      expect((await post('/api/v1/auth/change-password/', body, nextIp(), bearer(p.access))).statusCode).toBe(400);
    expect429(
      await post('/api/v1/auth/change-password/', { ...body, old_password: p.password }, nextIp(), bearer(p.access)),
    );
  });

  it('token refresh per IP: the 3rd attempt from one address → 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 2; i++)
      expect((await post('/api/v1/auth/token/refresh/', { refresh: 'rt_nothing' }, ip)).statusCode).toBe(401);
    expect429(await post('/api/v1/auth/token/refresh/', { refresh: 'rt_nothing' }, ip));
  });

  describe('every /api/v1 call per IP', () => {
    let strict: App;
    beforeAll(async () => {
      strict = await buildExtraApp(ctx, { rateRules: generousRates({ api_ip: rule(5) }) });
    });
    afterAll(async () => strict?.close());

    it('the 6th call from one address → 429; health checks and other addresses are unaffected', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++)
        expect(
          (await strict.inject({ method: 'GET', url: '/api/v1/auth/profile/', remoteAddress: ip })).statusCode,
        ).toBe(401);
      expect429(await strict.inject({ method: 'GET', url: '/api/v1/auth/profile/', remoteAddress: ip }));
      expect429(
        await strict.inject({
          method: 'POST',
          url: '/api/v1/auth/login/',
          remoteAddress: ip,
          payload: { email: 'a@example.com', password: 'whatever1' },
        }),
      );
      expect((await strict.inject({ method: 'GET', url: '/healthz', remoteAddress: ip })).statusCode).toBe(200);
      expect(
        (await strict.inject({ method: 'GET', url: '/api/v1/auth/profile/', remoteAddress: nextIp() })).statusCode,
      ).toBe(401);
    });

    it('a percent-encoded path (/%61pi/v1/…, which the router decodes) counts exactly as /api/v1/…', async () => {
      const ip = nextIp();
      for (const url of ['/%61pi/v1/auth/profile/', '/api/v1/auth/profile/', '/%61%70%69/v1/auth/profile/'])
        expect((await strict.inject({ method: 'GET', url, remoteAddress: ip })).statusCode, url).toBe(401);
      expect((await strict.inject({ method: 'GET', url: '/%61pi/v1/nowhere/', remoteAddress: ip })).statusCode).toBe(
        404,
      );
      expect((await strict.inject({ method: 'GET', url: '/api/v1/auth/profile/', remoteAddress: ip })).statusCode).toBe(
        401,
      );
      // Five counted, whichever way the path was written: the next one is refused, encoded or not.
      expect429(await strict.inject({ method: 'GET', url: '/%61pi/v1/auth/profile/', remoteAddress: ip }));
      expect429(await strict.inject({ method: 'GET', url: '/api/v1/auth/profile/', remoteAddress: ip }));
    });
  });

  describe('pages per IP', () => {
    let pages: App;
    let dist: string;
    beforeAll(async () => {
      dist = mkdtempSync(path.join(tmpdir(), 'k-pages-'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body>Kindred</body></html>');
      writeFileSync(path.join(dist, 'assets/app-3f2a.js'), 'console.log(1);\n');
      pages = await buildExtraApp(ctx, { rateRules: generousRates({ page_ip: rule(3) }), webDistDir: dist });
    });
    afterAll(async () => {
      await pages?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('the 4th page from one address → 429 with Retry-After and a readable page; other addresses are unaffected', async () => {
      const ip = nextIp();
      for (const url of ['/', '/faqs', '/no-such-page'])
        expect((await pages.inject({ method: 'GET', url, remoteAddress: ip })).statusCode, url).toBeLessThan(429);
      // Hashed static files are not pages: they do not count and are still served.
      for (let i = 0; i < 5; i++)
        expect((await pages.inject({ method: 'GET', url: '/assets/app-3f2a.js', remoteAddress: ip })).statusCode).toBe(
          200,
        );
      const limited = await pages.inject({ method: 'GET', url: '/blogs', remoteAddress: ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(WINDOW);
      expect(limited.body).toContain(SERVER_MSG.rateLimited);
      expect((await pages.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress: ip })).statusCode).toBe(429);
      expect((await pages.inject({ method: 'GET', url: '/blogs', remoteAddress: nextIp() })).statusCode).toBe(200);
    });
  });

  describe('rate limits shared through Redis', () => {
    const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `kindred-test-${randomBytes(6).toString('hex')}`;
    let redis: Redis;
    let first: App;
    let second: App;
    let isolated: App;

    beforeAll(async () => {
      redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true });
      await redis.connect();
      const rules = generousRates({ login_ip: rule(3), login_account: rule(3), forgot_account: rule(2) });
      first = await buildExtraApp(ctx, { redis, redisPrefix: prefix, rateRules: rules });
      second = await buildExtraApp(ctx, { redis, redisPrefix: prefix, rateRules: rules });
      isolated = await buildExtraApp(ctx, { redis, redisPrefix: `${prefix}-other`, rateRules: rules });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await isolated?.close();
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
    });

    it('two app instances share the per-IP sign-in counter; an instance with another prefix does not', async () => {
      const ip = nextIp();
      const attempt = (app: App, i: number) =>
        login(app, `nobody${i}.${Date.now()}@example.com`, 'Wrong-password-1', {}, ip);
      expect((await attempt(first, 1)).statusCode).toBe(401);
      expect((await attempt(second, 2)).statusCode).toBe(401);
      expect((await attempt(first, 3)).statusCode).toBe(401);
      expect429(await attempt(second, 4));
      expect429(await attempt(first, 5));
      expect((await attempt(isolated, 6)).statusCode).toBe(401);
      expect(await redis.keys(`${prefix}:rl:login_ip*`)).not.toHaveLength(0);
    });

    it('two app instances share the per-account counters (sign-in and forgot-password)', async () => {
      const p = await newParent(first, {}, { remoteAddress: nextIp() });
      expect((await login(first, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expect((await login(second, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expect((await login(first, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expectStepUp(await login(second, p.email, p.password, {}, nextIp()));

      const f = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password/',
          payload: { email: p.email },
          remoteAddress: nextIp(),
        });
      expect((await f(second)).statusCode).toBe(200);
      expect((await f(first)).statusCode).toBe(200);
      expect429(await f(second));
    });

    it('a success on one instance resets the account counter for the other', async () => {
      const p = await newParent(first, {}, { remoteAddress: nextIp() });
      for (let i = 0; i < 2; i++)
        expect((await login(second, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expect((await login(first, p.email, p.password, {}, nextIp())).statusCode).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await login(second, p.email, 'Wrong-password-1', {}, nextIp())).statusCode).toBe(401);
      expectStepUp(await login(first, p.email, 'Wrong-password-1', {}, nextIp()));
    });

    it('every /api/v1 call per IP: no call waits for Redis, the counts go in one batch; the limit holds across instances (issue 26)', async () => {
      const apiPrefix = `${prefix}-api`;
      const strict = generousRates({ api_ip: rule(5) });
      const a = await buildExtraApp(ctx, { redis, redisPrefix: apiPrefix, rateRules: strict });
      const b = await buildExtraApp(ctx, { redis, redisPrefix: apiPrefix, rateRules: strict });
      const monitor = await redis.duplicate().monitor();
      try {
        const ip = nextIp();
        const key = `${apiPrefix}:rl:api_ip:${ip}`;
        const calls: string[][] = [];
        monitor.on('monitor', (_time: string, args: string[]) => {
          // The script calls this process makes (MONITOR shows the scripts' own commands too).
          if (/^eval/i.test(args[0]!) && args.includes(key)) calls.push(args);
        });
        const profile = (app: App) => app.inject({ method: 'GET', url: '/api/v1/auth/profile/', remoteAddress: ip });
        const batch = () => new Promise((r) => setTimeout(r, BATCH_MS + 400));
        for (let i = 0; i < 4; i++) expect((await profile(a)).statusCode).toBe(401);
        await batch();
        // One script call for the four (it was one per call), and Redis holds the four.
        expect(calls).toHaveLength(1);
        expect(await redis.get(key)).toBe('4');
        // The other instance counts its first call, and refuses once its batch brought back the shared count.
        expect((await profile(b)).statusCode).toBe(401);
        await batch();
        expect429(await profile(b));
        // The first instance last heard 4: it may let one more through before its batch brings back the count (at
        // most what it counts in one batch interval), then refuses.
        expect([401, 429]).toContain((await profile(a)).statusCode);
        await batch();
        expect429(await profile(a));
        expect(Number(await redis.get(key))).toBeLessThanOrEqual(6);
      } finally {
        monitor.disconnect();
        await a.close();
        await b.close();
      }
    });

    it('/readyz reports Redis', async () => {
      const res = await first.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    });
  });
});

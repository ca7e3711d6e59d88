import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { SERVER_MSG } from '@kindred/shared';
import type { App } from '../src/app.ts';
import { buildExtraApp, createTestContext, generousRates, newParent, type TestContext } from './harness.ts';

type Res = Awaited<ReturnType<App['inject']>>;

function expect429(res: Res) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 'rate_limited', success: false, message: SERVER_MSG.rateLimited });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

let ipCounter = 0;
const nextIp = () => `10.77.${++ipCounter % 250}.${(process.pid % 200) + 1}`;

/**
 * One budget of reset codes per address, whichever endpoint sends them: forgot-password and resend-otp spend the
 * same counter (the address's HMAC), per window and per day. The window is shortened to 1 s (the limiter's own
 * clock) so the test can step past it and see the day's budget hold.
 */
describe('reset-code budget per account', () => {
  const WINDOW_CODES = 3;
  const DAY_CODES = 5;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      rateRules: generousRates({
        forgot_account: { points: WINDOW_CODES, durationSeconds: 1 },
        forgot_account_day: { points: DAY_CODES, durationSeconds: 600 },
      }),
    });
  });
  afterAll(async () => ctx.close());

  const forgot = (app: App, email: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/', payload: { email }, remoteAddress: nextIp() });
  const resend = (app: App, token: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/auth/resend-otp/?token=${encodeURIComponent(token)}`,
      payload: {},
      remoteAddress: nextIp(),
    });
  const nextWindow = () => new Promise((r) => setTimeout(r, 1100));

  /** Alternates forgot and resend for `email` until one is refused; returns how many codes were sent. */
  async function codesUntilRefused(app: App, email: string, max = 20): Promise<number> {
    let token: string | undefined;
    for (let sent = 0; sent < max; sent++) {
      const res = token && sent % 2 === 1 ? await resend(app, token) : await forgot(app, email);
      if (res.statusCode === 429) {
        expect429(res);
        return sent;
      }
      expect(res.statusCode, res.body).toBe(200);
      token = res.json().token as string;
    }
    return max;
  }

  it('forgot and resend together stop at the window budget, for known and unknown addresses alike', async () => {
    const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
    expect(await codesUntilRefused(ctx.app, p.email)).toBe(WINDOW_CODES);
    // Either endpoint is refused now: the budget is one.
    expect429(await forgot(ctx.app, p.email.toUpperCase()));
    const ghost = `nobody.${randomBytes(4).toString('hex')}@example.com`;
    expect(await codesUntilRefused(ctx.app, ghost)).toBe(WINDOW_CODES);
  });

  it('the day budget holds across windows', async () => {
    const p = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
    expect(await codesUntilRefused(ctx.app, p.email)).toBe(WINDOW_CODES);
    await nextWindow();
    // The new window would allow WINDOW_CODES more; the day has only DAY_CODES - WINDOW_CODES left.
    expect(await codesUntilRefused(ctx.app, p.email)).toBe(DAY_CODES - WINDOW_CODES);
    await nextWindow();
    expect429(await forgot(ctx.app, p.email));
  });

  describe('through Redis', () => {
    const prefix = `kindred-test-${randomBytes(6).toString('hex')}`;
    let redis: Redis;
    let app: App;
    beforeAll(async () => {
      redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
      await redis.connect();
      app = await buildExtraApp(ctx, {
        redis,
        redisPrefix: prefix,
        rateRules: generousRates({ forgot_account: { points: WINDOW_CODES, durationSeconds: 60 } }),
      });
    });
    afterAll(async () => {
      await app?.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('one shared budget, and no address in any key', async () => {
      const p = await newParent(app, {}, { remoteAddress: nextIp() });
      expect(await codesUntilRefused(app, p.email)).toBe(WINDOW_CODES);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((k) => k.includes('forgot_account'))).toBe(true);
      const local = p.email.split('@')[0]!;
      expect(keys.filter((k) => k.includes('@') || k.includes(local))).toEqual([]);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@kindred/shared';
import type { App } from '../src/app.ts';
import {
  buildExtraApp,
  createTestContext,
  mailsTo,
  newParent,
  waitForNth,
  type ReceivedMail,
  type TestContext,
} from './harness.ts';

type Res = Awaited<ReturnType<App['inject']>>;

let ipCounter = 0;
const nextIp = () => `10.88.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

function expect429(res: Res): number {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 'rate_limited', success: false, message: SERVER_MSG.rateLimited });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThanOrEqual(1);
  return retry;
}

const signIn = (
  app: App,
  email: string,
  password: string,
  ip: string,
  cookies: Record<string, string> = {},
  login_code?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email, password, ...(login_code ? { login_code } : {}) },
    remoteAddress: ip,
    cookies,
  });

/** Past the account's ceiling: 400 with the code field, the same for a right and a wrong password (ADR 004). */
function expectStepUp(res: Res) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 'validation_error',
    message: SERVER_MSG.loginCodeRequired,
    login_code: [SERVER_MSG.loginCodeRequired],
  });
}
function expectIncorrectCode(res: Res) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 'validation_error',
    message: SERVER_MSG.loginCodeIncorrect,
    login_code: [SERVER_MSG.loginCodeIncorrect],
  });
}
const isSignInCodeMail = (m: ReceivedMail) => /sign-in code is \d{6}/.test(m.raw.replace(/=\r?\n/g, ''));

/** The remembered-device cookie a successful sign-in set (httpOnly, long-lived, sent only to the sign-in route). */
function deviceCookie(res: Res): Record<string, string> {
  const c = res.cookies.find((k) => k.name.startsWith('kindred_device_'));
  expect(c, 'a remembered-device cookie').toBeDefined();
  expect(c!.httpOnly).toBe(true);
  expect(c!.path).toBe('/api/v1/auth/login/');
  expect(new Date(c!.expires!).getTime() - Date.now()).toBeGreaterThan(90 * 24 * 3600 * 1000);
  return { [c!.name]: c!.value };
}

describe('wrong passwords cannot lock the owner out', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('50 failures from one address slow only that address; the owner signs in from another at once', async () => {
    const owner = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
    const attacker = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await signIn(ctx.app, owner.email, `Wrong-password-${i}`, attacker);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect429(res);
    }
    // Five free failures for the pair, then it must wait: every further attempt is refused with Retry-After.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The right password from the attacker's address waits too: the pair is slowed, whatever it sends.
    expect429(await signIn(ctx.app, owner.email, owner.password, attacker));

    const res = await signIn(ctx.app, owner.email, owner.password, nextIp());
    expect(res.statusCode, res.body).toBe(200);
  });

  it("the pair's wait grows with each further failure", async () => {
    const owner = await newParent(ctx.app, {}, { remoteAddress: nextIp() });
    const attacker = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await signIn(ctx.app, owner.email, 'Wrong-password-1', attacker)).statusCode).toBe(401);
    expect(expect429(await signIn(ctx.app, owner.email, 'Wrong-password-1', attacker))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn(ctx.app, owner.email, 'Wrong-password-1', attacker)).statusCode).toBe(401);
    expect(expect429(await signIn(ctx.app, owner.email, 'Wrong-password-1', attacker))).toBe(2);
  });

  describe('per-account ceiling (credential stuffing from many addresses)', () => {
    const CEILING = 20;
    let app: App;
    beforeAll(async () => {
      app = await buildExtraApp(ctx, { rateRules: { login_account: { points: CEILING, durationSeconds: 900 } } });
    });
    afterAll(async () => app?.close());

    it('asks new clients for a mailed code, lets the known device in, and an unknown account answers the same', async () => {
      const owner = await newParent(app, {}, { remoteAddress: nextIp() });
      const other = await newParent(app, {}, { remoteAddress: nextIp() });
      const known = deviceCookie(await signIn(app, owner.email, owner.password, nextIp()));
      const othersDevice = deviceCookie(await signIn(app, other.email, other.password, nextIp()));

      for (let i = 0; i < CEILING; i++)
        expect((await signIn(app, owner.email, 'Wrong-password-1', nextIp())).statusCode).toBe(401);
      // A new client must step up, even with the right password; the other account's device cookie does not help...
      expectStepUp(await signIn(app, owner.email, owner.password, nextIp()));
      expectStepUp(await signIn(app, owner.email, owner.password, nextIp(), othersDevice));
      // ...and a forged one neither. A wrong password gets the very same answer (no oracle past the ceiling).
      const [name] = Object.keys(known);
      expectStepUp(await signIn(app, owner.email, owner.password, nextIp(), { [name!]: `${known[name!]}x` }));
      expectStepUp(await signIn(app, owner.email, 'Wrong-password-2', nextIp()));
      // The owner's known device signs in, from any address, while the ceiling holds.
      const res = await signIn(app, owner.email, owner.password, nextIp(), known);
      expect(res.statusCode, res.body).toBe(200);
      // The other account was never limited.
      expect((await signIn(app, other.email, other.password, nextIp())).statusCode).toBe(200);

      const ghost = `nobody.${Date.now()}@example.com`;
      for (let i = 0; i < CEILING; i++)
        expect((await signIn(app, ghost, 'Wrong-password-1', nextIp())).statusCode).toBe(401);
      expectStepUp(await signIn(app, ghost, 'Wrong-password-1', nextIp()));
    });

    it('past the ceiling a new device signs in with the code mailed to the owner: once, right password only', async () => {
      const owner = await newParent(app, {}, { remoteAddress: nextIp() });
      for (let i = 0; i < CEILING; i++)
        expect((await signIn(app, owner.email, 'Wrong-password-1', nextIp())).statusCode).toBe(401);
      const device = nextIp();
      expectStepUp(await signIn(app, owner.email, owner.password, device));
      const mail = await waitForNth(ctx.smtp, owner.email, 1, isSignInCodeMail);
      const code = /sign-in code is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ''))![1]!;
      // The subject says what the mail is; the code is only in the body.
      expect(/^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim()).toBe('Your Kindred sign-in code');
      // The stored copy of the mail withholds the code.
      expect(
        JSON.stringify(await ctx.db.query('select * from mail_messages where to_address = $1', [owner.email])),
      ).not.toContain(code);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expectIncorrectCode(await signIn(app, owner.email, owner.password, device, {}, wrongCode));
      // The right code with a wrong password is refused the same way.
      expectIncorrectCode(await signIn(app, owner.email, 'Wrong-password-3', device, {}, code));
      const ok = await signIn(app, owner.email, owner.password, device, {}, code);
      expect(ok.statusCode, ok.body).toBe(200);
      const cookie = deviceCookie(ok);
      // Single use: the same code again is refused; the device it admitted is now known and signs in without one.
      expectIncorrectCode(await signIn(app, owner.email, owner.password, nextIp(), {}, code));
      expect((await signIn(app, owner.email, owner.password, nextIp(), cookie)).statusCode).toBe(200);
      const [row] = await ctx.db.query<{ code_hash: string; used_at: Date | null }>(
        'select code_hash, used_at from login_codes where user_id = $1',
        [owner.id],
      );
      expect(row?.used_at).not.toBeNull();
      expect(row?.code_hash).not.toContain(code);
    });

    it('codes mailed per account are limited; a code works a limited number of tries', async () => {
      const owner = await newParent(app, {}, { remoteAddress: nextIp() });
      for (let i = 0; i < CEILING; i++)
        expect((await signIn(app, owner.email, 'Wrong-password-1', nextIp())).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) expectStepUp(await signIn(app, owner.email, owner.password, nextIp()));
      await new Promise((r) => setTimeout(r, 1500));
      const sent = mailsTo(ctx.smtp, owner.email).filter(isSignInCodeMail);
      expect(sent).toHaveLength(3);
      const codes = sent.map((m) => /sign-in code is (\d{6})/.exec(m.raw.replace(/=\r?\n/g, ''))![1]!);
      const wrongCode = ['000000', '999999', '123456'].find((c) => !codes.includes(c))!;
      for (let i = 0; i < 5; i++)
        expectIncorrectCode(await signIn(app, owner.email, owner.password, nextIp(), {}, wrongCode));
      // Five tries spent on the live code (the older two were voided by the newer): none of the three works now.
      for (const code of codes) expectIncorrectCode(await signIn(app, owner.email, owner.password, nextIp(), {}, code));
    });

    it('a known device that guesses wrong is slowed like any pair, without slowing the owner elsewhere', async () => {
      const owner = await newParent(app, {}, { remoteAddress: nextIp() });
      const known = deviceCookie(await signIn(app, owner.email, owner.password, nextIp()));
      const ip = nextIp();
      for (let i = 0; i < 5; i++)
        expect((await signIn(app, owner.email, 'Wrong-password-1', ip, known)).statusCode).toBe(401);
      expect429(await signIn(app, owner.email, owner.password, ip, known));
      expect((await signIn(app, owner.email, owner.password, ip)).statusCode).toBe(200);
    });
  });
});

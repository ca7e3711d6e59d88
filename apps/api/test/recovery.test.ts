import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, OTP_MAX_ATTEMPTS, SERVER_MSG, type ErrorCode } from '@kindred/shared';
import {
  bearer,
  codeFrom,
  createTestContext,
  forgot,
  generousRates,
  isCodeMail,
  isPasswordChangedMail,
  login,
  mailsTo,
  newParent,
  otherCode,
  verifiedParent,
  waitForNth,
  type TestContext,
} from './harness.ts';

/**
 * Password recovery as the spec's screens use it: forgot → six-digit code by e-mail → verify → set password.
 * Codes are read from the mail the in-process SMTP server received; time moves with the app's manual clock.
 */
describe('password recovery (OTP rules)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Only the resend cooldown keeps its real figure; the per-IP counters would otherwise run out in this file.
    ctx = await createTestContext({ rateRules: generousRates({ resend_account: { points: 1, durationSeconds: 30 } }) });
  });
  afterAll(async () => ctx.close());

  const verify = (token: string, otp: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/verify-otp/?token=${encodeURIComponent(token)}`,
      payload: { otp },
    });
  const reset = (token: string, password = 'Lantern-river-77') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/reset-password/?token=${encodeURIComponent(token)}`,
      payload: { new_password: password, confirm_password: password },
    });
  const resend = (token: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/auth/resend-otp/?token=${encodeURIComponent(token)}`, payload: {} });
  const expectField = (
    res: Awaited<ReturnType<typeof verify>>,
    field: string,
    msg: string,
    code: ErrorCode = 'validation_error',
  ) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: msg, code, [field]: [msg] });
  };
  const expectSessionInvalid = (res: Awaited<ReturnType<typeof verify>>) =>
    expectField(res, 'non_field_errors', SERVER_MSG.resetSessionInvalid, 'reset_invalid');

  it('the code from the delivered e-mail verifies, and the new password signs in', async () => {
    const p = await newParent(ctx.app);
    const { token, code } = await forgot(ctx, p.email, 1);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await waitForNth(ctx.smtp, p.email, 1, isCodeMail);
    // The subject says what the mail is; the code is only in the body (not on a lock screen's preview).
    expect(/^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim()).toBe('Your Kindred password reset code');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`Your Kindred verification code is ${code}.`);
    expect((await verify(token, code)).json()).toEqual({ message: MSG.otpVerified });
    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: MSG.passwordChanged });
    expect((await login(ctx.app, p.email, 'Lantern-river-77')).statusCode).toBe(200);
    expect((await login(ctx.app, p.email, p.password)).statusCode).toBe(401);
  });

  describe('expiry (180 s)', () => {
    it('a code still works 179 s after it was sent', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      ctx.clock.advance(179_000);
      const res = await verify(token, code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MSG.otpVerified });
    });

    it('a code is refused as expired 181 s after it was sent, in a fresh session', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      ctx.clock.advance(181_000);
      expectField(await verify(token, code), 'otp', SERVER_MSG.otpExpired);
      // ...and so the reset step cannot be reached either.
      expectField(await reset(token), 'non_field_errors', SERVER_MSG.resetNotVerified, 'reset_unverified');
    });

    it('a wrong code after expiry also says expired (no guessing against a dead code)', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      ctx.clock.advance(180_000);
      expectField(await verify(token, otherCode(code)), 'otp', SERVER_MSG.otpExpired);
    });
  });

  describe('attempts (at most 5 wrong codes)', () => {
    it('four wrong codes still leave the right one usable', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i++)
        expectField(await verify(token, otherCode(code)), 'otp', SERVER_MSG.otpIncorrect);
      expect((await verify(token, code)).statusCode).toBe(200);
    });

    it('after the fifth wrong code even the right code is refused, and reset stays closed', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      const wrong = otherCode(code);
      for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
        expectField(await verify(token, wrong), 'otp', SERVER_MSG.otpIncorrect);
      expectField(await verify(token, wrong), 'otp', SERVER_MSG.otpTooManyAttempts);
      expectField(await verify(token, code), 'otp', SERVER_MSG.otpTooManyAttempts);
      expectField(await verify(token, code), 'otp', SERVER_MSG.otpTooManyAttempts);
      expectField(await reset(token), 'non_field_errors', SERVER_MSG.resetNotVerified, 'reset_unverified');
      const rows = await ctx.db.query<{ attempts: number; verified_at: Date | null }>(
        'select attempts, verified_at from password_resets where user_id = $1',
        [p.id],
      );
      expect(rows).toEqual([{ attempts: OTP_MAX_ATTEMPTS, verified_at: null }]);
      // A new code starts a new count.
      const again = await forgot(ctx, p.email, 2);
      expect((await verify(again.token, again.code)).statusCode).toBe(200);
    });
  });

  describe('attempts under concurrency', () => {
    it('a burst of simultaneous guesses gets no more than 5 of them checked', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all([...wrong, code].map((otp) => verify(token, otp)));
      for (const a of answers) expect([200, 400]).toContain(a.statusCode);
      const incorrect = answers.filter((a) => a.statusCode === 400 && a.json().message === SERVER_MSG.otpIncorrect);
      expect(incorrect.length).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS - 1);
      // The session records every guess it checked: never more than the limit.
      const rows = await ctx.db.query<{ attempts: number }>('select attempts from password_resets where user_id = $1', [
        p.id,
      ]);
      expect(rows[0]!.attempts).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      // Whatever the burst did, the session is now closed to guessing.
      expectField(await verify(token, wrong[0]!), 'otp', SERVER_MSG.otpTooManyAttempts);
    });
  });

  describe('supersession (a newer code voids the older code and token)', () => {
    it('forgot-password again: the old token is dead, the old code does not fit the new token', async () => {
      const p = await newParent(ctx.app);
      const first = await forgot(ctx, p.email, 1);
      const second = await forgot(ctx, p.email, 2);
      expectSessionInvalid(await verify(first.token, first.code));
      expectSessionInvalid(await verify(first.token, second.code));
      if (first.code !== second.code)
        expectField(await verify(second.token, first.code), 'otp', SERVER_MSG.otpIncorrect);
      expect((await verify(second.token, second.code)).statusCode).toBe(200);
    });

    it('simultaneous requests for one address leave at most one usable code', async () => {
      const p = await newParent(ctx.app);
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() =>
          ctx.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/', payload: { email: p.email } }),
        ),
      );
      const tokens = answers.map((a) => a.json().token as string);
      await waitForNth(ctx.smtp, p.email, 4, isCodeMail);
      const codes = mailsTo(ctx.smtp, p.email, isCodeMail).map(codeFrom);
      let usable = 0;
      for (const token of tokens) {
        for (const code of new Set(codes)) {
          const res = await verify(token, code);
          if (res.statusCode === 200) {
            usable += 1;
            break;
          }
          if (res.json().message !== SERVER_MSG.otpIncorrect) break; // a voided session: no use trying its other codes
        }
      }
      expect(usable).toBe(1);
      const live = await ctx.db.query('select id from password_resets where user_id = $1 and superseded_at is null', [
        p.id,
      ]);
      expect(live).toHaveLength(1);
    });

    it('the address is matched case-insensitively when voiding', async () => {
      const p = await newParent(ctx.app);
      const first = await forgot(ctx, p.email, 1);
      const second = await forgot(ctx, p.email.toUpperCase(), 2);
      expectSessionInvalid(await verify(first.token, first.code));
      expect((await verify(second.token, second.code)).statusCode).toBe(200);
    });

    it('resend-otp mails a new code and returns a new token; the old token and code stop working', async () => {
      const p = await newParent(ctx.app);
      const first = await forgot(ctx, p.email, 1);
      const res = await resend(first.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['message', 'token']);
      expect(res.json().message).toBe(SERVER_MSG.forgotSent);
      const newToken = res.json().token as string;
      expect(newToken).not.toBe(first.token);
      const newCode = codeFrom(await waitForNth(ctx.smtp, p.email, 2, isCodeMail));
      expectSessionInvalid(await verify(first.token, first.code));
      expectSessionInvalid(await resend(first.token));
      expect((await verify(newToken, newCode)).statusCode).toBe(200);
    });

    it('a verified session is voided by a newer code too: its reset is refused', async () => {
      const p = await newParent(ctx.app);
      const first = await forgot(ctx, p.email, 1);
      expect((await verify(first.token, first.code)).statusCode).toBe(200);
      await forgot(ctx, p.email, 2);
      expectSessionInvalid(await reset(first.token));
      expect((await login(ctx.app, p.email, p.password)).statusCode).toBe(200);
    });

    it('a second resend within 30 s → 429 with Retry-After', async () => {
      const p = await newParent(ctx.app);
      const first = await forgot(ctx, p.email, 1);
      const r1 = await resend(first.token);
      expect(r1.statusCode).toBe(200);
      const r2 = await resend(r1.json().token);
      expect(r2.statusCode).toBe(429);
      expect(r2.json()).toEqual({ code: 'rate_limited', success: false, message: SERVER_MSG.rateLimited });
      const retry = Number(r2.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(30);
      // The refused resend did not void the code from the first resend.
      await ctx.services.mail.flush();
      expect(mailsTo(ctx.smtp, p.email, isCodeMail)).toHaveLength(2);
      const code = codeFrom(mailsTo(ctx.smtp, p.email, isCodeMail)[1]!);
      expect((await verify(r1.json().token, code)).statusCode).toBe(200);
    });
  });

  describe('the reset step', () => {
    it('works only after the code was verified, and only once', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      expectField(await reset(token), 'non_field_errors', SERVER_MSG.resetNotVerified, 'reset_unverified');
      expect((await verify(token, code)).statusCode).toBe(200);
      expect((await reset(token, 'Lantern-river-77')).statusCode).toBe(200);
      const again = await reset(token, 'Another-pass-88');
      expect(again.statusCode).toBe(400);
      expectSessionInvalid(again);
      expectSessionInvalid(await verify(token, code));
      expect((await login(ctx.app, p.email, 'Lantern-river-77')).statusCode).toBe(200);
      expect((await login(ctx.app, p.email, 'Another-pass-88')).statusCode).toBe(401);
    });

    it('two simultaneous resets with one verified session: exactly one succeeds', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      expect((await verify(token, code)).statusCode).toBe(200);
      const [a, b] = await Promise.all([reset(token, 'Lantern-river-77'), reset(token, 'Another-pass-88')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const winner = a.statusCode === 200 ? 'Lantern-river-77' : 'Another-pass-88';
      const loser = a.statusCode === 200 ? 'Another-pass-88' : 'Lantern-river-77';
      expect((await login(ctx.app, p.email, winner)).statusCode).toBe(200);
      expect((await login(ctx.app, p.email, loser)).statusCode).toBe(401);
    });

    it('is refused once the 10-minute verified window has passed, and allowed just inside it', async () => {
      const p = await newParent(ctx.app);
      const late = await forgot(ctx, p.email, 1);
      expect((await verify(late.token, late.code)).statusCode).toBe(200);
      ctx.clock.advance(10 * 60_000 + 1_000);
      expectSessionInvalid(await reset(late.token));

      const inTime = await forgot(ctx, p.email, 2);
      expect((await verify(inTime.token, inTime.code)).statusCode).toBe(200);
      ctx.clock.advance(9 * 60_000 + 59_000);
      expect((await reset(inTime.token)).statusCode).toBe(200);
    });

    it('verifying twice does not stretch the window', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      expect((await verify(token, code)).statusCode).toBe(200);
      ctx.clock.advance(170_000);
      expect((await verify(token, code)).statusCode).toBe(200);
      ctx.clock.advance(10 * 60_000 - 170_000 + 1_000);
      expectSessionInvalid(await reset(token));
    });

    it('a verification token from one account cannot reset another', async () => {
      const a = await newParent(ctx.app);
      const b = await newParent(ctx.app);
      const sa = await forgot(ctx, a.email, 1);
      const sb = await forgot(ctx, b.email, 1);
      if (sa.code !== sb.code) expectField(await verify(sb.token, sa.code), 'otp', SERVER_MSG.otpIncorrect);
      expect((await verify(sa.token, sa.code)).statusCode).toBe(200);
      expect((await reset(sa.token, 'Lantern-river-77')).statusCode).toBe(200);
      expect((await login(ctx.app, b.email, b.password)).statusCode).toBe(200);
      expect((await login(ctx.app, a.email, 'Lantern-river-77')).statusCode).toBe(200);
    });

    it('signs out every session of the account', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      await verify(token, code);
      ctx.clock.advance(1_000);
      expect((await reset(token)).statusCode).toBe(200);
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/refresh/',
        payload: { refresh: p.refresh },
      });
      expect(refresh.statusCode).toBe(401);
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(p.access) });
      expect(profile.statusCode).toBe(401);
    });
  });

  it('only a reset token opens a reset session: an access, a refresh or a forged token does not', async () => {
    const p = await newParent(ctx.app);
    for (const token of [p.access, p.refresh, `${(await forgot(ctx, p.email, 1)).token}x`]) {
      expectSessionInvalid(await verify(token, '123456'));
      expectSessionInvalid(await reset(token));
      expectSessionInvalid(await resend(token));
    }
  });

  describe('storage and randomness', () => {
    it('the code is stored hashed: no column of any password_resets row contains it', async () => {
      const p = await newParent(ctx.app);
      const first = await forgot(ctx, p.email, 1);
      const second = await forgot(ctx, p.email, 2);
      const rows = await ctx.db.query('select * from password_resets');
      const dump = JSON.stringify(rows);
      for (const code of [first.code, second.code]) expect(dump).not.toContain(code);
      expect(dump).not.toContain(p.email);
      const mine = await ctx.db.query<{ code_hash: string }>(
        'select code_hash from password_resets where user_id = $1',
        [p.id],
      );
      expect(mine).toHaveLength(2);
      for (const r of mine) expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('codes differ across requests', async () => {
      const p = await newParent(ctx.app);
      const codes: string[] = [];
      for (let i = 1; i <= 5; i++) codes.push((await forgot(ctx, p.email, i)).code);
      // Five independent six-digit draws: at most one collision is tolerated (probability of more ~1e-10).
      expect(new Set(codes).size).toBeGreaterThanOrEqual(4);
      for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    });
  });

  describe('no enumeration', () => {
    it('forgot-password answers an unknown address exactly like a known one, and mails nobody', async () => {
      const p = await newParent(ctx.app);
      const unknown = `nobody.${Date.now()}@example.com`;
      const known = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/',
        payload: { email: p.email },
      });
      const ghost = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/',
        payload: { email: unknown },
      });
      expect(ghost.statusCode).toBe(known.statusCode);
      expect(Object.keys(ghost.json()).sort()).toEqual(Object.keys(known.json()).sort());
      expect(ghost.json().message).toBe(known.json().message);
      expect(ghost.json().message).toBe(SERVER_MSG.forgotSent);
      expect(ghost.json().token.split('.')).toHaveLength(3);
      expect(Object.keys(ghost.headers).sort()).toEqual(Object.keys(known.headers).sort());
      await waitForNth(ctx.smtp, p.email, 1, isCodeMail);
      await ctx.services.mail.flush();
      expect(mailsTo(ctx.smtp, unknown)).toHaveLength(0);
      const stored = await ctx.db.query<{ n: string | number }>(
        'select count(*) as n from mail_messages where to_address = $1',
        [unknown],
      );
      expect(Number(stored[0]!.n)).toBe(0);
    });

    it("verify-otp on an unknown address's token: Incorrect OTP; its 6th attempt acts like a real one", async () => {
      const p = await newParent(ctx.app);
      const real = await forgot(ctx, p.email, 1);
      const ghost = await forgot(ctx, `nobody.${Date.now()}@example.com`);
      const wrong = otherCode(real.code);
      const realAnswers: unknown[] = [];
      const ghostAnswers: unknown[] = [];
      for (let i = 0; i < OTP_MAX_ATTEMPTS + 1; i++) {
        const r = await verify(real.token, wrong);
        const g = await verify(ghost.token, wrong);
        realAnswers.push([r.statusCode, r.json()]);
        ghostAnswers.push([g.statusCode, g.json()]);
      }
      expect(ghostAnswers).toEqual(realAnswers);
      expect(ghostAnswers[0]).toEqual([
        400,
        { code: 'validation_error', message: SERVER_MSG.otpIncorrect, otp: [SERVER_MSG.otpIncorrect] },
      ]);
      expect(ghostAnswers[OTP_MAX_ATTEMPTS]).toEqual([
        400,
        { code: 'validation_error', message: SERVER_MSG.otpTooManyAttempts, otp: [SERVER_MSG.otpTooManyAttempts] },
      ]);
      // Reset on an unverified ghost session reads like a real one's.
      const rr = await reset(real.token);
      const gr = await reset(ghost.token);
      expect([gr.statusCode, gr.json()]).toEqual([rr.statusCode, rr.json()]);
    });

    it('resend-otp on an unknown address behaves like on a known one', async () => {
      const p = await newParent(ctx.app);
      const real = await forgot(ctx, p.email, 1);
      const ghost = await forgot(ctx, `nobody.${Date.now()}@example.com`);
      const r1 = await resend(real.token);
      const g1 = await resend(ghost.token);
      expect(g1.statusCode).toBe(200);
      expect([g1.statusCode, Object.keys(g1.json()).sort(), g1.json().message]).toEqual([
        r1.statusCode,
        Object.keys(r1.json()).sort(),
        r1.json().message,
      ]);
      const r2 = await resend(r1.json().token);
      const g2 = await resend(g1.json().token);
      expect([g2.statusCode, g2.json()]).toEqual([r2.statusCode, r2.json()]);
      expect(g2.statusCode).toBe(429);
      expectSessionInvalid(await verify(ghost.token, '123456'));
    });
  });

  describe("'password changed' mail", () => {
    it('arrives after a reset', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      await verify(token, code);
      expect((await reset(token)).statusCode).toBe(200);
      const mail = await waitForNth(ctx.smtp, p.email, 1, isPasswordChangedMail);
      expect(mail.raw).toContain('Hello Avery,');
      expect(mail.raw).not.toContain('Lantern-river-77');
    });

    it('arrives after change-password', async () => {
      const p = await verifiedParent(ctx);
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
      expect(res.json()).toEqual({ success: true, message: MSG.passwordChanged });
      const mail = await waitForNth(ctx.smtp, p.email, 1, isPasswordChangedMail);
      expect(mail.raw).not.toContain('Lantern-river-77');
      expect((await login(ctx.app, p.email, 'Lantern-river-77')).statusCode).toBe(200);
    });

    it('is not sent when a reset is refused', async () => {
      const p = await newParent(ctx.app);
      const { token } = await forgot(ctx, p.email, 1);
      expect((await reset(token)).statusCode).toBe(400);
      await ctx.services.mail.flush();
      expect(mailsTo(ctx.smtp, p.email, isPasswordChangedMail)).toHaveLength(0);
    });
  });
});

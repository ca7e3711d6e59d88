import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { MSG, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, RESET_WINDOW_SECONDS, SERVER_MSG } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { AppError, badRequest, fieldError } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import { verificationCodeMail } from './auth.mail.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import * as repo from './auth.repository.ts';
import { setPassword, verifyAddress } from './auth.service.ts';
import { passwordPolicyError } from './password.ts';
import type { TokenService } from './tokens.ts';

/** The reset token outlives the code so that a verified session can still set its password. */
const RESET_TOKEN_TTL_SECONDS = OTP_TTL_SECONDS + RESET_WINDOW_SECONDS;

/** Stand-ins for an unknown address on resend, where only its HMAC is kept: nothing is ever sent to them. */
const NO_USER = '00000000-0000-0000-0000-000000000000';
const PHANTOM_ADDRESS = 'unknown@invalid';

const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

type Deps = {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  limits: RateLimits;
  mail: MailService;
  secret: string;
  /** A reset ends every sign-in: their realtime sockets close on every instance. */
  events: Pick<EventBus, 'publish'>;
};

/**
 * Password recovery: forgot → code by e-mail → verify → set password, once. Codes come from a CSPRNG, are kept
 * as HMACs, expire after 3 minutes, allow 5 wrong tries, and a newer code voids older ones. An address without
 * an account gets the same answers and a session nobody can verify, so the flow never reveals who has an account.
 */
export function createRecoveryService(deps: Deps) {
  const { db, clock, tokens, limits, mail, secret } = deps;
  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  const emailKey = (email: string) => hmac(`email:${email.toLowerCase()}`);
  const codeHash = (resetId: string, code: string) => hmac(`otp:${resetId}:${code}`);

  /**
   * Every code sent for an address, by forgot-password or resend alike, spends one budget under one key: the
   * address's HMAC (so no address sits in the limiter's store). Per 15 minutes and per day.
   */
  async function consumeCodeBudget(key: string) {
    await limits.consume('forgot_account', key);
    await limits.consume('forgot_account_day', key);
  }

  const invalidSession = () => new AppError('reset_invalid', SERVER_MSG.resetSessionInvalid, 400);

  /**
   * A code mail retried after this process lost its code (a restart): the session gets a fresh code and a fresh
   * expiry, which voids the old code, and the mail carries the new one. A session already used, replaced or
   * expired gets nothing: the person has moved on.
   */
  mail.onRefresh('verification_code', async (resetId) => {
    const code = newCode();
    const row = await repo.refreshResetCode(db, resetId, {
      codeHash: codeHash(resetId, code),
      now: clock.now(),
      expiresAt: new Date(clock.now().getTime() + OTP_TTL_SECONDS * 1000),
    });
    return row ? verificationCodeMail(row.first_name, code) : null;
  });

  /**
   * A new reset session for an address: its code mailed when the address has an account. An unknown address
   * goes through the very same steps, so the answer's timing does not tell the two apart: the same reads and
   * writes (the mail row's insert runs and inserts nothing), the same hashing and template, and the delivery of a
   * real code starts only after the answer has gone.
   */
  async function startSession(user: repo.UserRow | undefined, key: string, address: string): Promise<string> {
    const id = randomUUID();
    const code = newCode();
    const now = clock.now();
    // Without an account the stored hash is of the code under another session id: no code can match it.
    const hash = codeHash(user ? id : randomUUID(), code);
    const token = await tokens.signReset(id, RESET_TOKEN_TTL_SECONDS);
    const template = verificationCodeMail(user?.first_name ?? 'there', code);
    // The code mail is written with its session (the row keeps it without the code, see mail.service.ts).
    const queued = await db.transaction(async (tx) => {
      await repo.insertResetSession(tx, {
        id,
        userId: user?.id ?? null,
        emailKey: key,
        codeHash: hash,
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        now,
      });
      return mail.enqueue(tx, user?.email ?? address, template, { ref: id, discard: !user });
    });
    mail.dispatchAfterReply(queued);
    return token;
  }

  async function sessionFromToken(token: string) {
    const id = await tokens.verifyReset(token);
    const row = id ? await repo.findResetSession(db, id) : undefined;
    if (!row || row.used_at || row.superseded_at) throw invalidSession();
    return row;
  }

  return {
    async forgot(email: string, ip: string) {
      await limits.consume('forgot_ip', ip);
      await consumeCodeBudget(emailKey(email));
      const user = await repo.findUserByEmail(db, email);
      return { message: SERVER_MSG.forgotSent, token: await startSession(user, emailKey(email), email) };
    },

    /** Sends a fresh code for the same address; the old one stops working. */
    async resend(token: string, ip: string) {
      await limits.consume('forgot_ip', ip);
      const row = await sessionFromToken(token);
      await limits.consume('resend_account', row.email_key);
      await consumeCodeBudget(row.email_key);
      // An unknown address looks up a user that cannot exist, so both paths read the same way.
      const user = await repo.findUserById(db, row.user_id ?? NO_USER);
      const next = await startSession(user, row.email_key, PHANTOM_ADDRESS);
      return { message: SERVER_MSG.forgotSent, token: next };
    },

    async verify(token: string, otp: string, ip: string) {
      await limits.consume('otp_ip', ip);
      const row = await sessionFromToken(token);
      if (row.attempts >= OTP_MAX_ATTEMPTS) throw fieldError('otp', SERVER_MSG.otpTooManyAttempts);
      if (row.expires_at.getTime() <= clock.now().getTime()) throw fieldError('otp', SERVER_MSG.otpExpired);
      // Every check spends an attempt first (a right code too), so at most OTP_MAX_ATTEMPTS codes are ever compared.
      const attempts = await repo.claimResetAttempt(db, row.id, OTP_MAX_ATTEMPTS);
      if (attempts === null) throw fieldError('otp', SERVER_MSG.otpTooManyAttempts);
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(codeHash(row.id, otp), 'hex');
      if (!timingSafeEqual(expected, given)) {
        throw fieldError('otp', attempts >= OTP_MAX_ATTEMPTS ? SERVER_MSG.otpTooManyAttempts : SERVER_MSG.otpIncorrect);
      }
      await repo.markResetVerified(db, row.id, clock.now());
      return { message: MSG.otpVerified };
    },

    async reset(token: string, newPassword: string, ip: string) {
      await limits.consume('reset_ip', ip);
      const row = await sessionFromToken(token);
      if (!row.verified_at || !row.user_id) throw new AppError('reset_unverified', SERVER_MSG.resetNotVerified, 400);
      if (clock.now().getTime() - row.verified_at.getTime() > RESET_WINDOW_SECONDS * 1000) throw invalidSession();
      const user = await repo.findUserById(db, row.user_id);
      if (!user) throw invalidSession();
      const policy = passwordPolicyError(newPassword, user.email);
      if (policy) throw badRequest({ new_password: [policy] });
      if (!(await repo.claimResetSession(db, row.id, clock.now()))) throw invalidSession();
      // The code reached this address: it is verified, and what was held for it goes out (before the notice).
      if (!user.email_verified_at) await verifyAddress(deps, user);
      await setPassword(deps, user, newPassword);
      return { message: SERVER_MSG.passwordReset };
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;

import { randomUUID } from 'node:crypto';
import {
  REFRESH_TTL_REMEMBER_SECONDS,
  REFRESH_TTL_SECONDS,
  SERVER_MSG,
  signupAgeError,
  type UserDto,
} from '@kindred/shared';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { AppError, badRequest, fieldError, unauthorized } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import { emailVerificationMail, passwordChangedMail, welcomeMail } from './auth.mail.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import { dropPendingForUser } from '../account/deletion-records.service.ts';
import * as repo from './auth.repository.ts';
import { clientKey } from '../../lib/client-address.ts';
import { createLoginCodes } from './login-code.service.ts';
import {
  burnPasswordCheck,
  hashPassword,
  passwordChangeRecommended,
  passwordPolicyError,
  verifyPassword,
} from './password.ts';
import { hashRefreshToken, newRefreshToken, type TokenService } from './tokens.ts';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  limits: RateLimits;
  mail: MailService;
  publicUrl: string;
  subscriptionOf: (userId: string) => Promise<boolean>;
  /** Tells every instance to close the realtime sockets of a sign-in that ended (modules/realtime). */
  events: Pick<EventBus, 'publish'>;
  /** An account waiting for its purge answers its own password with a clear refusal (modules/account). */
  deletion?: { refuseIfScheduled(userId: string, password: string): Promise<void> };
};

/** How long the link in a welcome or verification mail works. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 3 * 24 * 60 * 60;

/** How long a browser that signed in stays a known device of the account (renewed at each sign-in). */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;
export type DeviceCookie = { name: string; value: string; expires: Date };

export type Session = { access: string; refresh: string; refreshExpiresAt: Date };

/**
 * Two tabs refreshing at the same moment present the same refresh token. Within this long after the first use, a
 * second use gets the very token the first was given (while that one is still unused), instead of revoking the
 * family as reuse. Later, or once the successor has itself been used, reuse is the theft signal it always was.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** The user as clients see it; the one place a row becomes a DTO. */
export async function toUserDto(deps: Pick<AuthDeps, 'subscriptionOf'>, u: repo.UserRow): Promise<UserDto> {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone_number: u.phone_number,
    date_of_birth: u.date_of_birth,
    relationship_to_child: u.relationship_to_child,
    highest_education: u.highest_education,
    race: u.race,
    ethnicity: u.ethnicity,
    role: u.role,
    subscription: await deps.subscriptionOf(u.id),
    created_at: new Date(u.created_at).toISOString(),
  };
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, tokens, limits, mail } = deps;
  const loginCodes = createLoginCodes({ db, clock, tokens, limits, mail });

  const refreshExpiry = (remember: boolean) =>
    new Date(clock.now().getTime() + (remember ? REFRESH_TTL_REMEMBER_SECONDS : REFRESH_TTL_SECONDS) * 1000);

  async function issueSession(
    user: repo.UserRow,
    remember: boolean,
    familyId: string = randomUUID(),
  ): Promise<Session> {
    const { token, hash } = newRefreshToken();
    const refreshExpiresAt = refreshExpiry(remember);
    await repo.insertRefreshToken(db, { userId: user.id, familyId, hash, remember, expiresAt: refreshExpiresAt });
    return {
      access: await tokens.signAccess(user.id, user.role, user.password_hash, familyId),
      refresh: token,
      refreshExpiresAt,
    };
  }

  /**
   * Marks `row` rotated and stores its successor in one transaction, so a concurrent use of the same token either
   * waits and then finds the successor, or rotates first itself. False: somebody rotated it already.
   */
  async function rotate(row: repo.RefreshRow, successor: string, now: Date): Promise<Date | null> {
    const expiresAt = refreshExpiry(row.remember);
    const done = await db.transaction(async (tx) => {
      if (!(await repo.markRotated(tx, row.id, now))) return false;
      const hash = hashRefreshToken(successor);
      await repo.insertRefreshToken(tx, {
        userId: row.user_id,
        familyId: row.family_id,
        hash,
        remember: row.remember,
        expiresAt,
      });
      return true;
    });
    return done ? expiresAt : null;
  }

  /** The successor a second use of `token` may still be given (see REFRESH_REUSE_GRACE_MS), or null. */
  async function successorInGrace(token: string, successor: string, now: Date) {
    const used = await repo.findRefreshToken(db, hashRefreshToken(token));
    const next = await repo.findRefreshToken(db, hashRefreshToken(successor));
    if (!used?.rotated_at || now.getTime() - used.rotated_at.getTime() > REFRESH_REUSE_GRACE_MS) return null;
    if (!next || next.revoked_at || next.rotated_at || next.expires_at.getTime() <= now.getTime()) return null;
    return next;
  }

  /** The cookie that names `userId`'s remembered device (one per account, so several accounts share a browser). */
  const deviceCookieName = (userId: string) => `kindred_device_${tokens.keyed('device', userId).slice(0, 16)}`;

  /** The device id when `cookies` hold a valid remembered-device token of this account. */
  async function knownDevice(userId: string, cookies: Record<string, string | undefined>) {
    const value = cookies[deviceCookieName(userId)];
    const claims = value ? await tokens.verifyDevice(value) : null;
    return claims?.userId === userId ? claims.deviceId : null;
  }

  /** A new remembered-device token for the browser that just signed in (renewed at every sign-in). */
  async function deviceCookie(userId: string): Promise<DeviceCookie> {
    return {
      name: deviceCookieName(userId),
      value: await tokens.signDevice(userId, KNOWN_DEVICE_TTL_SECONDS),
      expires: new Date(clock.now().getTime() + KNOWN_DEVICE_TTL_SECONDS * 1000),
    };
  }

  /** A wrong password: counted for the pair (a growing wait after the free ones) and the account's ceiling. */
  async function countFailure(account: string, pair: string) {
    const [failures] = await Promise.all([limits.hit('login_pair', pair), limits.hit('login_account', account)]);
    const beyond = failures - limits.rule('login_pair').points;
    if (beyond >= 0)
      await limits.block(
        'login_pair_wait',
        pair,
        Math.min(2 ** beyond, limits.rule('login_pair_wait').durationSeconds),
      );
  }

  const verificationLink = (user: repo.UserRow) => emailVerificationLink(deps, user);

  /** A sign-in that passed every check: the disabled flag, the sign-in time, the session and the device cookie. */
  async function finishLogin(user: repo.UserRow, remember: boolean, password: string) {
    // Disabled by an operator (issue 15): the right password learns that, and nothing is issued.
    if (user.disabled_at) throw new AppError('account_disabled', SERVER_MSG.accountDisabled, 403);
    // Whether this password falls short of today's rule: the profile asks for a new one (issue 25).
    await repo.markSignedIn(db, user.id, clock.now(), passwordChangeRecommended(password, user.email));
    return { user, session: await issueSession(user, remember), device: await deviceCookie(user.id) };
  }

  /**
   * A new device past the account's failure ceiling. `owner` is the account when the password was right. The
   * answers never tell a right password from a wrong one: without a code, "we have sent a code if the password
   * was right" (and a code goes out only then); with a code, success only for the right password and live code.
   * The account's counter is not reset here, so the ceiling keeps holding for everybody else.
   */
  async function stepUpLogin(
    owner: repo.UserRow | undefined,
    account: string,
    pair: string,
    remember: boolean,
    code: string | undefined,
    password: string,
  ) {
    if (code === undefined) {
      if (owner) await loginCodes.send(owner);
      else await countFailure(account, pair);
      throw fieldError('login_code', SERVER_MSG.loginCodeRequired);
    }
    if (!owner || !(await loginCodes.redeem(owner.id, code))) {
      await countFailure(account, pair);
      throw fieldError('login_code', SERVER_MSG.loginCodeIncorrect);
    }
    await limits.reset('login_pair', pair);
    return finishLogin(owner, remember, password);
  }

  async function checkNewPassword(password: string, email: string, field: string) {
    const policy = passwordPolicyError(password, email);
    if (policy) throw fieldError(field, policy);
  }

  return {
    issueSession,

    async signup(input: Omit<repo.NewUser, 'password_hash'> & { password: string }, ip: string) {
      await limits.consume('signup_ip', ip);
      const ageError = signupAgeError(input.date_of_birth, clock.now());
      if (ageError) throw fieldError('date_of_birth', ageError);
      await checkNewPassword(input.password, input.email, 'password');
      const { password, ...rest } = input;
      const passwordHash = await hashPassword(password);
      // The welcome mail, with the verification link, is written with the account: both or neither.
      const created = await db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, { ...rest, password_hash: passwordHash }, clock.now());
        if (!user) return undefined;
        const welcome = welcomeMail(user.first_name, deps.publicUrl, await verificationLink(user));
        return { user, welcome: await mail.enqueue(tx, user.email, welcome) };
      });
      if (!created) throw badRequest({ email: [SERVER_MSG.emailTaken] });
      mail.dispatch(created.welcome);
      return created.user;
    },

    /**
     * Signs in. Wrong passwords slow down only the (account, client) pair that makes them, and a per-account
     * ceiling stops credential stuffing across many clients; a known device of the account (its cookie from an
     * earlier sign-in, `cookies`) is held up by neither, so nobody can lock the owner out (ADR 004).
     */
    async login(
      email: string,
      password: string,
      remember: boolean,
      ip: string,
      cookies: Record<string, string | undefined> = {},
      loginCode?: string,
    ) {
      const account = tokens.keyed('email', email.toLowerCase());
      const user = await repo.findUserByEmail(db, email);
      const device = user ? await knownDevice(user.id, cookies) : null;
      const pair = device ? `${account}:device:${device}` : `${account}:ip:${clientKey(ip)}`;
      let stepUp = false;
      if (!device) {
        await limits.consume('login_ip', ip);
        // Past the account's ceiling a new device is not refused outright: it must bring a code mailed to the owner.
        stepUp = await limits.check('login_account', account).then(
          () => false,
          (err: unknown) => {
            if (err instanceof AppError && err.status === 429) return true;
            throw err;
          },
        );
      }
      await limits.check('login_pair_wait', pair);
      const ok = user ? await verifyPassword(user.password_hash, password) : await burnPasswordCheck(password);
      if (stepUp) return stepUpLogin(user && ok ? user : undefined, account, pair, remember, loginCode, password);
      if (!user || !ok) {
        // The owner's own password for an account scheduled for deletion: say so (ADR 020), not a failure.
        if (user) await deps.deletion?.refuseIfScheduled(user.id, password);
        await countFailure(account, pair);
        throw unauthorized(SERVER_MSG.invalidCredentials);
      }
      await Promise.all([limits.reset('login_pair', pair), limits.reset('login_account', account)]);
      return finishLogin(user, remember, password);
    },

    /**
     * Rotates a refresh token. Presenting one that was already rotated revokes its whole family (theft signal),
     * except within REFRESH_REUSE_GRACE_MS while its successor is unused: then the same successor is returned.
     */
    async refresh(token: string, ip: string): Promise<Session> {
      await limits.consume('refresh_ip', ip);
      const row = token.length <= 512 ? await repo.findRefreshToken(db, hashRefreshToken(token)) : undefined;
      const now = clock.now();
      if (!row || row.revoked_at || row.family_revoked || row.expires_at.getTime() <= now.getTime())
        throw unauthorized(SERVER_MSG.refreshInvalid);
      const successor = tokens.successorRefreshToken(token);
      let refreshExpiresAt = await rotate(row, successor, now);
      if (!refreshExpiresAt) {
        const next = await successorInGrace(token, successor, now);
        if (!next) {
          await repo.revokeFamily(db, row.family_id, now);
          throw unauthorized(SERVER_MSG.refreshInvalid);
        }
        refreshExpiresAt = next.expires_at;
      }
      const user = await repo.findUserById(db, row.user_id);
      if (!user || user.disabled_at) throw unauthorized(SERVER_MSG.refreshInvalid);
      const access = await tokens.signAccess(user.id, user.role, user.password_hash, row.family_id);
      return { access, refresh: successor, refreshExpiresAt };
    },

    /**
     * Ends a sign-in: the refresh token's family is revoked, and so is the sign-in of the access token the call
     * was made with (`bearer`, when still good), so an API client without its refresh token can sign out too.
     * From the commit on, the guard refuses that sign-in's access tokens and every instance closes its sockets.
     * Unknown tokens are ignored (idempotent).
     */
    async logout(token: string | undefined, bearer?: { userId: string; sid: string } | null) {
      const row = token && token.length <= 512 ? await repo.findRefreshToken(db, hashRefreshToken(token)) : undefined;
      const ended = new Map<string, string>();
      if (row) ended.set(row.family_id, row.user_id);
      if (bearer) ended.set(bearer.sid, bearer.userId);
      if (ended.size === 0) return;
      await db.transaction(async (tx) => {
        for (const [sid, user] of ended) {
          await repo.revokeFamily(tx, sid, clock.now());
          await deps.events.publish(tx, 'kindred_revoke', { user, sid });
        }
      });
    },

    /**
     * Follows a verification link: the token must be ours, unexpired, for this account and its current address,
     * and unused (an address is verified once). Mail held for the address goes out.
     */
    async verifyEmail(token: string) {
      const claims = await tokens.verifyEmailVerification(token);
      const user = claims ? await repo.findUserById(db, claims.userId) : undefined;
      if (!claims || !user || tokens.emailStamp(user.email) !== claims.emailStamp)
        throw new AppError('verify_invalid', SERVER_MSG.verifyLinkInvalid, 400);
      if (!(await verifyAddress(deps, user))) throw new AppError('verify_used', SERVER_MSG.verifyLinkUsed, 400);
      return { success: true as const, message: SERVER_MSG.emailVerified };
    },

    /** Mails a new verification link to the signed-in user (rate-limited per account). */
    async resendVerification(userId: string) {
      await limits.consume('verify_resend_account', userId);
      const user = await repo.findUserById(db, userId);
      if (!user) throw unauthorized();
      if (user.email_verified_at) throw new AppError('verify_done', SERVER_MSG.emailAlreadyVerified, 400);
      await mail.send(user.email, emailVerificationMail(user.first_name, await verificationLink(user)));
      return { success: true as const, message: SERVER_MSG.verificationSent };
    },

    async changePassword(userId: string, oldPassword: string, newPassword: string) {
      await limits.consume('password_account', userId);
      const user = await repo.findUserById(db, userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password_hash, oldPassword)))
        throw fieldError('old_password', SERVER_MSG.oldPasswordWrong);
      if (oldPassword === newPassword) throw fieldError('new_password', SERVER_MSG.sameAsOld);
      await checkNewPassword(newPassword, user.email, 'new_password');
      await setPassword(deps, user, newPassword);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The link of a verification mail for `user`'s current address (the welcome, a resend, the console's resend). */
export async function emailVerificationLink(
  deps: Pick<AuthDeps, 'tokens' | 'publicUrl'>,
  user: Pick<repo.UserRow, 'id' | 'email'>,
): Promise<string> {
  const token = await deps.tokens.signEmailVerification(user.id, user.email, EMAIL_VERIFICATION_TTL_SECONDS);
  return `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * Marks `user`'s address verified and sends what was held for it; false when it already was verified. Used by the
 * verification link and by a password reset (the mailed code proves the address too).
 */
export async function verifyAddress(deps: Pick<AuthDeps, 'db' | 'clock' | 'mail'>, user: repo.UserRow) {
  const released = await deps.db.transaction(async (tx) =>
    (await repo.markEmailVerified(tx, user.id, deps.clock.now())) ? deps.mail.release(tx, user.email) : null,
  );
  if (released) deps.mail.dispatch(...released);
  return released !== null;
}

/** Sets a password, signs out every session and tells the owner by e-mail. */
/**
 * Ends every sign-in of a user, in the caller's transaction: every refresh family revoked, access tokens refused at
 * once by the guard (ADR 004), and the realtime sockets closed on every instance when it commits. The one way to do
 * it: a password change or reset, an account deletion, the console's disable and "end sessions" (issue 27).
 */
export async function endAllSessions(
  deps: { events: Pick<EventBus, 'publish'> },
  tx: Queryable,
  userId: string,
  now: Date,
): Promise<void> {
  await repo.revokeAllForUser(tx, userId, now);
  await deps.events.publish(tx, 'kindred_revoke', { user: userId });
}

export async function setPassword(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'mail' | 'events'>,
  user: repo.UserRow,
  password: string,
) {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  const notice = await deps.db.transaction(async (tx) => {
    await repo.updateUserPassword(tx, user.id, passwordHash, now);
    await endAllSessions(deps, tx, user.id, now);
    // A reset proves control of the mailbox, as the cancel link does: a pending account deletion ends with it.
    await dropPendingForUser(tx, user.id, now);
    return deps.mail.enqueue(tx, user.email, passwordChangedMail(user.first_name));
  });
  deps.mail.dispatch(notice);
}

import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_TTL_SECONDS, OTP_LENGTH, OTP_MAX_ATTEMPTS } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailService } from '../mail/mail.service.ts';
import { signInCodeMail } from './auth.mail.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import * as repo from './login-code.repository.ts';
import type { UserRow } from './auth.repository.ts';
import type { TokenService } from './tokens.ts';

type Deps = { db: Db; clock: Clock; tokens: Pick<TokenService, 'keyed'>; limits: RateLimits; mail: MailService };

/**
 * One-time sign-in codes for the step-up past the account's failure ceiling (ADR 004): six digits from a CSPRNG,
 * kept as an HMAC, valid LOGIN_CODE_TTL_SECONDS, OTP_MAX_ATTEMPTS tries, single use; a new code voids the older
 * ones. Codes mailed per account are limited (login_code_account), so nobody can flood the owner's inbox.
 */
export function createLoginCodes(deps: Deps) {
  const { db, clock, tokens, limits, mail } = deps;
  const hashOf = (id: string, code: string) => tokens.keyed('login-code', `${id}:${code}`);

  return {
    /** Mails a fresh code to `user`, unless the account's code budget is spent (then nothing: the old one works). */
    async send(user: UserRow): Promise<void> {
      const spent = await limits.hit('login_code_account', user.id);
      if (spent > limits.rule('login_code_account').points) return;
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const now = clock.now();
      const queued = await db.transaction(async (tx) => {
        await repo.insertLoginCode(tx, {
          id,
          userId: user.id,
          codeHash: hashOf(id, code),
          now,
          expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_SECONDS * 1000),
        });
        return mail.enqueue(tx, user.email, signInCodeMail(user.first_name, code, LOGIN_CODE_TTL_SECONDS / 60));
      });
      mail.dispatchAfterReply(queued);
    },

    /** True, and the code used up, when `code` is the account's live code; every check spends one try. */
    async redeem(userId: string, code: string): Promise<boolean> {
      const row = await repo.findLiveLoginCode(db, userId, clock.now());
      if (!row) return false;
      if ((await repo.claimLoginCodeAttempt(db, row.id, OTP_MAX_ATTEMPTS)) === null) return false;
      const match = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(hashOf(row.id, code), 'hex'));
      return match && (await repo.useLoginCode(db, row.id, clock.now()));
    },
  };
}
export type LoginCodes = ReturnType<typeof createLoginCodes>;

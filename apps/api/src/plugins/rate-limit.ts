import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError, tooManyRequests } from '../lib/errors.ts';

export type RateRule = { points: number; durationSeconds: number };

/**
 * Limits on every credential and code path, per IP and per account. With Redis the counters are shared by all
 * instances; without it they live in this process. Figures: docs/decisions/004-auth-and-rate-limits.md.
 */
export const DEFAULT_RATE_RULES = {
  api_ip: { points: 600, durationSeconds: 60 },
  login_ip: { points: 30, durationSeconds: 15 * 60 },
  login_account: { points: 10, durationSeconds: 15 * 60 },
  signup_ip: { points: 10, durationSeconds: 60 * 60 },
  forgot_ip: { points: 10, durationSeconds: 15 * 60 },
  forgot_account: { points: 5, durationSeconds: 15 * 60 },
  resend_account: { points: 1, durationSeconds: 30 },
  otp_ip: { points: 30, durationSeconds: 15 * 60 },
  reset_ip: { points: 10, durationSeconds: 15 * 60 },
  refresh_ip: { points: 60, durationSeconds: 60 },
  password_account: { points: 10, durationSeconds: 15 * 60 },
  // The public contact form: a person rarely sends more than a few messages an hour.
  contact_ip: { points: 10, durationSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof DEFAULT_RATE_RULES;

export type RateLimits = {
  /** Counts one attempt for `key`; throws a 429 AppError with Retry-After when the rule is exhausted. */
  consume(rule: RateRuleName, key: string): Promise<void>;
  /** Forgets `key`'s attempts (after a successful sign-in, say). */
  reset(rule: RateRuleName, key: string): Promise<void>;
};

export function createRateLimits(
  redis: Redis | undefined,
  overrides: Partial<Record<RateRuleName, RateRule>> = {},
  prefix = 'kindred',
): RateLimits {
  const limiters = new Map<RateRuleName, RateLimiterAbstract>();
  for (const [name, base] of Object.entries(DEFAULT_RATE_RULES) as [RateRuleName, RateRule][]) {
    const rule = overrides[name] ?? base;
    const opts = { keyPrefix: `${prefix}:rl:${name}`, points: rule.points, duration: rule.durationSeconds };
    limiters.set(name, redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts));
  }
  const get = (rule: RateRuleName) => limiters.get(rule)!;
  return {
    async consume(rule, key) {
      try {
        await get(rule).consume(key.toLowerCase());
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooManyRequests(err.msBeforeNext / 1000);
        // The store failed: refuse rather than let credential guessing through unlimited.
        throw new AppError('unavailable', 'Service temporarily unavailable. Please try again shortly.', 503);
      }
    },
    async reset(rule, key) {
      await get(rule).delete(key.toLowerCase());
    },
  };
}

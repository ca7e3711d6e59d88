import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/errors.ts';
import { serviceUnavailable } from '../lib/dependency-faults.ts';
import { clientKey } from '../lib/client-address.ts';

export type RateRule = { points: number; durationSeconds: number };

/**
 * Limits on every credential and code path, per IP and per account. With Redis the counters are shared by all
 * instances; without it they live in this process. Figures: docs/decisions/004-auth-and-rate-limits.md.
 */
export const DEFAULT_RATE_RULES = {
  api_ip: { points: 600, durationSeconds: 60 },
  // Server-rendered and app pages (not hashed static files): generous for browsing, bounded for crawlers and floods.
  page_ip: { points: 300, durationSeconds: 60 },
  login_ip: { points: 30, durationSeconds: 15 * 60 },
  // Wrong passwords per (account, client) pair: this many are free in the window; after that each further attempt
  // from the pair waits 1, 2, 4 … seconds (login_pair_wait, at most its duration). Nobody else is slowed.
  login_pair: { points: 5, durationSeconds: 15 * 60 },
  login_pair_wait: { points: 1, durationSeconds: 15 * 60 },
  // Wrong passwords per account from every client together (credential stuffing): the ceiling refuses clients
  // that are not a known device of the account; a known device still signs in.
  login_account: { points: 100, durationSeconds: 15 * 60 },
  // Sign-in codes mailed per account past that ceiling (the step-up for a new device): a few, so the owner's
  // inbox cannot be flooded; a code works 10 minutes.
  login_code_account: { points: 3, durationSeconds: 15 * 60 },
  signup_ip: { points: 10, durationSeconds: 60 * 60 },
  forgot_ip: { points: 10, durationSeconds: 15 * 60 },
  // Codes sent for one address (forgot-password and resend together, keyed by the address's HMAC): 5 codes are
  // 25 guesses per 15 minutes, and the day's budget caps a patient guesser at 10 codes (50 guesses).
  forgot_account: { points: 5, durationSeconds: 15 * 60 },
  forgot_account_day: { points: 10, durationSeconds: 24 * 60 * 60 },
  resend_account: { points: 1, durationSeconds: 30 },
  otp_ip: { points: 30, durationSeconds: 15 * 60 },
  reset_ip: { points: 10, durationSeconds: 15 * 60 },
  // Clinic staff invitations: reading and accepting a set-password link, per client (a token guesser's budget).
  invitation_ip: { points: 20, durationSeconds: 15 * 60 },
  refresh_ip: { points: 60, durationSeconds: 60 },
  password_account: { points: 10, durationSeconds: 15 * 60 },
  // New verification links asked for from the profile, per account.
  verify_resend_account: { points: 3, durationSeconds: 60 * 60 },
  // The public contact form: a person rarely sends more than a few messages an hour.
  contact_ip: { points: 10, durationSeconds: 60 * 60 },
  // Donor imports per account (admin or clinic): each parses up to 5 MiB; a bank sends a few files a day.
  import_account: { points: 10, durationSeconds: 60 * 60 },
  // Appointment holds and bookings per account together (ADR 021): a parent picks a few times in a sitting.
  booking_account: { points: 30, durationSeconds: 60 * 60 },
  // Cancels and moves of one appointment by its parent or its mail link (each change mails the parent, the clinic
  // and possibly the waitlist): a person changes a visit a few times at most.
  appointment_change: { points: 20, durationSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof DEFAULT_RATE_RULES;

/**
 * Rules that guard no credential or code: when Redis is unreachable or slow they count in this process instead
 * (rate-limiter-flexible's insurance limiter), so an outage of Redis does not take the API down. Every other rule
 * guards a credential or a code and fails closed (503) without its shared store. ADR 004 and ADR 014.
 */
export const FAIL_OPEN_RULES: ReadonlySet<RateRuleName> = new Set([
  'api_ip',
  'page_ip',
  'contact_ip',
  'import_account',
  'booking_account',
  'appointment_change',
]);

/**
 * Rules counted on every request (every API call, every page): with Redis, they are counted in the instance and
 * sent to Redis in one batch BATCH_MS after the first request not yet sent; the batch's answer brings back the count
 * all instances share. No request waits for Redis: GET profile spent more time on that round trip than on its own
 * database read (issue 26). An instance refuses on the shared count it last heard plus what it counted since, so
 * within one instance the limit is exact; across instances, an instance may let through above the limit what it
 * counts in one batch interval (BATCH_MS and a round trip) before it hears the shared count. ADR 004.
 */
export const BATCHED_RULES: ReadonlySet<RateRuleName> = new Set(['api_ip', 'page_ip']);
export const BATCH_MS = 200;

export type RateLimits = {
  /** Counts one attempt for `key`; throws a 429 AppError with Retry-After when the rule is exhausted. */
  consume(rule: RateRuleName, key: string): Promise<void>;
  /** Forgets `key`'s attempts (after a successful sign-in, say). */
  reset(rule: RateRuleName, key: string): Promise<void>;
  /** Refuses (429 with Retry-After) while `key` has spent the rule's points; counts nothing. */
  check(rule: RateRuleName, key: string): Promise<void>;
  /** Counts one event for `key` and never refuses: how many the key holds in the rule's window, this one included. */
  hit(rule: RateRuleName, key: string): Promise<number>;
  /** Refuses `key` for `seconds` (check and consume answer 429 until then). */
  block(rule: RateRuleName, key: string, seconds: number): Promise<void>;
  /** The rule's figures as configured. */
  rule(rule: RateRuleName): RateRule;
};

/**
 * After the shared store fails (down, or slower than the client's 500 ms command timeout), it is skipped for this
 * long: a stalled Redis then costs one timeout every few seconds instead of one (or two) per request.
 */
const STORE_BACKOFF_MS = 2000;

/** The in-process limiter a rule falls back to; rate-limiter-flexible calls it only when the shared store failed. */
class FallbackLimiter extends RateLimiterMemory {
  private readonly onStoreFailure: () => void;
  constructor(opts: ConstructorParameters<typeof RateLimiterMemory>[0], onStoreFailure: () => void) {
    super(opts);
    this.onStoreFailure = onStoreFailure;
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onStoreFailure();
    return super.consume(...args);
  }
  /** Counts here while the store is known to be down (not a new failure). */
  consumeHere(key: string) {
    return super.consume(key);
  }
}

export function createRateLimits(
  redis: Redis | undefined,
  overrides: Partial<Record<RateRuleName, RateRule>> = {},
  prefix = 'kindred',
): RateLimits {
  let storeDownUntil = 0;
  const storeFailed = () => (storeDownUntil = Date.now() + STORE_BACKOFF_MS);
  const limiters = new Map<RateRuleName, { shared: RateLimiterAbstract; fallback?: FallbackLimiter }>();
  for (const [name, base] of Object.entries(DEFAULT_RATE_RULES) as [RateRuleName, RateRule][]) {
    const rule = overrides[name] ?? base;
    const opts = { keyPrefix: `${prefix}:rl:${name}`, points: rule.points, duration: rule.durationSeconds };
    if (!redis) {
      limiters.set(name, { shared: new RateLimiterMemory(opts) });
      continue;
    }
    const fallback = FAIL_OPEN_RULES.has(name) ? new FallbackLimiter(opts, storeFailed) : undefined;
    // Not ready (reconnecting): go to the insurance limiter, or fail, at once rather than wait for a timeout.
    const shared = new RateLimiterRedis({
      ...opts,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: fallback,
    });
    limiters.set(name, { shared, fallback });
  }
  const get = (rule: RateRuleName) => limiters.get(rule)!;
  const batched = new Map<RateRuleName, ReturnType<typeof createBatchedCounter>>();
  if (redis)
    for (const name of BATCHED_RULES) {
      const { shared, fallback } = get(name);
      batched.set(
        name,
        createBatchedCounter({ shared, fallback: fallback!, rule: overrides[name] ?? DEFAULT_RATE_RULES[name] }),
      );
    }
  /** Per-client rules (`*_ip`) count an IPv6 client by its /64 (clientKey); other keys are only lower-cased. */
  const keyOf = (rule: RateRuleName, key: string) => (rule.endsWith('_ip') ? clientKey(key) : key.toLowerCase());
  const rules = (name: RateRuleName) => overrides[name] ?? DEFAULT_RATE_RULES[name];

  /** Runs a store operation of a rule that fails closed (check, hit, block): a failed store answers 503. */
  async function closed<T>(op: () => Promise<T>): Promise<T> {
    if (Date.now() < storeDownUntil) throw serviceUnavailable();
    try {
      return await op();
    } catch (err) {
      if (err instanceof RateLimiterRes) throw err;
      storeFailed();
      throw serviceUnavailable();
    }
  }

  return {
    async consume(rule, key) {
      const counter = batched.get(rule);
      // Counted here (429 when spent), sent to Redis with the next batch.
      if (counter) return counter.count(keyOf(rule, key));
      const { shared, fallback } = get(rule);
      const storeDown = Date.now() < storeDownUntil;
      try {
        if (!storeDown) await shared.consume(keyOf(rule, key));
        else if (fallback) await fallback.consumeHere(keyOf(rule, key));
        else throw new Error('rate limit store unavailable');
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooManyRequests(err.msBeforeNext / 1000);
        if (!storeDown) storeFailed();
        // The shared store failed and the rule guards a credential or a code: refuse rather than let guessing
        // through unlimited.
        throw serviceUnavailable();
      }
    },
    async check(rule, key) {
      const res = await closed(() => get(rule).shared.get(keyOf(rule, key)));
      if (res && res.consumedPoints >= rules(rule).points && res.msBeforeNext > 0)
        throw tooManyRequests(res.msBeforeNext / 1000);
    },
    async hit(rule, key) {
      const res = await closed(() =>
        get(rule)
          .shared.consume(keyOf(rule, key))
          .catch((err: unknown) => {
            if (err instanceof RateLimiterRes) return err;
            throw err;
          }),
      );
      return res.consumedPoints;
    },
    async block(rule, key, seconds) {
      await closed(() => get(rule).shared.block(keyOf(rule, key), seconds));
    },
    rule: rules,
    async reset(rule, key) {
      // Forgetting attempts is a courtesy (a successful sign-in): a store that fails now must not fail the request.
      await get(rule)
        .shared.delete(keyOf(rule, key))
        .catch(() => undefined);
    },
  };
}

/**
 * The local side of a BATCHED_RULES rule: per client, the shared count as last heard from Redis, the requests
 * counted here since (not yet sent, and being sent), and when the window ends (as Redis last said, else as counted
 * here). The batch goes out BATCH_MS after the first request not yet sent; a failed batch keeps its counts here
 * (the rule fails open, as its insurance limiter does).
 */
function createBatchedCounter(deps: { shared: RateLimiterAbstract; fallback: RateLimiterAbstract; rule: RateRule }) {
  type Entry = { heard: number; pending: number; sending: number; endsAt: number };
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    timer = undefined;
    const now = Date.now();
    const sends: Promise<void>[] = [];
    for (const [key, e] of entries) {
      if (e.endsAt <= now && e.pending === 0 && e.sending === 0) {
        entries.delete(key);
        continue;
      }
      if (e.pending === 0) continue;
      const n = e.pending;
      e.pending = 0;
      e.sending += n;
      sends.push(
        // The same script and key as consume (rate-limiter-flexible's penalty adds n points in one call).
        deps.shared
          .penalty(key, n)
          .then((res) => {
            e.heard = res.consumedPoints - e.sending + n;
            e.endsAt = Date.now() + res.msBeforeNext;
          })
          .catch(() => {
            e.heard += n;
            return deps.fallback.penalty(key, n).then(
              () => undefined,
              () => undefined,
            );
          })
          .then(() => void (e.sending -= n)),
      );
    }
    await Promise.all(sends);
  }

  return {
    /** Counts one request of `key`; throws the 429 when the key has spent the rule. */
    count(key: string): void {
      const now = Date.now();
      let e = entries.get(key);
      if (!e || (e.endsAt <= now && e.sending === 0)) {
        e = { heard: 0, pending: 0, sending: 0, endsAt: now + deps.rule.durationSeconds * 1000 };
        entries.set(key, e);
      }
      if (e.heard + e.sending + e.pending >= deps.rule.points)
        throw tooManyRequests(Math.max(1000, e.endsAt - now) / 1000);
      e.pending += 1;
      timer ??= setTimeout(() => void flush(), BATCH_MS).unref();
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The per-user socket cap (REALTIME_LIMITS.socketsPerUser). With Redis it counts across instances: one sorted set
 * per user, one member per open socket scored by its expiry, renewed on every keepalive ping, so the sockets of
 * an instance that crashed age out by themselves. Redis is an accelerator: when a command fails or is slow the
 * cap falls back to this instance's own count (the cap is a nuisance limit, not a security boundary).
 */
export type SocketSlot = { release(): void; renew(): void };
export type SocketSlots = { acquire(userId: string): Promise<SocketSlot | null> };

/** Removes expired entries, then adds this socket if the user holds fewer than the limit. Atomic in Redis. */
const ACQUIRE = `redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[3], ARGV[4])
redis.call('pexpire', KEYS[1], ARGV[5])
return 1`;
const REDIS_TIMEOUT_MS = 500;

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('redis timeout')), REDIS_TIMEOUT_MS);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

export function createSocketSlots(opts: {
  limit: number;
  /** How long an entry lives without a renewal: a few keepalive intervals. */
  ttlMs: number;
  redis?: Redis;
  prefix?: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): SocketSlots {
  const local = new Map<string, number>();
  const localSlot = (userId: string): SocketSlot | null => {
    const held = local.get(userId) ?? 0;
    if (held >= opts.limit) return null;
    local.set(userId, held + 1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        const left = (local.get(userId) ?? 1) - 1;
        if (left > 0) local.set(userId, left);
        else local.delete(userId);
      },
      renew: () => undefined,
    };
  };
  const { redis } = opts;
  if (!redis) return { acquire: async (userId) => localSlot(userId) };

  return {
    async acquire(userId) {
      const key = `${opts.prefix ?? 'kindred'}:ws:${userId}`;
      const member = randomUUID();
      const now = Date.now();
      let granted: number;
      try {
        granted = Number(
          await withTimeout(
            redis.eval(ACQUIRE, 1, key, now, opts.limit, now + opts.ttlMs, member, opts.ttlMs) as Promise<unknown>,
          ),
        );
      } catch (err) {
        opts.log.warn({ err }, 'socket cap: Redis failed, counting this instance only');
        return localSlot(userId);
      }
      if (granted !== 1) return null;
      // Counted locally too, so that an instance whose Redis fails later still knows what it holds.
      const mine = localSlot(userId);
      const quiet = (p: Promise<unknown>) => void withTimeout(p).catch(() => undefined);
      return {
        release() {
          mine?.release();
          quiet(redis.zrem(key, member));
        },
        renew() {
          quiet(
            redis
              .multi()
              .zadd(key, 'XX', Date.now() + opts.ttlMs, member)
              .pexpire(key, opts.ttlMs)
              .exec(),
          );
        },
      };
    },
  };
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresBehindProxy, redisBehindProxy, type ProxiedPostgres, type ProxiedRedis } from './support/deps.ts';
import { startServer, tail, type ServerProcess } from './support/server-process.ts';
import { call, newAccount } from './support/http.ts';
import { lostWrites, max, startLoad, type Load, type Sample } from './support/load.ts';

const UNAVAILABLE = { success: false, message: 'Service temporarily unavailable. Please try again shortly.' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL lost under load (restart, failover, a network cut or a black hole): the instance never crashes, the
 * requests that meet the outage get the documented 503 with Retry-After, /readyz says so, and service is back within
 * 2 s of PostgreSQL's return with every acknowledged write in place.
 */
describe('PostgreSQL outage under load', () => {
  let pg: ProxiedPostgres;
  let redis: ProxiedRedis;
  let server: ServerProcess;
  beforeEach(async () => {
    pg = await postgresBehindProxy();
    redis = await redisBehindProxy();
    server = await startServer({ databaseUrl: pg.url, redisUrl: redis.url, env: { REDIS_PREFIX: redis.prefix } });
  });
  afterEach(async () => {
    await server?.dispose();
    await redis?.dispose();
    await pg?.dispose();
  });

  /** Four clients load the server; `fault` runs while they do and returns when PostgreSQL is back. */
  async function underLoad(fault: (load: Load) => Promise<{ backAt: number }>) {
    const accounts = await Promise.all([0, 1, 2, 3].map((i) => newAccount(server.url, `192.0.2.${i + 1}`)));
    const load = startLoad(server.url, accounts);
    await sleep(1500);
    const { backAt } = await fault(load);
    await sleep(3000);
    await load.stop();
    return { load, backAt };
  }

  function expectOnlyDocumented503s(samples: Sample[]) {
    const failures = samples.filter((s) => s.status < 200 || s.status >= 300);
    const wrong = failures.filter(
      (s) => s.status !== 503 || !/^\d+$/.test(s.retryAfter ?? '') || s.body.message !== UNAVAILABLE.message,
    );
    expect(wrong.slice(0, 5), `${wrong.length} answers other than the documented 503`).toEqual([]);
    for (const f of failures.slice(0, 3)) expect(f.body).toEqual(UNAVAILABLE);
    return failures;
  }

  async function expectEveryAckedWriteStored(load: Load) {
    const users = await pg.query<{ email: string; id: string; last_name: string }>(
      'select email, id, last_name from users',
    );
    expect(lostWrites(load, { users })).toEqual([]);
    expect(load.signups.filter((s) => s.acked).length).toBeGreaterThan(0);
  }

  it('cut for 5 s: no crash, 503 + Retry-After meanwhile, /readyz down, full service within 2 s after', async () => {
    let readyDuring: Awaited<ReturnType<typeof call>> | undefined;
    const { load, backAt } = await underLoad(async (l) => {
      await pg.proxy.cut();
      const cutAt = l.now();
      await sleep(2000);
      readyDuring = await call(server.url, 'GET', '/readyz', { timeoutMs: 5000 });
      await sleep(Math.max(0, 5000 - (l.now() - cutAt)));
      await pg.proxy.restore();
      return { backAt: l.now() };
    });
    expect(server.exited, tail(server.lines)).toBeUndefined();
    const failures = expectOnlyDocumented503s(load.samples);
    expect(failures.length).toBeGreaterThan(0);
    const late = load.samples.filter((s) => s.at >= backAt + 2000);
    expect(late.length).toBeGreaterThan(10);
    expect(late.filter((s) => s.status !== 200 && s.status !== 201)).toEqual([]);
    expect(readyDuring?.status).toBe(503);
    expect(readyDuring?.body).toMatchObject({ checks: { database: 'down' } });
    expect(readyDuring!.ms).toBeLessThan(1500);
    expect((await call(server.url, 'GET', '/readyz')).status).toBe(200);
    await expectEveryAckedWriteStored(load);
  });

  it('stalled for 5 s (no byte through): no crash, /readyz answers fast, full service within 2 s after', async () => {
    let readyDuring: Awaited<ReturnType<typeof call>> | undefined;
    const { load, backAt } = await underLoad(async (l) => {
      pg.proxy.stall();
      await sleep(2000);
      readyDuring = await call(server.url, 'GET', '/readyz', { timeoutMs: 5000 });
      await sleep(3000);
      await pg.proxy.restore();
      return { backAt: l.now() };
    });
    expect(server.exited, tail(server.lines)).toBeUndefined();
    expectOnlyDocumented503s(load.samples);
    const late = load.samples.filter((s) => s.at >= backAt + 2000);
    expect(late.length).toBeGreaterThan(10);
    expect(late.filter((s) => s.status !== 200 && s.status !== 201)).toEqual([]);
    expect(readyDuring?.status).toBe(503);
    expect(readyDuring!.ms).toBeLessThan(1500);
    // Nobody waits longer than the stall plus the query timeout's margin.
    expect(max(load.samples.map((s) => s.ms))).toBeLessThan(12_000);
    await expectEveryAckedWriteStored(load);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresBehindProxy, redisBehindProxy, type ProxiedPostgres, type ProxiedRedis } from './support/deps.ts';
import { startServer, tail, type ServerProcess } from './support/server-process.ts';
import { call, newAccount } from './support/http.ts';
import { lostWrites, max, startLoad, type Load, type Sample } from './support/load.ts';

const UNAVAILABLE = {
  success: false,
  message: 'Service temporarily unavailable. Please try again shortly.',
  code: 'unavailable',
};
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
    server = await startServer({
      databaseUrl: pg.url,
      redisUrl: redis.url,
      // Short enough that a black-holed statement fails within the test's 5 s stall.
      env: { REDIS_PREFIX: redis.prefix, DATABASE_QUERY_TIMEOUT_MS: '2000' },
    });
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

  /** The figures of a run, for the record. */
  function report(label: string, load: Load, backAt: number) {
    const failed = load.samples.filter((s) => s.status !== 200 && s.status !== 201);
    const lastFailure = max(failed.map((s) => s.at + s.ms));
    const statuses: Record<number, number> = {};
    for (const f of failed) statuses[f.status] = (statuses[f.status] ?? 0) + 1;
    console.log(
      `${label}: ${load.samples.length} requests, failed ${JSON.stringify(statuses)}, slowest ` +
        `${max(load.samples.map((s) => s.ms)).toFixed(0)} ms, last failure ${(lastFailure - backAt).toFixed(0)} ms ` +
        `after PostgreSQL was back, ${load.signups.filter((x) => x.acked).length} acknowledged sign-ups, ` +
        `${load.updates.filter((x) => x.acked).length} acknowledged updates`,
    );
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

  it('restarted (connections terminated, then refused for 5 s): no crash, 503 + Retry-After meanwhile, /readyz down, full service within 2 s after', async () => {
    let readyDuring: Awaited<ReturnType<typeof call>> | undefined;
    const { load, backAt } = await underLoad(async (l) => {
      // What a restart does: every backend gets 57P01 (admin shutdown), then connections are refused.
      await pg.terminateServerConnections();
      await pg.proxy.cut();
      const cutAt = l.now();
      await sleep(2000);
      readyDuring = await call(server.url, 'GET', '/readyz', { timeoutMs: 5000 });
      await sleep(Math.max(0, 5000 - (l.now() - cutAt)));
      await pg.proxy.restore();
      return { backAt: l.now() };
    });
    report('PostgreSQL restarted, down 5 s', load, backAt);
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

  it('stalled for 5 s (no byte through), past the 2 s query timeout: no crash, 503s, /readyz fast, full service within 2 s after', async () => {
    let readyDuring: Awaited<ReturnType<typeof call>> | undefined;
    const { load, backAt } = await underLoad(async (l) => {
      pg.proxy.stall();
      await sleep(2000);
      readyDuring = await call(server.url, 'GET', '/readyz', { timeoutMs: 5000 });
      await sleep(3000);
      await pg.proxy.restore();
      return { backAt: l.now() };
    });
    report('PostgreSQL stalled 5 s', load, backAt);
    expect(server.exited, tail(server.lines)).toBeUndefined();
    expect(expectOnlyDocumented503s(load.samples).length).toBeGreaterThan(0);
    const late = load.samples.filter((s) => s.at >= backAt + 2000);
    expect(late.length).toBeGreaterThan(10);
    expect(late.filter((s) => s.status !== 200 && s.status !== 201)).toEqual([]);
    expect(readyDuring?.status).toBe(503);
    expect(readyDuring!.ms).toBeLessThan(1500);
    // Nobody waits past the query timeout (2 s) or, for a new connection, the connect timeout (5 s).
    expect(max(load.samples.map((s) => s.ms))).toBeLessThan(6000);
    await expectEveryAckedWriteStored(load);
  });

  it('one instance cut off for 4 s: it answers 503s and recovers; the other instance serves throughout', async () => {
    const path = await pg.anotherProxy();
    const other = await startServer({
      databaseUrl: path.url,
      redisUrl: redis.url,
      env: { REDIS_PREFIX: redis.prefix, DATABASE_QUERY_TIMEOUT_MS: '2000' },
    });
    try {
      const accounts = await Promise.all([0, 1, 2, 3].map((i) => newAccount(server.url, `192.0.2.${i + 20}`)));
      // Each instance's clients rename their own accounts, so each load's writes can be checked on their own.
      const cutOff = startLoad(other.url, accounts.slice(0, 2));
      const healthy = startLoad(server.url, accounts.slice(2));
      await sleep(1000);
      await path.proxy.cut();
      await sleep(4000);
      await path.proxy.restore();
      const backAt = cutOff.now();
      await sleep(3000);
      await Promise.all([cutOff.stop(), healthy.stop()]);
      report('one instance cut 4 s (cut instance)', cutOff, backAt);
      expect(other.exited, tail(other.lines)).toBeUndefined();
      expect(expectOnlyDocumented503s(cutOff.samples).length).toBeGreaterThan(0);
      expect(cutOff.samples.filter((s) => s.at >= backAt + 2000 && s.status >= 300)).toEqual([]);
      expect(healthy.samples.filter((s) => s.status >= 300)).toEqual([]);
      await expectEveryAckedWriteStored(cutOff);
      await expectEveryAckedWriteStored(healthy);
    } finally {
      await other.dispose();
    }
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** The real dependencies the fault suite runs against (CI provides both). */
export const FAULTS_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const FAULTS_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Prefix of the throwaway databases and Redis keys this run creates. */
const PREFIX = process.env.FAULTS_PREFIX ?? 'k_faults_';

/** The test's own connections, told apart from the server's (a simulated restart spares them). */
const TEST_APPLICATION = 'kindred-faults-test';

const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};

/** A fresh, empty database on the PostgreSQL server (the server process migrates it), and a proxy in front. */
export async function postgresBehindProxy() {
  const name = `${PREFIX}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: FAULTS_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const direct = new URL(FAULTS_PG_URL);
  direct.pathname = `/${name}`;
  const proxy = await startTcpProxy(hostPort(FAULTS_PG_URL));
  const extra: TcpProxy[] = [];
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  /** A client straight to the database (not through the proxy), for the test's own checks. */
  const pool = new pg.Pool({ connectionString: direct.toString(), max: 2, application_name: TEST_APPLICATION });
  pool.on('error', () => undefined);
  return {
    name,
    proxy,
    /** DATABASE_URL for the server: through the proxy. */
    url: viaProxy.toString(),
    /** Another proxy to the same database, for a second instance whose connection is cut on its own. */
    async anotherProxy() {
      const other = await startTcpProxy(hostPort(FAULTS_PG_URL));
      extra.push(other);
      const url = new URL(direct);
      url.host = `127.0.0.1:${other.port}`;
      return { proxy: other, url: url.toString() };
    },
    /** Terminates the server's connections to the database, as a PostgreSQL restart does (57P01). */
    terminateServerConnections: () =>
      pool.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() ' +
          'and application_name is distinct from $1',
        [TEST_APPLICATION],
      ),
    query: async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      (await pool.query(sql, params)).rows as T[],
    async dispose() {
      await pool.end();
      await proxy.close();
      for (const p of extra) await p.close();
      const c = new pg.Client({ connectionString: FAULTS_PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
export type ProxiedPostgres = Awaited<ReturnType<typeof postgresBehindProxy>>;

/** A proxy in front of Redis and a key prefix of this run's own (REDIS_PREFIX for the server). */
export async function redisBehindProxy() {
  const proxy: TcpProxy = await startTcpProxy(hostPort(FAULTS_REDIS_URL));
  const prefix = `faults:${randomBytes(5).toString('hex')}`;
  const direct = new Redis(FAULTS_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  return {
    proxy,
    prefix,
    url: `redis://127.0.0.1:${proxy.port}`,
    /** A client straight to Redis (not through the proxy). */
    direct,
    async dispose() {
      const keys = await direct.keys(`${prefix}:*`);
      if (keys.length) await direct.del(...keys);
      direct.disconnect();
      await proxy.close();
    },
  };
}
export type ProxiedRedis = Awaited<ReturnType<typeof redisBehindProxy>>;

/** Whether both servers answer; the suite needs them (CI fails without, a laptop run skips). */
export async function dependenciesReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: FAULTS_PG_URL, connectionTimeoutMillis: 2000 });
  const r = new Redis(FAULTS_REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await c.connect();
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
    r.disconnect();
  }
}

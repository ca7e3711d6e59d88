import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBehindProxy, redisBehindProxy, type ProxiedPostgres, type ProxiedRedis } from './support/deps.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import { call, newAccount, NO_ANSWER } from './support/http.ts';

/** The suite's own machinery: a real server behind proxies the test controls, killed and restarted. */
describe('fault harness', () => {
  let pg: ProxiedPostgres;
  let redis: ProxiedRedis;
  let server: ServerProcess;
  beforeAll(async () => {
    pg = await postgresBehindProxy();
    redis = await redisBehindProxy();
    server = await startServer({ databaseUrl: pg.url, redisUrl: redis.url, env: { REDIS_PREFIX: redis.prefix } });
  });
  afterAll(async () => {
    await server?.dispose();
    await redis?.dispose();
    await pg?.dispose();
  });

  it('the server reaches PostgreSQL and Redis through the proxies and keeps its keys under its prefix', async () => {
    const a = await newAccount(server.url);
    expect((await call(server.url, 'GET', '/api/v1/auth/profile/', { token: a.access })).status).toBe(200);
    expect(pg.proxy.accepted).toBeGreaterThan(0);
    expect(redis.proxy.accepted).toBeGreaterThan(0);
    expect(await pg.query('select 1 from users where id = $1', [a.id])).toHaveLength(1);
    expect((await redis.direct.keys(`${redis.prefix}:*`)).length).toBeGreaterThan(0);
  });

  it('a stalled proxy holds bytes and delivers them on restore; a cut one refuses connections', async () => {
    redis.proxy.stall();
    const pending = call(server.url, 'GET', '/readyz', { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 300));
    await redis.proxy.restore();
    expect((await pending).status).not.toBe(NO_ANSWER);
    await pg.proxy.cut();
    const refused = await new Promise<string>((resolve) => {
      const s = net.connect(pg.proxy.port, '127.0.0.1');
      s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      s.on('connect', () => resolve('connected'));
    });
    expect(refused).toBe('ECONNREFUSED');
    await pg.proxy.restore();
  });

  it('kill -9 and restart: the server comes back with its data', async () => {
    const a = await newAccount(server.url);
    expect((await server.kill9()).signal).toBe('SIGKILL');
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(NO_ANSWER);
    await server.restart();
    const l = await call(server.url, 'POST', '/api/v1/auth/login/', { body: { email: a.email, password: a.password } });
    expect(l.status).toBe(200);
  });
});

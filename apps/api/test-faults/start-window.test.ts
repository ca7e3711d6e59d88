import { afterEach, describe, expect, it } from 'vitest';
import { postgresBehindProxy, type ProxiedPostgres } from './support/deps.ts';
import { startServer, tail, type ServerProcess } from './support/server-process.ts';
import { call } from './support/http.ts';
import { until } from './support/mail.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The start window (issue 26): the server listens, then starts the job engine. A PostgreSQL cut in that window
 * ended the process (exit 1) although it was already serving. Now the engine's start is retried with backoff,
 * /readyz says not ready (jobs down) until it has started, and the process keeps serving.
 */
describe('a PostgreSQL cut while the job engine starts', () => {
  let pg: ProxiedPostgres | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.dispose();
    await pg?.dispose();
    server = pg = undefined;
  });

  it('does not end the serving process; /readyz is not ready until the engine has started, then ready', async () => {
    // The cut must land after the server listens and before pg-boss has started: it usually does at once (the
    // engine's module loads and its schema is created after the first answer); when the engine won the race, the
    // whole start is tried again on a fresh database.
    let hit = false;
    for (let round = 0; round < 4 && !hit; round++) {
      await server?.dispose();
      await pg?.dispose();
      pg = await postgresBehindProxy();
      server = await startServer({ databaseUrl: pg.url, env: { LOG_LEVEL: 'info' } });
      await pg.terminateServerConnections();
      await pg.proxy.cut();
      const cutAt = Date.now();
      await sleep(1000);
      const during = await call(server.url, 'GET', '/readyz', { timeoutMs: 5000 });
      await sleep(Math.max(0, 3000 - (Date.now() - cutAt)));
      await pg.proxy.restore();
      // In the window: the engine's start met the cut (retried now; the process used to exit 1 here).
      hit = server.exited !== undefined || server.lines.some((l) => l.includes('job engine could not start; retrying'));
      if (!hit) continue;
      expect(server.exited, tail(server.lines)).toBeUndefined();
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ status: 'not_ready', checks: { database: 'down', jobs: 'down' } });
      // Back: the engine starts on its next try and the instance is ready, with no jobs check left.
      await until(
        async () => (await call(server!.url, 'GET', '/readyz', { timeoutMs: 2000 })).status === 200,
        30_000,
        'ready after the cut',
      );
      expect((await call(server.url, 'GET', '/readyz')).body).toEqual({ status: 'ready', checks: { database: 'ok' } });
      expect(server.lines.some((l) => l.includes('"job engine started"'))).toBe(true);
      expect(server.exited, tail(server.lines)).toBeUndefined();
    }
    expect(hit, 'the cut never landed in the start window').toBe(true);
  });
});

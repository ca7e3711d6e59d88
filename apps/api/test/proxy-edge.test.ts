import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import type { App } from '../src/app.ts';
import { buildExtraApp, createTestContext, generousRates, type TestContext } from './harness.ts';

/**
 * A reverse proxy on this host, as nginx's default `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`
 * does it: the client's own X-Forwarded-For is kept and the address the proxy saw is appended. To the server every
 * request arrives from 127.0.0.1.
 */
async function startAppendingProxy(target: string) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress ?? '';
    const xff = req.headers['x-forwarded-for'];
    const headers = { ...req.headers, 'x-forwarded-for': xff ? `${String(xff)}, ${seen}` : seen };
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The app listening on a real port behind the appending proxy. */
async function behindProxy(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const direct = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const proxy = await startAppendingProxy(direct);
  return { direct, proxy };
}

const TOKEN = 'metrics-token-'.padEnd(40, 'm');

describe('operator pages and per-IP limits behind a reverse proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
  });
  afterAll(async () => ctx?.close());

  // Both ways a deployment behind a same-host proxy may be configured: TRUST_PROXY forgotten, and set correctly.
  describe.each([
    ['TRUST_PROXY unset', {}],
    ['TRUST_PROXY=1', { TRUST_PROXY: '1' }],
  ])('with %s', (_name, env) => {
    let app: App;
    let direct: string;
    let proxy: Awaited<ReturnType<typeof startAppendingProxy>>;
    beforeAll(async () => {
      app = await buildExtraApp(ctx, {
        rateRules: generousRates(),
        smtpUrl: undefined,
        devOutbox: true,
        trustProxy: loadEnv(env).trustProxy,
      });
      ({ direct, proxy } = await behindProxy(app));
    });
    afterAll(async () => {
      await proxy?.close();
      await app?.close();
    });

    it('/dev/outbox and /metrics answer a direct request from this machine, and nobody through the proxy', async () => {
      expect((await fetch(`${direct}/dev/outbox`)).status).toBe(200);
      expect((await fetch(`${direct}/metrics`)).status).toBe(200);
      const spoofs: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1' }];
      for (const headers of spoofs) {
        for (const page of ['/dev/outbox', '/metrics']) {
          const res = await fetch(`${proxy.url}${page}`, { headers });
          const body = await res.text();
          expect(res.status, `${page} ${JSON.stringify(headers)}`).toBe(404);
          expect(body).not.toContain('Dev outbox');
          expect(body).not.toContain('process_cpu');
        }
      }
    });
  });

  describe('METRICS_TOKEN', () => {
    let app: App;
    let direct: string;
    let proxy: Awaited<ReturnType<typeof startAppendingProxy>>;
    beforeAll(async () => {
      app = await buildExtraApp(ctx, { rateRules: generousRates(), metricsToken: TOKEN, trustProxy: 1 });
      ({ direct, proxy } = await behindProxy(app));
    });
    afterAll(async () => {
      await proxy?.close();
      await app?.close();
    });

    it('/metrics answers the bearer token from anywhere, and nothing else (not even this machine)', async () => {
      const withToken = await fetch(`${proxy.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain('process_cpu');
      expect(withToken.headers.get('cache-control')).toBe('no-store');
      for (const base of [direct, proxy.url])
        for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
          const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
          expect(res.status, `${base} ${authorization}`).toBe(404);
        }
    });
  });

  // (A list of proxy addresses is not tried here: the test's client is on 127.0.0.1 too, so it would rightly be
  // trusted as a proxy. env.test.ts covers the list's parsing.)
  describe.each([
    ['TRUST_PROXY=1', '1'],
    ['TRUST_PROXY=true (read as one hop)', 'true'],
  ])('with %s, a client-written X-Forwarded-For', (_name, trust) => {
    let app: App;
    let proxy: Awaited<ReturnType<typeof startAppendingProxy>>;
    beforeAll(async () => {
      app = await buildExtraApp(ctx, {
        rateRules: generousRates({ login_ip: { points: 3, durationSeconds: 120 } }),
        trustProxy: loadEnv({ TRUST_PROXY: trust }).trustProxy,
      });
      ({ proxy } = await behindProxy(app));
    });
    afterAll(async () => {
      await proxy?.close();
      await app?.close();
    });

    it('does not buy a fresh per-IP budget: the 4th sign-in through the proxy → 429 however it is spoofed', async () => {
      const signIn = (n: number) =>
        fetch(`${proxy.url}/api/v1/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `1.2.3.${n}` },
          body: JSON.stringify({ email: `nobody${n}@example.com`, password: 'Wrong-password-1' }),
        });
      for (let n = 1; n <= 3; n++) expect((await signIn(n)).status).toBe(401);
      const limited = await signIn(4);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  });
});

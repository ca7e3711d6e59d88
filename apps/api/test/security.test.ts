import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MSG, SERVER_MSG } from '@kindred/shared';
import { buildApp, type App } from '../src/app.ts';
import type { Services } from '../src/services.ts';
import type { Job } from '../src/jobs/job.ts';
import type { Db } from '../src/db/db.ts';
import {
  bearer,
  buildExtraApp,
  buildExtraInstance,
  createTestContext,
  expectDocumentedErrorShape,
  forgot,
  generousRates,
  login,
  newParent,
  waitForNth,
  isCodeMail,
  codeFrom,
  mailsTo,
  type TestContext,
} from './harness.ts';

const PUBLIC_ORIGIN = 'http://localhost:3000';

/** One database for the file; configuration variants are extra app instances on it. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateRules: generousRates() });
});
afterAll(async () => ctx?.close());

describe('security and operations', () => {
  describe('security headers', () => {
    it.each(['/api/v1/auth/profile/', '/healthz', '/login', '/no-such-page', '/api/unknown'])(
      'are present on %s',
      async (url) => {
        const res = await ctx.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toMatch(/script-src 'self'(;|$)/);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        // This app's public URL is http: HSTS is only sent over https (security-headers.test.ts).
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
      },
    );
  });

  describe('CORS', () => {
    it('the configured origin (the public URL by default) is allowed, with credentials', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile/',
        headers: { origin: PUBLIC_ORIGIN },
      });
      expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      const pre = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/auth/login/',
        headers: {
          origin: PUBLIC_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(PUBLIC_ORIGIN);
      expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    });

    it.each(['http://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'null'])(
      'another origin (%s) gets no allow-origin',
      async (origin) => {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: { origin } });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        const pre = await ctx.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/auth/login/',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      },
    );
  });

  it('stored password hashes are argon2id with at least the OWASP parameters, never the password', async () => {
    const p = await newParent(ctx.app);
    const rows = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [p.id]);
    const hash = rows[0]!.password_hash;
    expect(hash.startsWith('$argon2id$')).toBe(true);
    const params = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(params).not.toBeNull();
    expect(Number(params![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(params![2])).toBeGreaterThanOrEqual(2);
    expect(hash).not.toContain(p.password);
    const all = await ctx.db.query<{ password_hash: string }>('select password_hash from users');
    for (const r of all) expect(r.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("updating another user's profile → 403 and nothing changes", async () => {
    const me = await newParent(ctx.app);
    const victim = await newParent(ctx.app);
    const before = await ctx.db.query('select * from users where id = $1', [victim.id]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/parent/${victim.id}/update/`,
      headers: bearer(me.access),
      payload: { first_name: 'Mallory', last_name: 'Intruder', phone_number: '+12025550199' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', success: false, message: SERVER_MSG.forbidden });
    expect(await ctx.db.query('select * from users where id = $1', [victim.id])).toEqual(before);
    // The profile read only ever answers the caller's own user.
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(me.access) });
    expect(mine.json().user.id).toBe(me.id);
  });

  it("an admin may update another parent's profile; an unknown id → 404", async () => {
    const admin = await newParent(ctx.app);
    const parent = await newParent(ctx.app);
    await ctx.db.query("update users set role = 'admin' where id = $1", [admin.id]);
    const update = (id: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/parent/${id}/update/`,
        headers: bearer(admin.access),
        payload: { first_name: 'Morgan', last_name: 'Riley', phone_number: '+12025550123' },
      });
    const res = await update(parent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: parent.id, first_name: 'Morgan', email: parent.email });
    const missing = await update(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', success: false, message: SERVER_MSG.notFound });
  });

  it('no response ever carries a password hash', async () => {
    const p = await newParent(ctx.app);
    const answers = [
      await login(ctx.app, p.email, p.password),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(p.access) }),
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/parent/${p.id}/update/`,
        headers: bearer(p.access),
        payload: { first_name: 'Morgan', last_name: 'Riley', phone_number: '+12025550123' },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('argon2');
      expect(res.body).not.toContain('password');
    }
  });

  describe('not found', () => {
    it.each([
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/v1/'],
      ['GET', '/api/v1/nothing/here/'],
      ['POST', '/api/v1/nothing/'],
      ['DELETE', '/api/v1/auth/login/'],
      ['GET', '/api/v1/auth/login'],
      ['POST', '/login'],
    ])('%s %s → 404 JSON', async (method, url) => {
      const res = await ctx.app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'not_found', success: false, message: SERVER_MSG.notFound });
    });

    it.each(['/no-such-page', '/login/extra', '/profile-stepz', '/.env', '/wp-admin'])(
      'unknown web path %s → 404 text/html',
      async (url) => {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toMatch(/^<!doctype html>/i);
      },
    );

    it.each([
      '/',
      '/login',
      '/register',
      '/forget-password',
      '/otp-verification',
      '/create-password',
      '/new-password',
      '/profile',
      '/dashboard',
      '/login/',
      '/blogs/some-article',
    ])('known web path %s → 200 text/html', async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });
  });

  describe('health', () => {
    it('/healthz answers ok and /readyz reports the database', async () => {
      const h = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(h.statusCode).toBe(200);
      expect(h.json()).toEqual({ status: 'ok' });
      const r = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    });

    it('/readyz answers 503 when the database or Redis does not answer, while /healthz stays up', async () => {
      const deadDb: Db = {
        ...ctx.db,
        query: async () => {
          throw new Error('connection refused');
        },
      };
      const deadRedis = new Redis({
        host: '127.0.0.1',
        port: 1,
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      const app = await buildApp({
        db: deadDb,
        redis: deadRedis,
        jwtSecret: 'test-secret-'.padEnd(48, 'x'),
        publicUrl: PUBLIC_ORIGIN,
        smtpUrl: ctx.smtp.url,
        webDistDir: '/nonexistent',
      });
      try {
        await app.ready();
        const r = await app.inject({ method: 'GET', url: '/readyz' });
        expect(r.statusCode).toBe(503);
        expect(r.json()).toEqual({ status: 'not_ready', checks: { database: 'down', redis: 'down' } });
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        deadRedis.disconnect();
      }
    });
  });

  describe('OpenAPI', () => {
    it('/api/docs/json documents every /api/v1 route and method, each with a summary', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        openapi: string;
        paths: Record<string, Record<string, { summary?: string; responses?: unknown }>>;
      };
      expect(doc.openapi).toMatch(/^3\./);
      const documented = new Set(
        Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
      );
      const registered = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter((r) =>
        r.split(' ')[1]!.startsWith('/api/v1/'),
      );
      expect(registered.length).toBeGreaterThanOrEqual(12);
      const missing = registered.filter((r) => !documented.has(r));
      expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
      for (const [p, ops] of Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/'))) {
        for (const [m, op] of Object.entries(ops)) {
          expect(op.summary, `${m} ${p} has a summary`).toBeTruthy();
          expect(op.responses, `${m} ${p} has responses`).toBeTruthy();
        }
      }
    });

    it('/api/docs serves the documentation page', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(res.statusCode);
    });
  });
});

/** "METHOD /path/{param}/" for every route in Fastify's printRoutes tree (HEAD and OPTIONS left out). */
function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ├└─]*)(\S.*?)(?: \(([^)]+)\))?$/u.exec(line);
    if (!m || !m[2]) continue;
    const depth = Math.round(m[1]!.length / 4);
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push(`${method} ${full.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return out;
}

describe('configuration variants', () => {
  describe('the dev outbox', () => {
    let outbox: App;
    let outboxServices: Services;
    beforeAll(async () => {
      ({ app: outbox, services: outboxServices } = await buildExtraInstance(ctx, {
        rateRules: generousRates(),
        smtpUrl: undefined,
        devOutbox: true,
      }));
    });
    afterAll(async () => outbox?.close());

    it('answers loopback requests when no SMTP_URL is configured, showing recorded mail', async () => {
      const p = await newParent(outbox);
      await forgot({ ...ctx, app: outbox }, p.email);
      await outboxServices.mail.flush();
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const res = await outbox.inject({ method: 'GET', url: '/dev/outbox', remoteAddress });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('Dev outbox');
        expect(res.body).toContain(p.email);
        expect(res.body).toMatch(/Your Kindred verification code is \d{6}/);
      }
      // Nothing went out by SMTP.
      await ctx.services.mail.flush();
      expect(mailsTo(ctx.smtp, p.email)).toHaveLength(0);
    });

    it('refuses requests from other machines', async () => {
      for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '192.168.1.20']) {
        const res = await outbox.inject({ method: 'GET', url: '/dev/outbox', remoteAddress });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Dev outbox');
      }
    });

    it('is absent (404) without DEV_OUTBOX=true, even when mail goes to the outbox', async () => {
      const off = await buildExtraApp(ctx, { rateRules: generousRates(), smtpUrl: undefined });
      try {
        const res = await off.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Dev outbox');
      } finally {
        await off.close();
      }
    });

    it('is absent (404) when SMTP is configured', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Dev outbox');
    });
  });

  describe('the test job trigger (TEST_JOB_TRIGGER=true, test servers only)', () => {
    let runs = 0;
    const probe: Job = {
      scope: 'cluster',
      name: 'probe',
      cron: '* * * * *',
      runAtStart: false,
      retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: 1 },
      timeoutSeconds: 60,
      failure: 'probe failed',
      async run() {
        await new Promise((r) => setTimeout(r, 20));
        runs += 1;
      },
    };
    let trigger: App;
    beforeAll(async () => {
      trigger = await buildExtraApp(ctx, { rateRules: generousRates(), testJobs: [probe] });
    });
    afterAll(async () => trigger?.close());

    it('runs the named job at once for a request on this machine, and answers when it has finished', async () => {
      const before = runs;
      const res = await trigger.inject({ method: 'POST', url: '/dev/jobs/probe/run', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { job: 'probe' } });
      expect(runs).toBe(before + 1);
    });

    it('refuses other machines, proxied requests and unknown jobs (404), and runs nothing', async () => {
      const before = runs;
      for (const [remoteAddress, headers] of [
        ['203.0.113.7', {}],
        ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
      ] as const) {
        const res = await trigger.inject({ method: 'POST', url: '/dev/jobs/probe/run', remoteAddress, headers });
        expect(res.statusCode, remoteAddress).toBe(404);
      }
      const unknown = await trigger.inject({ method: 'POST', url: '/dev/jobs/nope/run', remoteAddress: '127.0.0.1' });
      expect(unknown.statusCode).toBe(404);
      expect(runs).toBe(before);
    });

    it('does not exist without it', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/dev/jobs/probe/run', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      const real = await ctx.app.inject({
        method: 'POST',
        url: '/dev/jobs/appointment-reminders/run',
        remoteAddress: '127.0.0.1',
      });
      expect(real.statusCode).toBe(404);
    });
  });

  describe('CORS with configured origins', () => {
    let cors: App;
    beforeAll(async () => {
      cors = await buildExtraApp(ctx, { rateRules: generousRates(), corsOrigins: ['https://app.kindred.example'] });
    });
    afterAll(async () => cors?.close());

    it('allows exactly the configured origins', async () => {
      const ok = await cors.inject({
        method: 'GET',
        url: '/healthz',
        headers: { origin: 'https://app.kindred.example' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.kindred.example');
      for (const origin of [PUBLIC_ORIGIN, 'https://evil.kindred.example', 'https://app.kindred.example.evil.com']) {
        const res = await cors.inject({ method: 'GET', url: '/healthz', headers: { origin } });
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });
  });

  describe('logs carry no passwords or tokens', () => {
    let logged: App;
    let loggedServices: Services;
    let logCtx: TestContext;
    const lines: string[] = [];
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _enc, cb) {
          lines.push(String(chunk));
          cb();
        },
      });
      ({ app: logged, services: loggedServices } = await buildExtraInstance(ctx, {
        rateRules: generousRates(),
        logger: { level: 'trace', stream },
      }));
      logCtx = { ...ctx, app: logged, services: loggedServices };
    });
    afterAll(async () => logged?.close());
    it('sign-up, sign-in, a failed sign-in, refresh, recovery and sign-out leave no secret in the log', async () => {
      const app = logged;
      const p = await newParent(app);
      const failedPassword = 'Wrong-Secret-Phrase-913';
      expect((await login(app, p.email, failedPassword)).statusCode).toBe(401);
      expect((await login(app, 'nobody.logged@example.com', 'Unknown-Secret-Phrase-377')).statusCode).toBe(401);
      const signedIn = (await login(app, p.email, p.password, { remember_me: true })).json().tokens as {
        access: string;
        refresh: string;
      };
      const rotated = (
        await app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: signedIn.refresh } })
      ).json() as { access: string; refresh: string };
      await app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(rotated.access) });
      await app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile/',
        headers: { authorization: 'Bearer forged.token.value' },
      });

      const { token } = await forgot(logCtx, p.email);
      const code = codeFrom(await waitForNth(logCtx.smtp, p.email, 1, isCodeMail));
      await app.inject({ method: 'POST', url: `/api/v1/auth/verify-otp/?token=${token}`, payload: { otp: code } });
      const newPassword = 'Lantern-river-Secret-77';
      await app.inject({
        method: 'POST',
        url: `/api/v1/auth/reset-password/?token=${token}`,
        payload: { new_password: newPassword, confirm_password: newPassword },
      });
      const again = (await login(app, p.email, newPassword)).json().tokens as { access: string; refresh: string };
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout/',
        payload: { refresh: again.refresh },
        headers: bearer(again.access),
      });
      await loggedServices.mail.flush();

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(10);
      // One line per request (issue 26), with its method, redacted URL and status.
      expect(log).toContain('request completed');
      expect(log).not.toContain('incoming request');
      const secrets: Record<string, string> = {
        password: p.password,
        failedPassword,
        unknownPassword: 'Unknown-Secret-Phrase-377',
        newPassword,
        access: p.access,
        refresh: p.refresh,
        rememberedAccess: signedIn.access,
        rememberedRefresh: signedIn.refresh,
        rotatedAccess: rotated.access,
        rotatedRefresh: rotated.refresh,
        lastAccess: again.access,
        lastRefresh: again.refresh,
        resetToken: token,
        codeSentence: `verification code is ${code}`,
        codeSubject: `verification code: ${code}`,
      };
      for (const [name, secret] of Object.entries(secrets))
        expect(log.includes(secret), `${name} appears in the log`).toBe(false);
      // Neither do the signatures alone (the part of a JWT that makes it usable).
      for (const jwt of [p.access, token])
        expect(log.includes(jwt.split('.')[2]!), 'a JWT signature appears in the log').toBe(false);
      expect(log).not.toContain('argon2');
    });

    it('the record of sent mail keeps no code when mail goes out by SMTP', async () => {
      const p = await newParent(logCtx.app);
      await forgot(logCtx, p.email);
      const code = codeFrom(await waitForNth(logCtx.smtp, p.email, 1, isCodeMail));
      const rows = await logCtx.db.query('select * from mail_messages where to_address = $1', [p.email]);
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(`is ${code}`);
      expect(JSON.stringify(rows)).not.toContain(`code: ${code}`);
    });

    it('the answers to these calls are the ones the spec gives', async () => {
      const p = await newParent(logCtx.app);
      const res = await login(logCtx.app, p.email, p.password);
      expect(res.json().message).toBe(MSG.loginSuccess);
      const bad = await login(logCtx.app, p.email, 'nope-nope-nope');
      expectDocumentedErrorShape(bad);
    });
  });
});

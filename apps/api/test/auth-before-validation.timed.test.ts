import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@kindred/shared';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { guardRoutes } from '../src/plugins/auth-guard.ts';
import { bearer, createTestContext, generousRates, newParent, type TestContext } from './harness.ts';
import { routesFrom, type Route } from './openapi-routes.ts';

/**
 * Authentication comes before the body: every route the OpenAPI document marks as signed-in answers an anonymous
 * or bad-token call 401 (and a parent on an admin route 403) whatever its body, path and query, before the body is
 * read, parsed or validated: no 400 naming fields, no 413 for size, no 415 for type.
 */

type Operation = { 'x-roles'?: string[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

/** A body no route accepts: wrong types for any field a route could have, and nested junk. */
const JUNK = JSON.stringify({ email: 7, password: [], data: { nested: [null, { x: 1 }] }, format: 'xls', id: {} });
/** Over the server's 64 KiB JSON limit (and under the import's 5 MiB). */
const OVERSIZED = JSON.stringify({ junk: 'x'.repeat(100 * 1024) });

describe('authentication before validation', () => {
  let ctx: TestContext;
  let doc: Doc;
  let secured: Route[];
  let parentAccess: string;

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    doc = ctx.app.swagger() as unknown as Doc;
    secured = routesFrom(doc as never).filter((r) => r.secured);
    parentAccess = (await newParent(ctx.app)).access;
  });
  afterAll(async () => ctx?.close());

  const key = (r: Route) => `${r.method} ${r.path}`;
  const rolesOf = (r: Route) => doc.paths[r.path]![r.method.toLowerCase()]!['x-roles'] ?? [];
  const urlOf = (r: Route) =>
    r.path.replace(/\{[^}]+\}/g, 'not-an-id') + (r.query.length > 0 ? `?${r.query[0]!.name}=-1&x[y]=1` : '');
  const send = (r: Route, headers: Record<string, string>, payload?: string) =>
    ctx.app.inject({
      method: r.method,
      url: urlOf(r),
      headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it('the document lists the signed-in routes, the admin ones with their roles', () => {
    // The walk below must not pass vacuously: these are among the routes the audit found validating first.
    const keys = secured.map(key);
    for (const k of [
      'POST /api/v1/admin/donors/import/',
      'POST /api/v1/admin/images/',
      'POST /api/v1/auth/change-password/',
      'PUT /api/v1/admin/parent/{id}/update/',
      'POST /api/v1/donors/find-matches/',
      'GET /api/v1/auth/profile/',
    ])
      expect(keys).toContain(k);
    expect(secured.length).toBeGreaterThanOrEqual(30);
    const imports = secured.find((r) => key(r) === 'POST /api/v1/admin/donors/import/')!;
    expect(rolesOf(imports).sort()).toEqual(['admin', 'clinic']);
    expect(rolesOf(secured.find((r) => key(r) === 'GET /api/v1/auth/profile/')!)).toEqual([]);
  });

  it('every signed-in route answers 401 to an anonymous call with a junk body, path and query', async () => {
    const wrong: string[] = [];
    for (const r of secured) {
      const res = await send(r, {}, r.hasBody ? JUNK : undefined);
      if (res.statusCode !== 401 || res.json().detail !== SERVER_MSG.notAuthenticated)
        wrong.push(`${key(r)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every signed-in route answers 401 to a bad token, before a body that is too large or of another type', async () => {
    const wrong: string[] = [];
    for (const r of secured) {
      const junkToken = { authorization: 'Bearer not.a.token' };
      const answers = [await send(r, junkToken, r.hasBody ? OVERSIZED : undefined)];
      if (r.hasBody)
        answers.push(
          await ctx.app.inject({
            method: r.method,
            url: urlOf(r),
            headers: { ...junkToken, 'content-type': 'application/x-unknown' },
            payload: 'junk',
          }),
        );
      for (const res of answers)
        if (res.statusCode !== 401 || res.json().detail !== SERVER_MSG.tokenInvalid)
          wrong.push(`${key(r)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a parent calling an admin route gets 403 before the body is validated', async () => {
    const adminOnly = secured.filter((r) => rolesOf(r).length > 0 && !rolesOf(r).includes('parent'));
    expect(adminOnly.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const r of adminOnly) {
      const res = await send(r, bearer(parentAccess), r.hasBody ? JUNK : undefined);
      if (res.statusCode !== 403 || res.json().message !== SERVER_MSG.forbidden)
        wrong.push(`${key(r)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  describe('over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });

    /**
     * Announces a 5 MiB body, sends only its first 64 KiB and waits for the answer: a server that reads or
     * validates the body first never answers, since the rest never comes.
     */
    function partialUpload(path: string, headers: Record<string, string>, contentType: string) {
      const total = 5 * 1024 * 1024;
      return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
        const started = performance.now();
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path,
            headers: { ...headers, 'content-type': contentType, 'content-length': String(total) },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => {
              resolve({ status: res.statusCode!, body, ms: performance.now() - started });
              req.destroy();
            });
          },
        );
        req.on('error', () => undefined);
        req.write(`{"format":"csv","data":"${'a'.repeat(64 * 1024)}`);
        setTimeout(() => {
          reject(new Error('no answer within 3 s: the server waited for the body'));
          req.destroy();
        }, 3000);
      });
    }

    it('an anonymous 5 MiB import is refused with 401 before its body arrives', async () => {
      const res = await partialUpload('/api/v1/admin/donors/import/', {}, 'application/json');
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).detail).toBe(SERVER_MSG.notAuthenticated);
      expect(res.ms).toBeLessThan(1000);
    });

    it("a parent's 5 MiB import and image upload are refused with 403 before their bodies arrive", async () => {
      for (const [path, type] of [
        ['/api/v1/admin/donors/import/', 'application/json'],
        ['/api/v1/admin/images/', 'image/jpeg'],
      ] as const) {
        const res = await partialUpload(path, bearer(parentAccess), type);
        expect(res.status, path).toBe(403);
      }
    });
  });
});

describe('guardRoutes: a route cannot put authentication after validation, nor declare it and forget it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
  });
  afterAll(async () => ctx?.close());

  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.addHook('onRoute', guardRoutes(ctx.services.guard));
    register(app);
    await app.ready();
    return app;
  }
  const body = z.object({ name: z.string().min(3) });

  it('a guard given as preHandler runs in onRequest: 401 instead of 400 for an anonymous junk body', async () => {
    const app = await appWith((app) =>
      app
        .withTypeProvider<ZodTypeProvider>()
        .post('/late/', { preHandler: ctx.services.guard.requireRole('admin'), schema: { body } }, async () => ({
          ok: true,
        })),
    );
    const res = await app.inject({ method: 'POST', url: '/late/', payload: { name: 1 } });
    expect(res.statusCode).toBe(401);
    await app.close();
  });

  it('a route that declares bearer security with no guard of its own is authenticated', async () => {
    const app = await appWith((app) =>
      app
        .withTypeProvider<ZodTypeProvider>()
        .post('/declared/', { schema: { security: [{ bearer: [] }], body } }, async () => ({ ok: true })),
    );
    const anonymous = await app.inject({ method: 'POST', url: '/declared/', payload: { name: 'abcd' } });
    expect(anonymous.statusCode).toBe(401);
    const parent = await newParent(ctx.app);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/declared/',
      headers: bearer(parent.access),
      payload: { name: 'abcd' },
    });
    expect(signedIn.statusCode).toBe(200);
    await app.close();
  });
});

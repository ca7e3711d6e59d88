import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import type { ZodType } from 'zod';
import {
  changePasswordRequest,
  forgotPasswordRequest,
  profileUpdateRequest,
  refreshRequest,
  signupRequest,
} from '@kindred/shared';
import {
  bearer,
  countRows,
  createTestContext,
  expectDocumentedErrorShape,
  forgot,
  generousRates,
  newParent,
  type TestContext,
} from './harness.ts';
import { printable, junkBody, malformedJson, wrongContentType, junkQuery, junkPathParam } from './junk-arbitraries.ts';
import { BODY_METHODS, conformsTo, routesFrom, type Route } from './openapi-routes.ts';

/**
 * Generated junk at every route of the OpenAPI document: wrong types, missing fields, nested garbage, huge strings,
 * malformed JSON, oversized bodies, wrong content types, junk query strings, junk path parameters and junk
 * Authorization headers. Every answer must be a 4xx in a documented shape (never a 5xx), and nothing may change
 * in the database.
 */

const RUNS = Number(process.env.JUNK_RUNS ?? 25);
const SEED = process.env.JUNK_SEED ? Number(process.env.JUNK_SEED) : undefined;
const fcOptions = (numRuns = RUNS) => ({ numRuns, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true });

/**
 * Bodies a route would accept (and so might act on): junk is drawn until it is not one of these. Only public
 * routes where a well-formed body alone could succeed need an entry; everything else is held shut by its token,
 * its required query token, or its credentials.
 */
const ACCEPTS: Record<string, ZodType> = {
  'POST /api/v1/auth/parent/signup/': signupRequest,
  'POST /api/v1/auth/forgot-password/': forgotPasswordRequest,
  'POST /api/v1/auth/logout/': refreshRequest.nullish(),
};
/** Public routes that refuse even a well-formed body (it carries credentials that junk never has). */
const STILL_REFUSED = new Set(['POST /api/v1/auth/login/', 'POST /api/v1/auth/token/refresh/']);
/** Signed-in routes whose bodies are also thrown at with a valid token (and so need the same filter). */
const ACCEPTS_SIGNED_IN: Record<string, ZodType> = {
  'POST /api/v1/auth/change-password/': changePasswordRequest,
  'PUT /api/v1/admin/parent/{id}/update/': profileUpdateRequest,
};

/**
 * Well-formed bodies for routes that something other than the body must refuse (a required query token, a
 * signed-in user), so junk queries and junk Authorization headers are checked past body validation.
 */
const PROBE_BODY: Record<string, unknown> = {
  'POST /api/v1/auth/verify-otp/': { otp: '123456' },
  'POST /api/v1/auth/reset-password/': { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-77' },
  'POST /api/v1/auth/resend-otp/': {},
  'POST /api/v1/auth/change-password/': {
    old_password: 'Tulip-garden-42',
    new_password: 'Lantern-river-77',
    confirm_new_password: 'Lantern-river-77',
  },
  'PUT /api/v1/admin/parent/{id}/update/': {
    first_name: 'Mallory',
    last_name: 'Intruder',
    phone_number: '+12025550199',
  },
};

describe('generated junk at every route', () => {
  let ctx: TestContext;
  let routes: Route[];
  let parent: Awaited<ReturnType<typeof newParent>>;
  let resetToken: string;
  let foreignJwt: string;
  let junkAuth: fc.Arbitrary<string | undefined>;

  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    routes = routesFrom(ctx.app.swagger() as never);
    parent = await newParent(ctx.app);
    resetToken = (await forgot(ctx, `nobody.${Date.now()}@example.com`)).token;
    foreignJwt = await new SignJWT({ sub: parent.id, role: 'admin', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('kindred')
      .setAudience('kindred-web')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('someone-elses-secret-'.padEnd(48, 'q')));
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    junkAuth = fc.oneof(
      fc.constant(undefined),
      printable,
      printable.map((s) => `Bearer ${s}`),
      fc
        .tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }), fc.base64String({ maxLength: 43 }))
        .map(
          ([h, p, s]) => `Bearer ${b64(h)}.${b64(p)}.${s.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`,
        ),
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        'bearer null',
        'Bearer undefined',
        'Basic Og==',
        'Token abc',
        `Bearer ${parent.refresh}`,
        `Bearer ${resetToken}`,
        `Bearer ${foreignJwt}`,
        `Bearer ${b64({ alg: 'none' })}.${b64({ sub: parent.id, role: 'admin', typ: 'access' })}.`,
        `Bearer ${parent.access} ${parent.access}`,
        `${parent.access}`,
        `Bearer ${'A'.repeat(5000)}`,
        'Bearer ÿþ',
        'Bearer \u00a0',
      ),
    );
  });
  afterAll(async () => ctx?.close());

  const key = (r: Route) => `${r.method} ${r.path}`;
  const fillPath = (r: Route, value: string) => r.path.replace(/\{[^}]+\}/g, value);
  const requiredQuery = (r: Route) =>
    r.query.some((q) => q.required)
      ? `?${r.query
          .filter((q) => q.required)
          .map((q) => `${q.name}=not-a-real-token`)
          .join('&')}`
      : '';
  /**
   * GET routes open to anyone may answer junk with 200 (junk that happens to fill their query is a fair question,
   * and the row counts show they changed nothing); every other route must refuse.
   */
  const mayAnswerOk = (r: Route) => r.method === 'GET' && !r.secured;

  /** A body for probing queries and headers: well-formed where the route must refuse for another reason, else
   * refused. */
  const probeBody = (r: Route) => JSON.stringify(PROBE_BODY[key(r)] ?? (r.secured ? {} : []));
  /**
   * True when `value` is a body the route would accept as it stands (so not junk, and it might act on it). Routes
   * held shut by a token, a required query token or credentials refuse every junk body; the few public ones where
   * a well-formed body alone may succeed are judged by their own schema (ACCEPTS) or, for routes this file does not
   * know, by the documented JSON schema.
   */
  const isAccepted = (r: Route, value: unknown) => {
    const accepts = ACCEPTS[key(r)];
    if (accepts) return accepts.safeParse(value).success;
    if (r.secured || r.query.some((q) => q.required) || STILL_REFUSED.has(key(r))) return false;
    if (value === null || value === undefined) return !r.bodyRequired;
    return conformsTo(r.bodySchema, value);
  };
  /** The same for body text: as a JSON document, or as the plain string the text/plain parser would give. */
  const acceptedText = (r: Route, text: string) => {
    if (isAccepted(r, text)) return true;
    try {
      return isAccepted(r, JSON.parse(text.replace(/^\ufeff/, '')));
    } catch {
      return false;
    }
  };

  type Sent = { method: Route['method']; url: string; payload?: string; headers?: Record<string, string> };
  async function send(r: Route, req: Sent) {
    const res = await ctx.app.inject({ method: req.method, url: req.url, payload: req.payload, headers: req.headers });
    const headers = JSON.stringify(req.headers ?? {}).slice(0, 200);
    const label = `${req.method} ${req.url.slice(0, 200)} headers=${headers} body=${(req.payload ?? '').slice(0, 200)}`;
    if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${label}: ${res.body.slice(0, 300)}`);
    if (res.statusCode < 400 && !mayAnswerOk(r))
      throw new Error(`${res.statusCode} (not refused) for ${label}: ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400) {
      try {
        expectDocumentedErrorShape(res);
      } catch (err) {
        throw new Error(`${(err as Error).message} for ${label}`, { cause: err });
      }
    }
    return res;
  }

  it('the OpenAPI document lists the routes this test throws junk at', () => {
    const keys = routes.map(key);
    for (const k of [
      'POST /api/v1/auth/parent/signup/',
      'POST /api/v1/auth/login/',
      'POST /api/v1/auth/token/refresh/',
      'POST /api/v1/auth/logout/',
      'POST /api/v1/auth/change-password/',
      'POST /api/v1/auth/forgot-password/',
      'POST /api/v1/auth/resend-otp/',
      'POST /api/v1/auth/verify-otp/',
      'POST /api/v1/auth/reset-password/',
      'GET /api/v1/auth/profile/',
      'PUT /api/v1/admin/parent/{id}/update/',
      'GET /api/v1/appointments/my-appointments/',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it(
    'junk at every route: always a documented 4xx, never a 5xx, and nothing changes',
    { timeout: 600_000 },
    async () => {
      const userBefore = await ctx.db.query('select * from users where id = $1', [parent.id]);
      for (const r of routes) {
        const before = await countRows(ctx.db);
        const base = (path: string) => `${path}${requiredQuery(r)}`;
        const pathArb = r.pathParams.length ? junkPathParam : fc.constant('');

        // 1. Junk JSON bodies (with junk path parameters and Authorization headers).
        if (r.hasBody) {
          await fc.assert(
            fc.asyncProperty(junkBody(r.bodyKeys), pathArb, junkAuth, async (body, param, auth) => {
              fc.pre(!isAccepted(r, body));
              const headers: Record<string, string> = { 'content-type': 'application/json' };
              if (auth !== undefined) headers.authorization = auth;
              await send(r, {
                method: r.method,
                url: base(fillPath(r, param)),
                payload: JSON.stringify(body),
                headers,
              });
            }),
            fcOptions(),
          );

          // 2. Malformed JSON text.
          await fc.assert(
            fc.asyncProperty(malformedJson, pathArb, async (text, param) => {
              fc.pre(!acceptedText(r, text)); // the deeply nested entries are valid JSON, and logout takes any object
              const res = await send(r, {
                method: r.method,
                url: base(fillPath(r, param || randomUUID())),
                payload: text,
                headers: { 'content-type': 'application/json' },
              });
              expect(res.statusCode).toBeLessThan(500);
            }),
            fcOptions(Math.ceil(RUNS / 2)),
          );

          // 3. Wrong content types.
          await fc.assert(
            fc.asyncProperty(
              wrongContentType,
              fc.oneof(
                printable,
                fc.jsonValue().map((v) => JSON.stringify(v)),
              ),
              async (type, payload) => {
                fc.pre(!acceptedText(r, payload));
                await send(r, {
                  method: r.method,
                  url: base(fillPath(r, randomUUID())),
                  payload,
                  headers: { 'content-type': type },
                });
              },
            ),
            fcOptions(Math.ceil(RUNS / 2)),
          );

          // 4. Bodies over 64 KiB → 413, whatever they hold. A route that declares a larger limit of its own (the donor
          // import takes files) must still refuse them with a 4xx, and refuse 16 MiB with 413.
          const bigHeaders = { 'content-type': 'application/json', ...bearer(parent.access) };
          let largerLimit = false;
          const statuses = new Set<number>();
          for (const payload of [
            JSON.stringify({ email: 'a'.repeat(70_000) }),
            `"${'x'.repeat(70_000)}"`,
            `[${'1,'.repeat(40_000)}1]`,
            '{'.repeat(70_000),
          ]) {
            const res = await send(r, {
              method: r.method,
              url: base(fillPath(r, randomUUID())),
              payload,
              headers: bigHeaders,
            });
            statuses.add(res.statusCode);
            if (res.statusCode !== 413) largerLimit = true;
          }
          if (largerLimit) {
            const huge = await send(r, {
              method: r.method,
              url: base(fillPath(r, randomUUID())),
              payload: `"${'x'.repeat(16 * 1024 * 1024)}"`,
              headers: bigHeaders,
            });
            // A route that checks the caller's role before reading any body (the image upload) refuses a parent
            // with 403 whatever the size; every other route must answer 413.
            const refusedUnread = statuses.size === 1 && statuses.has(403);
            expect(huge.statusCode, key(r)).toBe(refusedUnread ? 403 : 413);
          }
          // No body at all (unless the route is content with none), and a body without a content type.
          if (!isAccepted(r, null)) await send(r, { method: r.method, url: base(fillPath(r, randomUUID())) });
          await send(r, {
            method: r.method,
            url: base(fillPath(r, randomUUID())),
            payload: 'email=a@b.co&password=123456',
          });
        }

        // 5. Junk query strings (the route's own required query parameter replaced or mangled).
        await fc.assert(
          fc.asyncProperty(junkQuery(r.query.map((q) => q.name)), junkAuth, async (query, auth) => {
            const headers: Record<string, string> = r.hasBody ? { 'content-type': 'application/json' } : {};
            if (auth !== undefined) headers.authorization = auth;
            const res = await send(r, {
              method: r.method,
              url: `${fillPath(r, randomUUID())}${query}`,
              payload: r.hasBody ? probeBody(r) : undefined,
              headers,
            });
            if (r.secured && auth === undefined) expect([400, 401]).toContain(res.statusCode);
          }),
          fcOptions(),
        );

        // 6. Junk Authorization headers on an otherwise ordinary request.
        await fc.assert(
          fc.asyncProperty(junkAuth, async (auth) => {
            const headers: Record<string, string> = r.hasBody ? { 'content-type': 'application/json' } : {};
            if (auth !== undefined) headers.authorization = auth;
            const res = await send(r, {
              method: r.method,
              url: base(fillPath(r, parent.id)),
              payload: r.hasBody ? probeBody(r) : undefined,
              headers,
            });
            if (r.secured && res.statusCode !== 400) expect(res.statusCode).toBe(401);
          }),
          fcOptions(),
        );

        // 7. Junk path parameters with a valid token.
        if (r.pathParams.length) {
          await fc.assert(
            fc.asyncProperty(junkPathParam, async (param) => {
              fc.pre(param !== parent.id);
              const headers: Record<string, string> = {
                ...bearer(parent.access),
                ...(r.hasBody ? { 'content-type': 'application/json' } : {}),
              };
              const payload = r.hasBody ? probeBody(r) : undefined;
              await send(r, { method: r.method, url: base(fillPath(r, param)), payload, headers });
            }),
            fcOptions(),
          );
        }

        // 8. Signed in: junk bodies still refused.
        const signedIn = ACCEPTS_SIGNED_IN[key(r)];
        if (r.secured && r.hasBody && signedIn) {
          await fc.assert(
            fc.asyncProperty(
              junkBody(r.bodyKeys),
              fc.oneof(fc.constant(parent.id), junkPathParam),
              async (body, param) => {
                fc.pre(!signedIn.safeParse(body).success);
                await send(r, {
                  method: r.method,
                  url: base(fillPath(r, param)),
                  payload: JSON.stringify(body),
                  headers: { 'content-type': 'application/json', ...bearer(parent.access) },
                });
              },
            ),
            fcOptions(),
          );
        }

        await ctx.services.mail.flush();
        expect(await countRows(ctx.db), `rows changed by junk at ${key(r)}`).toEqual(before);
      }
      expect(await ctx.db.query('select * from users where id = $1', [parent.id])).toEqual(userBefore);
      // The signed-in parent is still fine: junk did not lock or break the account.
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(parent.access) }))
          .statusCode,
      ).toBe(200);
    },
  );

  it('methods a path does not declare → 404 {success: false, message}', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const r of routes) byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method));
    const escape = (t: string) => t.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const template = (path: string) =>
      new RegExp(
        `^${path
          .split(/\{[^}]+\}/)
          .map(escape)
          .join('[^/]+')}$`,
      );
    for (const [path, methods] of byPath) {
      for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (methods.has(m)) continue;
        const url = path.replace(/\{[^}]+\}/g, parent.id);
        // Another route's parameter may legitimately take this path
        // (GET /donors/{reference}/ vs POST /donors/find-matches/).
        if (routes.some((r) => r.method === m && template(r.path).test(url))) continue;
        const res = await ctx.app.inject({ method: m, url, payload: BODY_METHODS.has(m) ? {} : undefined });
        expect(res.statusCode, `${m} ${path}`).toBe(404);
        expectDocumentedErrorShape(res);
      }
    }
  });

  it('a NUL character in an otherwise well-formed e-mail is refused with 400, not a server error', async () => {
    const before = await countRows(ctx.db);
    const email = 'nul\u0000byte@example.com';
    const cases = [
      { url: '/api/v1/auth/login/', payload: { email, password: 'Whatever-123' } },
      { url: '/api/v1/auth/forgot-password/', payload: { email } },
      {
        url: '/api/v1/auth/parent/signup/',
        payload: {
          first_name: 'Avery',
          last_name: 'Quinn',
          email,
          phone_number: '+12025550123',
          password: 'Tulip-garden-42',
          password_confirm: 'Tulip-garden-42',
          date_of_birth: '1990-05-17',
        },
      },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: c.url, payload: c.payload });
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(400);
      expectDocumentedErrorShape(res);
    }
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('undecodable and over-long URLs answer in the documented shape', async () => {
    for (const url of [
      '/api/v1/auth/%zz/',
      '/api/v1/admin/parent/%zz/update/',
      `/api/v1/admin/parent/${'a'.repeat(300)}/update/`,
      '/%c0',
    ]) {
      for (const method of ['GET', 'PUT'] as const) {
        const res = await ctx.app.inject({ method, url, payload: method === 'PUT' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expectDocumentedErrorShape(res);
      }
    }
  });
});

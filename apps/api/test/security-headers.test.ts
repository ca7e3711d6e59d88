import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildExtraApp, createTestContext, generousRates, newParent, type TestContext } from './harness.ts';
import type { App } from '../src/app.ts';

/** A web build with a hashed asset and a server-rendering entry, served as web.routes.ts serves the real one. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'k-profile-web-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'dist-server'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets/app-3f2a.js'), 'console.log("kindred");\n');
  writeFileSync(
    path.join(dir, 'dist-server/entry-server.js'),
    `export const isServerRendered = (p) => p === '/';
     export async function render() { return { status: 200, html: '<main>Kindred</main>', head: '', data: '{}' }; }`,
  );
  return dist;
}

/**
 * What @fastify/helmet (13.2, helmet 8) sent with buildApp's configuration before issue 12 replaced it with headers
 * computed once: names, values and order; since issue 13, X-Frame-Options DENY (as frame-ancestors 'none' says) and
 * Strict-Transport-Security only over https. A header missing, added or changed on any route fails.
 */
const HELMET = (csp: string, https = false): [string, string][] => [
  ['content-security-policy', csp],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ...(https ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];
const CSP_HEAD =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline'";
const CSP = `${CSP_HEAD};connect-src 'self'`;
const HTTPS_CSP = `${CSP_HEAD};upgrade-insecure-requests;connect-src 'self'`;
const API: [string, string][] = [
  ['vary', 'Origin'],
  ['access-control-allow-credentials', 'true'],
  ['content-type', 'application/json; charset=utf-8'],
];

/** The response's headers in order, without the ones that change from one response to the next. */
const VOLATILE = new Set(['date', 'etag', 'last-modified', 'content-length', 'set-cookie', 'connection']);
const headersOf = (res: { headers: Record<string, unknown> }) =>
  Object.entries(res.headers)
    .filter(([name]) => !VOLATILE.has(name))
    .map(([name, value]) => [name, String(value)]);

describe('security headers, byte for byte on every kind of response', () => {
  let ctx: TestContext;
  let https: App;
  let dist: string;
  let access: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    ctx = await createTestContext({ webDistDir: dist, rateRules: generousRates() });
    https = await buildExtraApp(ctx, { webDistDir: dist, publicUrl: 'https://kindred.example' });
    access = (await newParent(ctx.app)).access;
  });
  afterAll(async () => {
    await https?.close();
    await ctx?.close();
    rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  const cases: [string, () => { url: string; headers?: Record<string, string> }, [string, string][]][] = [
    [
      'API JSON (GET profile)',
      () => ({ url: '/api/v1/auth/profile/', headers: bearer(access) }),
      [...API, ['cache-control', 'no-store']],
    ],
    [
      'server-rendered page',
      () => ({ url: '/' }),
      [
        ['vary', 'accept-encoding'],
        ['access-control-allow-credentials', 'true'],
        ['cache-control', 'no-cache'],
        ['content-type', 'text/html; charset=utf-8'],
      ],
    ],
    [
      'static asset',
      () => ({ url: '/assets/app-3f2a.js' }),
      [
        ['vary', 'Origin, accept-encoding'],
        ['access-control-allow-credentials', 'true'],
        ['accept-ranges', 'bytes'],
        ['cache-control', 'public, max-age=31536000, immutable'],
        ['content-type', 'application/javascript; charset=utf-8'],
      ],
    ],
    ['API error (401)', () => ({ url: '/api/v1/auth/profile/' }), API],
    ['health check', () => ({ url: '/healthz' }), API],
    ['not found (404)', () => ({ url: '/api/unknown' }), API],
  ];

  it.each(cases)('%s', async (_name, request, rest) => {
    const res = await ctx.app.inject({ method: 'GET', ...request() });
    expect(headersOf(res)).toEqual([...HELMET(CSP), ...rest]);
  });

  it('the CSP upgrades insecure requests when the public URL is https', async () => {
    const res = await https.inject({ method: 'GET', url: '/healthz' });
    expect(headersOf(res)).toEqual([...HELMET(HTTPS_CSP, true), ...API]);
  });
});

describe('headers by transport, page and credential', () => {
  let ctx: TestContext;
  let proxied: App;
  let access: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    proxied = await buildExtraApp(ctx, { rateRules: generousRates(), trustProxy: 1 });
    access = (await newParent(ctx.app)).access;
  });
  afterAll(async () => {
    await proxied?.close();
    await ctx?.close();
  });

  it('no Strict-Transport-Security over plain http; it is sent when a trusted proxy says the request was https', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A client cannot claim https itself when no proxy is trusted.
    const claimed = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const viaTls = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('X-Frame-Options says DENY, as the CSP frame-ancestors does', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('/api/docs is served under the same CSP as every other page, and loads only its own scripts', async () => {
    const site = String((await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      if (res.statusCode >= 300 && res.statusCode < 400) continue;
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(site);
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    // No inline script for the CSP to block: every <script> has a src on this site.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('every response to a signed-in request is no-store; anonymous public responses are not', async () => {
    const signedIn = [
      { url: '/api/v1/auth/profile/', headers: bearer(access) },
      { url: '/api/v1/subscriptions/plans/', headers: bearer(access) },
      { url: '/api/v1/subscriptions/me/', headers: bearer(access) },
      { url: '/api/v1/donors/favourites/', headers: bearer(access) },
      // An expired or foreign token still marks the request as personal; so does the refresh cookie.
      { url: '/api/v1/auth/profile/', headers: bearer('not-a-token') },
      { url: '/', headers: { cookie: 'theme=dark; kindred_refresh=abc' } },
    ];
    for (const request of signedIn) {
      const res = await ctx.app.inject({ method: 'GET', ...request });
      expect(res.headers['cache-control'], request.url).toBe('no-store');
    }
    for (const url of ['/api/v1/subscriptions/plans/', '/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

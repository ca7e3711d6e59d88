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
 * Exactly what @fastify/helmet (13.2, helmet 8) sent with buildApp's configuration before issue 12 replaced it with
 * headers computed once: names, values and order. A header missing, added or changed on any route fails.
 */
const HELMET = (csp: string): [string, string][] => [
  ['content-security-policy', csp],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
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
    ['API JSON (GET profile)', () => ({ url: '/api/v1/auth/profile/', headers: bearer(access) }), API],
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
    ['not found (404)', () => ({ url: '/api/unknown' }), API],
  ];

  it.each(cases)('%s', async (_name, request, rest) => {
    const res = await ctx.app.inject({ method: 'GET', ...request() });
    expect(headersOf(res)).toEqual([...HELMET(CSP), ...rest]);
  });

  it('the CSP upgrades insecure requests when the public URL is https', async () => {
    const res = await https.inject({ method: 'GET', url: '/healthz' });
    expect(headersOf(res)).toEqual([...HELMET(HTTPS_CSP), ...API]);
  });
});

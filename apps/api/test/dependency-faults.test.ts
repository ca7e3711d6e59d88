import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import type { App } from '../src/app.ts';
import { RECHECK_MS } from '../src/modules/web/render-cache.ts';
import { buildExtraApp, createTestContext, type TestContext } from './harness.ts';

const UNAVAILABLE = {
  success: false,
  message: 'Service temporarily unavailable. Please try again shortly.',
  code: 'unavailable',
};

/**
 * A web build whose server-rendering entry reads the plans, as the real one does for the home page: enough to see
 * what a visitor gets when the data cannot be read.
 */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'kindred-web-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(
    path.join(root, 'dist/index.html'),
    '<!doctype html><html><head><title>Kindred</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(root, 'dist-server/entry-server.js'),
    `export const isServerRendered = () => true;
     export async function render(url, { loaders }) {
       if (url.startsWith('/blogs/')) {
         const article = await loaders.blogBySlug(url.slice(7));
         return { status: article ? 200 : 404, html: article ? '<h1>' + article.title + '</h1>' : '<p>No such article</p>', head: '', data: '{}' };
       }
       const plans = await loaders.plans();
       return { status: 200, html: '<p>' + plans.length + ' plans</p>', head: '', data: '{}' };
     }`,
  );
  return root;
}

/** The embedded database failing under a running app (its files gone, the engine closed): 503s, not 500s. */
describe('embedded database lost under a running app', () => {
  let ctx: TestContext;
  let db: Db;
  let app: App;
  let web: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    db = await openPglite('memory://');
    await migrate(db);
    web = fakeWebBuild();
    app = await buildExtraApp(ctx, { db, webDistDir: path.join(web, 'dist') });
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('API calls answer the documented 503 with Retry-After; pages a 503 with the app shell; /readyz says down', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toMatch(/<p>\d+ plans<\/p>/);
    expect((await app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans/' })).statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/blogs/some-article' });
    expect([missing.statusCode, missing.body]).toEqual([404, expect.stringContaining('No such article')]);
    await db.close();

    const api = await app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans/' });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual(UNAVAILABLE);
    expect(api.headers['retry-after']).toMatch(/^\d+$/);

    // A page rendered a moment ago is still served from memory (its data was read under a second ago) …
    const cached = await app.inject({ method: 'GET', url: '/' });
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toMatch(/<p>\d+ plans<\/p>/);
    // … and once its data must be read again, the visitor gets the 503 with the client shell.
    ctx.clock.advance(RECHECK_MS + 1);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toMatch(/^\d+$/);
    expect(page.body).toContain('<div id="root">');

    // An article (never cached: it counts the visitor's view) is a 503 too, not "no such article".
    const article = await app.inject({ method: 'GET', url: '/blogs/some-article' });
    expect(article.statusCode).toBe(503);
    expect(article.headers['retry-after']).toMatch(/^\d+$/);

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', checks: { database: 'down' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildExtraApp, createTestContext, newParent, type TestContext } from './harness.ts';
import { makeAdmin } from './payments-helpers.ts';
import type { App } from '../src/app.ts';
import { RECHECK_MS } from '../src/modules/web/render-cache.ts';

/**
 * A web build whose server-rendering entry counts its renders (globalThis) and shows the newest article's title
 * and views: the API serves it as it serves the real one (web.routes.ts).
 */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'k-reads-web-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(dir, 'dist-server'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Kindred</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'dist-server/entry-server.js'),
    `export const isServerRendered = (p) => p === '/' || p.startsWith('/blogs/');
     export async function render(url, { loaders }) {
       globalThis.__kindredRenders = (globalThis.__kindredRenders ?? 0) + 1;
       if (url.startsWith('/blogs/')) {
         const blog = await loaders.blogBySlug(url.slice('/blogs/'.length));
         return { status: blog ? 200 : 404, html: '<h1>' + (blog ? blog.title : 'none') + '</h1>', head: '', data: '{}' };
       }
       const [blogs, plans] = await Promise.all([loaders.recentBlogs(), loaders.plans()]);
       const html = '<main>' + blogs.map((b) => '<h2>' + b.title + ' (' + b.view_count + ')</h2>').join('') +
         '<p>' + plans.length + ' plans</p></main>';
       return { status: 200, html, head: '', data: JSON.stringify({ n: blogs.length }) };
     }`,
  );
  return dist;
}

const renders = () => (globalThis as { __kindredRenders?: number }).__kindredRenders ?? 0;

/** Public pages are rendered once per content version and served from memory (issue 12). */
describe('server-rendered pages from memory', () => {
  let ctx: TestContext;
  let other: App;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    ctx = await createTestContext({ webDistDir: dist });
    other = await buildExtraApp(ctx, { webDistDir: dist });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
    rmSync(path.dirname(dist), { recursive: true, force: true });
  });
  const home = (app: App = ctx.app, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/', headers });
  const later = (ms: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + ms));
  const newest = async () =>
    (
      await ctx.db.query<{ id: number; slug: string }>(
        'select id, slug from blogs where is_published order by published_at desc, id desc limit 1',
      )
    )[0]!;

  it('renders once for any number of visitors, and again when an article changes, on every instance', async () => {
    const first = await home();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<main><h2>');
    const before = renders();
    for (let i = 0; i < 5; i += 1) expect((await home()).body).toBe(first.body);
    expect(renders()).toBe(before);

    // Brotli for a browser that accepts it: the same page.
    const br = await home(ctx.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);

    // An edit made anywhere (here straight in the database) is on the pages served a second later, by both
    // instances; within that second the page in memory is served.
    await ctx.db.query("update blogs set title = 'A new title for the newest article' where id = $1", [
      (await newest()).id,
    ]);
    expect((await home()).body).toBe(first.body);
    later(RECHECK_MS);
    for (const app of [ctx.app, other]) expect((await home(app)).body).toContain('A new title for the newest article');
    const afterEdit = renders();
    expect((await home()).body).toContain('A new title for the newest article');
    expect(renders()).toBe(afterEdit);
  });

  it('an article page is rendered once and served from memory; its visits are counted apart, in a batch', async () => {
    later(RECHECK_MS);
    const { id, slug } = await newest();
    const views = async () =>
      Number((await ctx.db.query<{ n: number }>('select view_count as n from blogs where id = $1', [id]))[0]!.n);
    const shown = await home();
    const counted = await views();
    const before = renders();
    const article = (ip: string) => ctx.app.inject({ method: 'GET', url: `/blogs/${slug}`, remoteAddress: ip });
    const first = await article('198.51.100.61');
    expect(first.statusCode).toBe(200);
    // A new reader gets the signed view cookie with the cached page.
    expect(first.cookies.some((c) => c.name === 'kindred_view_session')).toBe(true);
    for (const ip of ['198.51.100.61', '198.51.100.62', '198.51.100.62']) {
      const again = await article(ip);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
    }
    expect(renders()).toBe(before + 1);
    // Two readers (addresses without a cookie): two views, counted by the batch, whatever the number of requests.
    await ctx.services.content.flushViews();
    expect(await views()).toBe(counted + 2);
    later(RECHECK_MS);
    expect((await home()).body).not.toBe(shown.body);
  });

  it('an article unpublished on this instance is gone from its next page view, not a second later', async () => {
    later(RECHECK_MS);
    const { id, slug } = await newest();
    const article = () => ctx.app.inject({ method: 'GET', url: `/blogs/${slug}` });
    expect((await article()).statusCode).toBe(200);
    const admin = await makeAdmin(ctx, await newParent(ctx.app));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/blogs/${id}/unpublish/`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The clock has not moved: the cached page would still be served within its recheck second.
    expect((await article()).statusCode).toBe(404);
  });
});

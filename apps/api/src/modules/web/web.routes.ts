import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MSG, isKnownWebPath } from '@kindred/shared';
import type { Clock } from '../../lib/clock.ts';
import type { ContentService } from '../content/content.service.ts';
import { readerOf } from '../content/view-session.http.ts';
import type { PlansService } from '../subscriptions/plans.service.ts';
import { createRenderCache, encodingFor } from './render-cache.ts';
import { renderSitemap, ROBOTS_TXT } from './sitemap.ts';
import { isDependencyFault, RETRY_AFTER_SECONDS } from '../../lib/dependency-faults.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { SsrLoaders, SsrModule } from '@kindred/shared/ssr.contract';

/**
 * Serves the built web app. Public pages are rendered on the server (apps/web/src/entry-server.tsx, built to
 * dist-server/) with their data read straight from the repositories, so they arrive with content, title,
 * description and Open Graph tags; the client hydrates them. Other known app paths get index.html with 200;
 * unknown ones get it with 404 (the app shows its not-found page); anything under /api gets a JSON 404.
 * A page is rendered once per version of the data it shows and then served from memory (render-cache.ts).
 * Decision: docs/decisions/006-public-pages-rendering.md.
 */
export async function webRoutes(
  app: FastifyInstance,
  opts: {
    distDir: string;
    plans: PlansService;
    content: ContentService;
    publicUrl: string;
    secureCookies: boolean;
    clock: Clock;
    /** Pages count against `page_ip` (hashed static files do not: they are cached and cost a file read). */
    limits: RateLimits;
  },
) {
  /** Counts a page request; over the budget, a short readable page with Retry-After instead of the page. */
  async function pageBudget(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      await opts.limits.consume('page_ip', request.ip);
      return true;
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 429) throw err;
      await reply
        .code(429)
        .headers(err.headers ?? {})
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests · Kindred</title>' +
            `</head><body><h1>Too many requests</h1><p>${SERVER_MSG.rateLimited}</p></body></html>`,
        );
      return false;
    }
  }

  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
      // Hashed build output never changes under its name.
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const template = hasWeb
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><head><title>Kindred</title></head><body><div id="root"></div>' +
      '<p>The web app is not built. Run <code>npm run build</code>.</p></body></html>';
  const ssrFile = path.resolve(opts.distDir, '../dist-server/entry-server.js');
  const manifest = readManifest(opts.distDir);
  const scriptsFor = cachedPageScripts(manifest);
  const inlineCss = cssInliner(opts.distDir);
  // Public pages are the same for every anonymous visitor: rendered once per content version (render-cache.ts).
  const pages = createRenderCache(
    () => opts.clock.now().getTime(),
    () => opts.content.edits(),
  );
  const ssr: SsrModule | undefined =
    hasWeb && existsSync(ssrFile) ? ((await import(pathToFileURL(ssrFile).href)) as SsrModule) : undefined;
  if (ssr) {
    // Which React renders the pages: the bundle carries the production build (vite.config.ts); a development file
    // of React loaded from node_modules would render 1.5–2.7× slower (issue 26). Said once at start, tested in e2e.
    const development = reactDevelopmentFiles();
    if (development.length) app.log.warn({ files: development }, 'ssr: React development build loaded');
    else app.log.info('ssr: React production build');
  }

  app.get('/robots.txt', async (request, reply) => {
    if (!(await pageBudget(request, reply))) return reply;
    return reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT(opts.publicUrl));
  });
  app.get('/sitemap.xml', async (request, reply) => {
    if (!(await pageBudget(request, reply))) return reply;
    const blogs = (await opts.content.listBlogs(1, 50)).results;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(renderSitemap(opts.publicUrl, blogs));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ success: false, message: SERVER_MSG.notFound, code: 'not_found' });
    }
    if (!(await pageBudget(request, reply))) return reply;
    const known = isKnownWebPath(url);
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (ssr && known && ssr.isServerRendered(url)) {
      const loaders: SsrLoaders = {
        recentBlogs: () => opts.content.recentBlogs(3),
        blogPage: (page, pageSize) => opts.content.listBlogs(page, pageSize),
        // An article that does not exist is a page of its own (null); the database being out of reach is a 503.
        // Read without counting: the page is the same for every reader and cached; the view is counted below.
        blogBySlug: async (slug) =>
          opts.content
            .readBlog({ slug })
            .catch((err: unknown) => (err instanceof AppError && err.status === 404 ? null : Promise.reject(err))),
        team: () => opts.content.team(),
        testimonials: () => opts.content.testimonials(),
        resources: () => opts.content.resources(),
        plans: async () => (await opts.plans.forParents()).filter((p) => p.is_active),
      };
      try {
        const { status, body } = await pages.page(
          request.url,
          loaders,
          encodingFor(request.headers['accept-encoding']),
          async (recording) => {
            const page = await ssr.render(request.url, { loaders: recording, origin: opts.publicUrl });
            const scripts = scriptsFor(page.module);
            const boot = scripts.boot;
            const base = boot ? withoutViteScripts(template).replace('</head>', () => `${boot}</head>`) : template;
            // Stylesheets inline: on a slow connection each render-blocking request costs a round trip before first
            // paint.
            return {
              status: page.status,
              html: inlineCss(fillTemplate(base, { ...page, head: page.head + scripts.head })),
            };
          },
        );
        const article = status === 200 ? articleSlug(url) : undefined;
        if (article) opts.content.queueView(article, readerOf(request, reply, opts.content, opts.secureCookies));
        void reply.header('vary', 'accept-encoding');
        const encoding = encodingFor(request.headers['accept-encoding']);
        if (encoding !== 'identity') void reply.header('content-encoding', encoding);
        return reply.code(status).send(body);
      } catch (err) {
        // The page's data is out of reach for now (database down): a 503 that caches and crawlers understand,
        // with the client shell, which shows the app and retries.
        if (isDependencyFault(err)) {
          request.log.warn({ err }, 'server rendering: database unavailable; 503 with the client shell');
          return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(template);
        }
        // The client can still render the page; a rendering fault must not take it down.
        request.log.error({ err }, 'server rendering failed; sending the client shell');
      }
    }
    return reply.code(known ? 200 : 404).send(template);
  });
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** A chunk and every chunk it imports, in load order (the chunk first). */
function chunkClosure(manifest: Manifest, key: string, into: Set<string> = new Set()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const i of manifest[key]!.imports ?? []) chunkClosure(manifest, i, into);
  return into;
}

/**
 * The tags a server-rendered page needs beyond index.html: its stylesheets (inlined later), and its scripts.
 * With the boot module in the build, every script (the app's entry, its imports and the page's chunks) is started
 * by boot.ts after first paint, and Vite's own script and preload tags are removed; without it (an older build),
 * the page's chunks are preloaded beside Vite's tags.
 */
function pageScripts(manifest: Manifest, module: string | undefined): { head: string; boot: string | null } {
  const entry = chunkClosure(manifest, 'index.html');
  const page = module ? [...chunkClosure(manifest, module)].filter((k) => !entry.has(k)) : [];
  const css = page
    .flatMap((k) => manifest[k]!.css ?? [])
    .map((f) => `<link rel="stylesheet" href="/${f}" />`)
    .join('');
  const withoutBoot = {
    head: css + page.map((k) => `<link rel="modulepreload" href="/${manifest[k]!.file}" />`).join(''),
    boot: null,
  };
  const boot = manifest['src/boot.ts']?.file;
  if (!boot || entry.size === 0) return withoutBoot;
  // Hashed asset names have no spaces or quotes; anything else is refused rather than written into the attribute.
  const files = [boot, ...[...entry, ...page].map((k) => manifest[k]!.file)];
  if (!files.every((f) => /^[\w./-]+$/.test(f))) return withoutBoot;
  const modules = files
    .slice(1)
    .map((f) => `/${f}`)
    .join(' ');
  return {
    head: css,
    boot: `<script type="module" src="/${boot}" id="kindred-boot" data-modules="${modules}"></script>`,
  };
}

/** pageScripts per page module, worked out once: the manifest does not change while the server runs. */
function cachedPageScripts(manifest: Manifest) {
  const cache = new Map<string | undefined, ReturnType<typeof pageScripts>>();
  return (module: string | undefined) => {
    if (!cache.has(module)) cache.set(module, pageScripts(manifest, module));
    return cache.get(module)!;
  };
}

/** index.html without Vite's module script and preload links (boot.ts loads them after first paint). */
const withoutViteScripts = (html: string) =>
  html
    .replace(/<script type="module"[^>]*src="\/assets\/[^"]+"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');

/** Replaces the HTML's links to our own stylesheets with their contents (read once, at start). */
function cssInliner(distDir: string) {
  const cache = new Map<string, string | null>();
  const read = (href: string) => {
    if (!cache.has(href)) {
      const file = path.join(distDir, href);
      const ok = href.startsWith('/assets/') && !href.includes('..') && existsSync(file);
      cache.set(href, ok ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : null);
    }
    return cache.get(href);
  };
  return (html: string) =>
    html.replace(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)"\s*\/?>/g, (tag, href: string) => {
      const css = read(href);
      return css === null || css === undefined ? tag : `<style data-href="${href}">${css}</style>`;
    });
}

const escapeJsonForHtml = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Puts the rendered page, its head tags and its data (inert JSON, allowed by the CSP) into index.html. */
export function fillTemplate(template: string, page: { html: string; head: string; data: string }): string {
  // Replacer functions, not strings: `$&`, `$$` and the like in an article would otherwise be read as patterns.
  return template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>` +
        `<script type="application/json" id="kindred-ssr-data">${escapeJsonForHtml(page.data)}</script>`,
    );
}

/** The slug of an article page's path, or undefined (not an article, or not decodable). */
function articleSlug(url: string): string | undefined {
  const raw = /^\/blogs\/([^/]+)$/.exec(url)?.[1];
  try {
    return raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** React's development files this process has loaded (CommonJS, so in the require cache whoever imported them). */
function reactDevelopmentFiles(): string[] {
  return Object.keys(createRequire(import.meta.url).cache).filter((file) =>
    /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/].*development/.test(file),
  );
}

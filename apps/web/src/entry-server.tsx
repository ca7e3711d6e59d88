import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SsrLoaders, SsrModule } from '@kindred/shared/ssr.contract';
import { AppErrorBoundary } from './app/error-boundary.tsx';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { BLOG_PAGE_SIZE, contentKeys } from './features/content/api/content.api.ts';
import { paths } from './lib/paths.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_OG_IMAGE, fullTitle, SeoContext, SITE_NAME, type SeoSink } from './lib/seo.tsx';
import { parseMediaPath } from '@kindred/shared/media';

const SERVER_RENDERED = new Set<string>([
  paths.home,
  paths.about,
  paths.faqs,
  paths.support,
  paths.blogs,
  paths.findBlog,
  paths.fertilityResources,
  paths.pricing,
  paths.privacyPolicy,
  paths.termsConditions,
]);
const ARTICLE = /^\/blogs\/([^/]+)\/?$/;
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The public pages rendered on the server; every other path gets the client shell. */
export function isServerRendered(pathname: string): boolean {
  const p = normalise(pathname);
  return SERVER_RENDERED.has(p) || ARTICLE.test(p);
}

/** The lazy page module each public page loads, so the server can preload its chunks (keys of the Vite manifest). */
const PAGE_MODULES: Record<string, string> = {
  [paths.home]: 'src/features/home/components/home-page.tsx',
  [paths.about]: 'src/features/about/components/about-page.tsx',
  [paths.faqs]: 'src/features/faq/components/faq-page.tsx',
  [paths.support]: 'src/features/about/components/support-page.tsx',
  [paths.blogs]: 'src/features/blog/components/blog-list-page.tsx',
  [paths.findBlog]: 'src/features/blog/components/article-page.tsx',
  [paths.fertilityResources]: 'src/features/about/components/resources-page.tsx',
  [paths.pricing]: 'src/routes/pricing-page.route.tsx',
  [paths.privacyPolicy]: 'src/features/legal/components/privacy-page.tsx',
  [paths.termsConditions]: 'src/features/legal/components/terms-page.tsx',
};
const pageModule = (pathname: string) =>
  PAGE_MODULES[normalise(pathname)] ??
  (ARTICLE.test(normalise(pathname)) ? 'src/features/blog/components/article-page.tsx' : undefined);

/** Fills the query cache with what the page at `url` shows, under the keys its components read. */
async function preload(url: URL, client: QueryClient, loaders: SsrLoaders): Promise<void> {
  const p = normalise(url.pathname);
  const jobs: Promise<void>[] = [];
  const put = <T,>(key: readonly unknown[], load: () => Promise<T>) =>
    jobs.push(load().then((data) => void client.setQueryData(key, data)));
  if (p === paths.home) {
    put(contentKeys.recent, loaders.recentBlogs);
    put(contentKeys.team, loaders.team);
    put(contentKeys.testimonials, loaders.testimonials);
  } else if (p === paths.blogs) {
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    put(contentKeys.recent, loaders.recentBlogs);
    put(contentKeys.page(page), () => loaders.blogPage(page, BLOG_PAGE_SIZE));
  } else if (p === paths.fertilityResources) {
    put(contentKeys.resources, loaders.resources);
  } else if (p === paths.pricing) {
    put(['subscriptions', 'plans'], loaders.plans);
  } else {
    const m = ARTICLE.exec(p);
    if (m) {
      const slug = decodeURIComponent(m[1]!);
      put(contentKeys.slug(slug), () => loaders.blogBySlug(slug));
    }
  }
  await Promise.all(jobs);
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function headTags(sink: SeoSink, origin: string): string {
  const meta = sink.meta ?? { title: SITE_NAME, description: DEFAULT_DESCRIPTION, path: '/' };
  const base = origin.replace(/\/+$/, '');
  const url = base + meta.path;
  const image = base + (meta.image && !meta.image.endsWith('.svg') ? meta.image : DEFAULT_OG_IMAGE);
  const title = fullTitle(meta.title);
  return [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    `<link rel="canonical" href="${esc(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${esc(title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    `<meta property="og:url" content="${esc(url)}" />`,
    `<meta property="og:image" content="${esc(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    // An article's illustration is its largest element: fetch it with the document, not after the inline styles.
    // An uploaded photo is a <picture> the preload scanner finds at once in its best format and width; preloading
    // its address here would fetch a second, full-size JPEG.
    ...(meta.type === 'article' && meta.image && !parseMediaPath(meta.image)
      ? [`<link rel="preload" as="image" href="${esc(meta.image)}" fetchpriority="high" />`]
      : []),
  ].join('\n    ');
}

/** Renders one public page to HTML, with its head tags, HTTP status and the data the client hydrates with. */
export async function render(url: string, opts: { loaders: SsrLoaders; origin: string }) {
  const full = new URL(url, opts.origin);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  await preload(full, client, opts.loaders);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(full.href));
  if (context instanceof Response) throw new Error(`unexpected redirect while rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sink: SeoSink = {};
  const html = renderToString(
    <StrictMode>
      <SeoContext.Provider value={sink}>
        <AppErrorBoundary>
          <Providers client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </AppErrorBoundary>
      </SeoContext.Provider>
    </StrictMode>,
  );
  const data = JSON.stringify(
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'success')
      .map((q) => [q.queryKey, q.state.data]),
  );
  return {
    status: sink.meta?.status ?? context.statusCode,
    html,
    head: headTags(sink, opts.origin),
    data,
    module: pageModule(full.pathname),
  };
}

// The server loads this bundle by that contract; keep the two in step at compile time.
const contract: SsrModule = { isServerRendered, render };
void contract;

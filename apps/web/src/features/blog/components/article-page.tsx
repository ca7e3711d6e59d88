import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BlogDto } from '@kindred/shared/content.schemas';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useIsLive } from '../../../lib/use-session.ts';
import { Seo } from '../../../lib/seo.tsx';
import { blogBySlugQuery } from '../../content/api/content.api.ts';
import c from '../../content/components/content.module.css';
import { articlePath, excerptOf, fullTitle } from '../../../lib/blog-display.ts';
import { ArticleView } from './article-view.tsx';

function ArticleLoading({ title }: { title?: string }) {
  return (
    <div className={c.center} role="status" style={{ minHeight: '40vh', justifyContent: 'center' }}>
      <Loader size={48} />
      <span>{title ? `Loading ${title}...` : 'Loading article...'}</span>
    </div>
  );
}

function ArticleBySlug({ slug, fallbackTitle }: { slug: string; fallbackTitle?: string }) {
  const { data, isPending } = useQuery(blogBySlugQuery(slug));
  if (isPending) return <ArticleLoading title={fallbackTitle} />;
  if (!data) {
    return (
      <section className={c.section}>
        <Seo
          title="Article not found"
          description="This article does not exist or is no longer published."
          path={articlePath(slug)}
          status={404}
        />
        <h1 className={c.h2}>No articles found.</h1>
        <p>
          <Link to={paths.blogs} className={c.link}>
            See all articles
          </Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <Seo
        title={fullTitle(data)}
        description={excerptOf(data).slice(0, 160)}
        path={articlePath(data.slug)}
        image={data.featured_image ?? undefined}
        type="article"
      />
      <ArticleView article={data} />
    </>
  );
}

/** /blogs/:slug: the shareable, server-rendered address of one article. */
export function ArticlePage() {
  const { slug = '' } = useParams();
  return <ArticleBySlug slug={slug} />;
}

/**
 * /find-blog (spec): the reader receives the chosen article in navigation state; it links to its shareable URL.
 * That state lives in the browser's history, so the server (and the hydration pass, which must match it) render
 * the loading state; the article, or the empty state, follows once the page is live. A reload keeps the article.
 */
export function FindBlogPage() {
  const live = useIsLive();
  const state = useLocation().state as { article?: Partial<BlogDto> } | null;
  const slug = state?.article?.slug;
  if (!live) {
    return (
      <>
        <Seo title="Blog reader" description="Read Kindred's guides for intended parents." path={paths.blogs} />
        <ArticleLoading />
      </>
    );
  }
  if (!slug) {
    return (
      <section className={c.section}>
        <Seo title="Blog reader" description="Read Kindred's guides for intended parents." path={paths.blogs} />
        <h1 className={c.h2}>No articles found.</h1>
        <p className={c.muted}>
          Choose an article from the{' '}
          <Link to={paths.blogs} className={c.link}>
            blog
          </Link>{' '}
          to read it here.
        </p>
      </section>
    );
  }
  return <ArticleBySlug slug={slug} fallbackTitle={state?.article?.title ?? undefined} />;
}

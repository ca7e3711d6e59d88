import { Button, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import { BLOG_PAGE_SIZE, blogPageQuery, recentBlogsQuery } from '../../content/api/content.api.ts';
import { ArticleCard } from '../../content/components/article-card.tsx';
import c from '../../content/components/content.module.css';
import {
  articlePath,
  BLOG_SPINNER_MS,
  cardContent,
  cardTitle,
  excerptOf,
  formatLongDate,
  imageOf,
} from '../../../lib/blog-display.ts';
import { useMinSpinner } from '../hooks/use-min-spinner.ts';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import b from './blog.module.css';

/** /blogs (spec section 2): 'For Latest Blogs' (3 latest) and the 'LATEST ARTICLES' grid, paginated. */
export function BlogListPage() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const recent = useQuery(recentBlogsQuery());
  const list = useQuery(blogPageQuery(page));
  const spinning = useMinSpinner(BLOG_SPINNER_MS);
  const meta = (
    <Seo
      title="Blog"
      description={
        'Guides on choosing a donor, carrier screening, open-identity donors, surrogacy, costs and questions to ' +
        'ask a clinic.'
      }
      path={page > 1 ? `${paths.blogs}?page=${page}` : paths.blogs}
    />
  );
  if (spinning || recent.isPending || list.isPending) {
    return (
      <>
        {meta}
        <div className={c.center} role="status" style={{ minHeight: '50vh', justifyContent: 'center' }}>
          <Loader size={48} />
          <span>Loading blogs...</span>
        </div>
      </>
    );
  }
  const recentItems = (recent.data ?? []).slice(0, 3);
  const data = list.data;
  return (
    <>
      {meta}
      <section className={c.section} aria-labelledby="recent-title">
        <p className={c.eyebrow}>Kindred blog</p>
        <h1 id="recent-title" className={c.h1}>
          For Latest Blogs
        </h1>
        {recentItems.length === 0 ? (
          <p className={c.empty}>No blogs found.</p>
        ) : (
          <ul className={b.recentList}>
            {recentItems.map((a, i) => (
              <li key={a.id} className={b.recentItem}>
                <ResponsiveImage
                  className={b.recentImage}
                  src={imageOf(a)}
                  alt=""
                  width={800}
                  height={450}
                  sizes="(max-width: 48em) calc(100vw - 32px), 480px"
                  priority={i === 0}
                />
                <div className={b.recentBody}>
                  <h2 className={c.articleTitle}>
                    <Link to={articlePath(a.slug)} style={{ color: 'inherit' }}>
                      {cardTitle(a)}
                    </Link>
                  </h2>
                  <p className={c.muted}>{cardContent(a)}</p>
                  <p className={c.meta}>
                    {a.published_at ? (
                      <time dateTime={a.published_at}>{formatLongDate(a.published_at)}</time>
                    ) : (
                      '15-20 Min Read'
                    )}
                  </p>
                  <div>
                    <Button component={Link} to={articlePath(a.slug)} variant="light">
                      Learn More<span className={c.srOnly}>: {a.title ?? 'Untitled Article'}</span>
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={c.sectionTight} aria-labelledby="latest-title">
        <h2 id="latest-title" className={c.h2}>
          LATEST ARTICLES
        </h2>
        {!data || data.results.length === 0 ? (
          <p className={c.empty}>No articles found.</p>
        ) : (
          <div className={c.grid3} style={{ marginTop: 20 }}>
            {data.results.map((a) => (
              <ArticleCard key={a.id} article={a} text={excerptOf(a)} />
            ))}
          </div>
        )}
        {data && (data.next || data.previous) && (
          <nav className={b.pager} aria-label="Article pages">
            {data.previous ? <Link to={`${paths.blogs}?page=${page - 1}`}>Newer articles</Link> : <span />}
            <span className={c.meta}>
              Page {page} of {Math.max(1, Math.ceil(data.count / BLOG_PAGE_SIZE))}
            </span>
            {data.next ? <Link to={`${paths.blogs}?page=${page + 1}`}>Older articles</Link> : <span />}
          </nav>
        )}
      </section>
    </>
  );
}

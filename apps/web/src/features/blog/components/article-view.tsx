import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import c from '../../content/components/content.module.css';
import { articlePath, bylineName, formatLongDate, formatViews, fullTitle, imageOf } from '../../../lib/blog-display.ts';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import b from './blog.module.css';

/** One article: title, byline, date, views, image and its sanitised HTML (rendered and cleaned by the server). */
export function ArticleView({ article }: { article: BlogDetailDto }) {
  return (
    <article className={b.article}>
      <p>
        <Link className={b.back} to={paths.blogs}>
          ← All articles
        </Link>
      </p>
      <h1 className={c.h1}>{fullTitle(article)}</h1>
      <p className={c.meta}>
        By {bylineName(article)} ·{' '}
        <time dateTime={article.published_at ?? undefined}>{formatLongDate(article.published_at)}</time> ·{' '}
        {formatViews(article.view_count)} views
      </p>
      <ResponsiveImage
        className={b.articleHero}
        src={imageOf(article)}
        alt=""
        width={800}
        height={450}
        sizes="(max-width: 832px) calc(100vw - 32px), 800px"
        priority
      />
      {/* Sanitised on the server with an allow-list (apps/api/src/modules/content/content.markdown.ts). */}
      <div className={c.prose} dangerouslySetInnerHTML={{ __html: article.content_html }} />
      <p className={c.notice}>
        Kindred is a technology platform, not a clinic. Articles are general information, not medical, legal or
        financial advice. Shareable link: <Link to={articlePath(article.slug)}>{articlePath(article.slug)}</Link>
      </p>
    </article>
  );
}

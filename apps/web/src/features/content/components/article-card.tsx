import type { BlogDto } from '@kindred/shared/content.schemas';
import { Link } from 'react-router';
import { articlePath, bylineName, cardTitle, formatLongDate, formatViews, imageOf } from '../../../lib/blog-display.ts';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import classes from './content.module.css';

type Props = {
  article: BlogDto;
  /** The card's text: the content cut to 100 characters (home) or the excerpt (blog grid). */
  text: string;
  headingLevel?: 'h2' | 'h3';
  action?: React.ReactNode;
  eager?: boolean;
};

/** An article card: image, title (cut to 50), text, byline with author and 'MMMM DD, YYYY' date, views. */
export function ArticleCard({ article, text, headingLevel: H = 'h3', action, eager = false }: Props) {
  return (
    <article className={classes.articleCard}>
      <ResponsiveImage
        className={classes.articleImage}
        src={imageOf(article)}
        alt=""
        width={800}
        height={450}
        sizes="(max-width: 48em) calc(100vw - 32px), 360px"
        priority={eager}
      />
      <div className={classes.articleBody}>
        <H className={classes.articleTitle}>
          <Link to={articlePath(article.slug)}>{cardTitle(article)}</Link>
        </H>
        <p className={classes.muted}>{text}</p>
        <p className={classes.meta}>
          By {bylineName(article)} ·{' '}
          <time dateTime={article.published_at ?? undefined}>{formatLongDate(article.published_at)}</time> ·{' '}
          {formatViews(article.view_count)} views
        </p>
        {action && <div className={classes.cardActions}>{action}</div>}
      </div>
    </article>
  );
}

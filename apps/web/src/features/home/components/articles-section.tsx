import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../lib/paths.ts';
import { recentBlogsQuery } from '../../content/api/content.api.ts';
import { ArticleCard } from '../../content/components/article-card.tsx';
import c from '../../content/components/content.module.css';
import { cardContent, HOME_ARTICLES } from '../../../lib/blog-display.ts';
import { LinkButton } from '../../../components/ui/link-button.tsx';

/** Spec: the first 3 articles as cards; 'Read Articles' opens /find-blog with the article in navigation state. */
export function ArticlesSection() {
  const { data, isPending } = useQuery(recentBlogsQuery());
  const articles = (data ?? []).slice(0, HOME_ARTICLES);
  return (
    <section className={c.section} aria-labelledby="articles-title">
      <p className={c.eyebrow}>Articles</p>
      <h2 id="articles-title" className={c.h2}>
        Guides for your journey
      </h2>
      {isPending ? (
        <div className={c.center} role="status">
          <Loader size={40} />
          <span>Loading articles...</span>
        </div>
      ) : articles.length === 0 ? (
        <p className={c.empty}>No articles found.</p>
      ) : (
        <div className={c.grid3} style={{ marginTop: 24 }}>
          {articles.map((a) => (
            <ArticleCard
              key={a.id}
              article={a}
              text={cardContent(a)}
              action={
                <LinkButton to={paths.findBlog} state={{ article: a }} variant="light">
                  Read Articles<span className={c.srOnly}>: {a.title ?? 'Untitled Article'}</span>
                </LinkButton>
              }
            />
          ))}
        </div>
      )}
    </section>
  );
}

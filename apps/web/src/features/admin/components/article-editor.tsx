import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useAdminBlogs } from '../api/admin-blogs.api.ts';
import { isForbidden } from '../../../lib/server-errors.ts';
import { AdminPageHeading, NoAccess } from './admin-shell.tsx';
import { ArticleForm } from './article-form.tsx';
import { LoadFailed } from './load-failed.tsx';

function BackLink() {
  return (
    <Anchor component={Link} to={paths.adminArticles} size="sm">
      ← All articles
    </Anchor>
  );
}

/** /admin/articles/new. */
export function NewArticleEditor() {
  return (
    <Stack gap="md">
      <BackLink />
      <AdminPageHeading title="New article" />
      <Text c="var(--kindred-muted)">
        A new article is saved as a draft. Publish it from the list of articles when it is ready.
      </Text>
      <ArticleForm />
    </Stack>
  );
}

/**
 * /admin/articles/:id. There is no admin read of one article, so it is taken from the list of every article. The
 * form is keyed by id and filled once: a background refresh of the list never overwrites what is being typed.
 */
export function EditArticleEditor({ id }: { id: number }) {
  const blogs = useAdminBlogs();
  const article = blogs.data?.find((b) => b.id === id);

  let body;
  if (blogs.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the article">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={240} />
      </Stack>
    );
  } else if (blogs.isError && !article) {
    if (isForbidden(blogs.error)) return <NoAccess />;
    body = (
      <LoadFailed title="We could not load the article" error={blogs.error} onRetry={() => void blogs.refetch()} />
    );
  } else if (!article) {
    body = <Text>There is no article with this number. It may have been removed.</Text>;
  } else {
    body = <ArticleForm key={article.id} article={article} />;
  }

  return (
    <Stack gap="md">
      <BackLink />
      <AdminPageHeading title={article?.title ? `Edit “${article.title}”` : 'Edit article'} />
      {body}
    </Stack>
  );
}

import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BlogDetailDto } from '@kindred/shared/content.schemas';
import { toast } from 'react-hot-toast';
import { useEffect, useRef } from 'react';
import { generatePath, Link, useLocation, useNavigate } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { adminArticlePath, paths } from '../../../lib/paths.ts';
import { useAdminBlogs } from '../api/admin-blogs.api.ts';
import { useSetBlogPublishedMutation } from '../api/set-blog-published.api.ts';
import { failureMessage, isForbidden } from '../../../lib/server-errors.ts';
import { NoAccess } from './admin-shell.tsx';
import { LoadFailed } from './load-failed.tsx';
import { STACKED_QUERY } from './server-table.tsx';
import stackedClasses from './server-table.module.css';

const articleTitle = (b: BlogDetailDto) => b.title || b.slug;
const editLinkId = (id: number) => `edit-article-${id}`;

/** Every article, drafts included, with edit and publish actions. */
export function ArticlesTable() {
  const blogs = useAdminBlogs();
  const publish = useSetBlogPublishedMutation();
  const location = useLocation();
  const navigate = useNavigate();
  const savedId = (location.state as { savedId?: number } | null)?.savedId;
  const focused = useRef(false);
  const small = useMediaQuery(STACKED_QUERY) ?? false;

  // Back from saving an article: continue from that article's row, not from the top of the page.
  useEffect(() => {
    if (focused.current || savedId === undefined || !blogs.data) return;
    // A new article appears once the list is fetched again; the cached list may not have it yet.
    const link = document.getElementById(editLinkId(savedId));
    if (!link) return;
    focused.current = true;
    link.focus();
    // Done with it: a reload of this page must not jump to that row again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [blogs.data, savedId, navigate, location.pathname]);

  if (blogs.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading articles">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (blogs.isError) {
    if (isForbidden(blogs.error)) return <NoAccess />;
    return (
      <LoadFailed title="We could not load the articles" error={blogs.error} onRetry={() => void blogs.refetch()} />
    );
  }
  if (blogs.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm">
          <Text>There are no articles yet.</Text>
          <Button component={Link} to={paths.adminArticleNew}>
            Write the first article
          </Button>
        </Stack>
      </Paper>
    );
  }

  const toggle = (b: BlogDetailDto) => {
    // The button stays enabled (and focused) while the request runs; a second press is ignored.
    if (publish.isPending) return;
    const published = !b.is_published;
    publish.mutate(
      { id: b.id, published },
      {
        onSuccess: () =>
          toast.success(published ? `“${articleTitle(b)}” is published.` : `“${articleTitle(b)}” is now a draft.`),
        onError: (error) =>
          toast.error(
            failureMessage(
              error,
              published
                ? 'The article could not be published. Please try again.'
                : 'The article could not be unpublished. Please try again.',
            ),
          ),
      },
    );
  };

  // Below 600 px each article reads as a card, its actions on screen (issue 25; server-table.module.css).
  const grid = (
    <Table verticalSpacing="sm" highlightOnHover className={stackedClasses.stacked}>
      <VisuallyHidden component="caption">All articles, drafts included</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {['Title', 'Status', 'Published', 'Views', 'Actions'].map((c) => (
            // The status badge and the date keep their width; the title takes what is left.
            <Table.Th
              key={c}
              scope="col"
              miw={c === 'Status' || c === 'Published' ? 112 : undefined}
              className={stackedClasses.quiet}
            >
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {blogs.data.map((b) => {
          const busy = publish.isPending && publish.variables?.id === b.id;
          return (
            <Table.Tr key={b.id}>
              <Table.Th scope="row" fw={600}>
                {articleTitle(b)}
                <Text size="sm" c="var(--kindred-muted)" fw={400}>
                  /{b.slug}
                </Text>
              </Table.Th>
              <Table.Td data-label="Status">
                <StatusBadge
                  status={b.is_published ? 'Published' : 'Draft'}
                  color={b.is_published ? 'green' : 'gray'}
                />
              </Table.Td>
              <Table.Td data-label="Published">{b.published_at ? formatDate(b.published_at) : 'Not yet'}</Table.Td>
              <Table.Td data-label="Views">{b.view_count.toLocaleString('en-US')}</Table.Td>
              <Table.Td data-label="">
                <Group gap="xs" wrap="wrap">
                  <Button component={Link} to={adminArticlePath(b.id)} id={editLinkId(b.id)} size="xs" variant="light">
                    Edit<VisuallyHidden> {articleTitle(b)}</VisuallyHidden>
                  </Button>
                  <Button
                    size="xs"
                    variant={b.is_published ? 'default' : 'filled'}
                    aria-busy={busy}
                    onClick={() => toggle(b)}
                  >
                    {busy
                      ? b.is_published
                        ? 'Unpublishing…'
                        : 'Publishing…'
                      : b.is_published
                        ? 'Unpublish'
                        : 'Publish'}
                    <VisuallyHidden> {articleTitle(b)}</VisuallyHidden>
                  </Button>
                  {b.is_published && (
                    <Anchor component={Link} to={generatePath(paths.blogArticle, { slug: b.slug })} size="sm">
                      View<VisuallyHidden> {articleTitle(b)} on the site</VisuallyHidden>
                    </Anchor>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
      {small ? (
        grid
      ) : (
        <Table.ScrollContainer
          minWidth={720}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Articles, scrolls sideways"
        >
          {grid}
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { ArticlesTable } from '../features/admin/components/articles-table.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/articles (guarded, admin role): every article with its state and actions. */
export function AdminArticlesPage() {
  return (
    <AdminShell title="Articles" path={paths.adminArticles}>
      <Stack gap="lg">
        <AdminPageHeading title="Articles">
          <Button component={Link} to={paths.adminArticleNew}>
            New article
          </Button>
        </AdminPageHeading>
        <ArticlesTable />
      </Stack>
    </AdminShell>
  );
}

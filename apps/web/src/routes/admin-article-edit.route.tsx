import { useParams } from 'react-router';
import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { EditArticleEditor, NewArticleEditor } from '../features/admin/components/article-editor.tsx';
import { NotFoundPage } from './not-found.route.tsx';
import { adminArticlePath, paths } from '../lib/paths.ts';

/** /admin/articles/new (guarded, admin role). */
export function AdminArticleNewPage() {
  return (
    <AdminShell title="New article" path={paths.adminArticleNew}>
      <NewArticleEditor />
    </AdminShell>
  );
}

/** /admin/articles/:id (guarded, admin role); anything but a positive whole number is not a page. */
export function AdminArticleEditPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,15}$/.test(id)) return <NotFoundPage />;
  const articleId = Number(id);
  return (
    <AdminShell title="Edit article" path={adminArticlePath(articleId)}>
      <EditArticleEditor key={articleId} id={articleId} />
    </AdminShell>
  );
}

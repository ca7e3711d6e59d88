import { useParams } from 'react-router';
import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { UserPage } from '../features/console-users/components/user-page.tsx';
import { UsersList } from '../features/console-users/components/users-list.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/users: search, filter and page through users (guarded, roles: 'support', 'admin'). */
export function AdminUsersPage() {
  return (
    <AdminShell title="Users" path={paths.adminUsers} roles={['support', 'admin']}>
      <AdminPageHeading title="Users" />
      <UsersList />
    </AdminShell>
  );
}

/** /admin/users/:id (guarded, roles: support, admin): one user. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  return (
    <AdminShell title="User" path={paths.adminUser} roles={['support', 'admin']}>
      <UserPage id={id} />
    </AdminShell>
  );
}

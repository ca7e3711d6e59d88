import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/users: search, filter and page through users (guarded, roles: 'support', 'admin'). */
export function AdminUsersPage() {
  return (
    <AdminShell title="Users" path={paths.adminUsers} roles={['support', 'admin']}>
      <AdminPageHeading title="Users" />
    </AdminShell>
  );
}

/** /admin/users/:id (guarded, roles: support, admin): one user. */
export function AdminUserPage() {
  return (
    <AdminShell title="User" path={paths.adminUser} roles={['support', 'admin']}>
      <AdminPageHeading title="User" />
    </AdminShell>
  );
}

import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/plans: list, create, edit and retire plans (guarded, roles: 'admin'). */
export function AdminPlansPage() {
  return (
    <AdminShell title="Plans" path={paths.adminPlans} roles={['admin']}>
      <AdminPageHeading title="Plans" />
    </AdminShell>
  );
}

import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { PlansConsole } from '../features/console-plans/components/plans-console.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/plans: list, create, edit and retire plans (guarded, roles: 'admin'; plans are money, ADR 022). */
export function AdminPlansPage() {
  return (
    <AdminShell title="Plans" path={paths.adminPlans} roles={['admin']}>
      <PlansConsole />
    </AdminShell>
  );
}

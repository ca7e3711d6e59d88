import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { useAdminAccess } from '../features/admin/api/current-user.api.ts';
import { DonorsConsole } from '../features/console-donors/components/donors-console.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/donors: the catalogue, availability and imports (guarded, roles: 'support', 'admin'; admins edit). */
export function AdminDonorsPage() {
  const { role } = useAdminAccess(['support', 'admin']);
  return (
    <AdminShell title="Donors" path={paths.adminDonors} roles={['support', 'admin']}>
      <DonorsConsole role={role} />
    </AdminShell>
  );
}

import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/donors: the catalogue, availability and imports (guarded, roles: 'support', 'admin'). */
export function AdminDonorsPage() {
  return (
    <AdminShell title="Donors" path={paths.adminDonors} roles={['support', 'admin']}>
      <AdminPageHeading title="Donors" />
    </AdminShell>
  );
}

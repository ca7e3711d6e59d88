import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { AdminClinics } from '../features/clinic/components/admin-clinics.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/clinics (guarded, admin role): partner clinics, their staff and invitations. */
export function AdminClinicsPage() {
  return (
    <AdminShell title="Clinics" path={paths.adminClinics}>
      <AdminClinics />
    </AdminShell>
  );
}

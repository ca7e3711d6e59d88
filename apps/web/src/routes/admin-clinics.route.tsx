import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { AdminClinics } from '../features/clinic/components/admin-clinics.tsx';
import { ClinicManager } from '../features/console-clinics/components/clinic-manager.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/clinics (guarded, admin role): create and edit clinics (issue 15), their staff and invitations. */
export function AdminClinicsPage() {
  return (
    <AdminShell title="Clinics" path={paths.adminClinics}>
      <AdminClinics manage={(clinics) => <ClinicManager clinics={clinics} />} />
    </AdminShell>
  );
}

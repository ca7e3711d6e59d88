import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { useAdminAccess } from '../features/admin/api/current-user.api.ts';
import { FamilyLimitsConsole } from '../features/family-ledger/components/family-limits-console.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/family-ledger: donors near or over their family limits across banks, and cross-bank links. */
export function AdminFamilyLedgerPage() {
  const { role } = useAdminAccess(['support', 'admin']);
  return (
    <AdminShell title="Family limits" path={paths.adminFamilyLedger} roles={['support', 'admin']}>
      <FamilyLimitsConsole role={role} />
    </AdminShell>
  );
}

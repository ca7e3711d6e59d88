import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { AuditLog } from '../features/console-audit/components/audit-log.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/audit: every change made through the console or an admin API (guarded, roles: 'admin'). */
export function AdminAuditPage() {
  return (
    <AdminShell title="Audit log" path={paths.adminAudit} roles={['admin']}>
      <AdminPageHeading title="Audit log" />
      <AuditLog />
    </AdminShell>
  );
}

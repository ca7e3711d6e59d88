import { AdminPageHeading, AdminShell } from '../features/admin/components/admin-shell.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/inbox: contact-form messages and replies (guarded, roles: 'support', 'admin'). */
export function AdminInboxPage() {
  return (
    <AdminShell title="Inbox" path={paths.adminInbox} roles={['support', 'admin']}>
      <AdminPageHeading title="Inbox" />
    </AdminShell>
  );
}

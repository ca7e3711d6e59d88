import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { InboxConsole } from '../features/console-inbox/components/inbox-console.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/inbox (and ?message=<id>): contact-form messages and replies (guarded, roles: 'support', 'admin'). */
export function AdminInboxPage() {
  return (
    <AdminShell title="Inbox" path={paths.adminInbox} roles={['support', 'admin']}>
      <InboxConsole />
    </AdminShell>
  );
}

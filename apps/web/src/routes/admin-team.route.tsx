import { AdminShell } from '../features/admin/components/admin-shell.tsx';
import { TeamManager } from '../features/admin/components/team-manager.tsx';
import { paths } from '../lib/paths.ts';

/** /admin/team (guarded, admin role): the team shown on the site. */
export function AdminTeamPage() {
  return (
    <AdminShell title="Team" path={paths.adminTeam}>
      <TeamManager />
    </AdminShell>
  );
}

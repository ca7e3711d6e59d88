import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StaffRole } from '@kindred/shared';
import { Link, NavLink } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import { useAdminAccess } from '../api/current-user.api.ts';
import classes from './admin.module.css';
import { LoadFailed } from './load-failed.tsx';

export const NO_ACCESS_MESSAGE = 'You do not have access to this page.';

type Props = {
  title: string;
  path: string;
  /** Who may use the page (ADR 022): admin only unless it says so; support reads most things. */
  roles?: readonly StaffRole[];
  children: ReactNode;
};

/** The console's sections and who sees each in the navigation (the API checks every call again). */
const SECTIONS: { to: string; label: string; roles: readonly StaffRole[] }[] = [
  { to: paths.adminUsers, label: 'Users', roles: ['support', 'admin'] },
  { to: paths.adminClinics, label: 'Clinics', roles: ['admin'] },
  { to: paths.adminDonors, label: 'Donors', roles: ['support', 'admin'] },
  { to: paths.adminFamilyLedger, label: 'Family limits', roles: ['support', 'admin'] },
  { to: paths.adminPlans, label: 'Plans', roles: ['admin'] },
  { to: paths.adminInbox, label: 'Inbox', roles: ['support', 'admin'] },
  { to: paths.adminAudit, label: 'Audit log', roles: ['admin'] },
  { to: paths.adminArticles, label: 'Articles', roles: ['admin'] },
  { to: paths.adminTeam, label: 'Team', roles: ['admin'] },
];

/** Where the header's console link leads a staff member: the first section their role may use. */
export const consoleHome = (role: string | undefined) =>
  SECTIONS.find((s) => (s.roles as readonly string[]).includes(role ?? ''))?.to ?? paths.adminUsers;

/**
 * Frame of every admin page: the page title, the console navigation and the role check. Signed-out visitors never
 * get here (RequireAuth sends them to sign in); signed-in users without an allowed role see a plain refusal.
 */
export function AdminShell({ title, path, roles = ['admin'], children }: Props) {
  const { access, role, retry } = useAdminAccess(roles);
  return (
    <PageContainer>
      <Seo
        title={`${title} (admin)`}
        description="Kindred's operator console: users, clinics, donors, plans, inbox, audit log and content."
        path={path}
      />
      {access === 'checking' && <PageLoader label="Checking your access" />}
      {access === 'denied' && <NoAccess />}
      {access === 'unknown' && <LoadFailed title="We could not check your access" error={null} onRetry={retry} />}
      {access === 'allowed' && (
        <Stack gap="lg">
          <nav aria-label="Admin" className={classes.nav}>
            {SECTIONS.filter((s) => (s.roles as readonly string[]).includes(role ?? '')).map((s) => (
              <NavLink key={s.to} to={s.to} className={classes.navLink}>
                {s.label}
              </NavLink>
            ))}
          </nav>
          {children}
        </Stack>
      )}
    </PageContainer>
  );
}

/** The refusal page itself; the API would answer every admin call with 403 anyway. */
export function NoAccess() {
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {NO_ACCESS_MESSAGE}
      </Title>
      <Text c="var(--kindred-muted)">This area is for Kindred staff. If you need access, ask an administrator.</Text>
      <Button component={Link} to={paths.profile} variant="light">
        Go to your profile
      </Button>
    </Stack>
  );
}

/** A page heading with its main action beside it. */
export function AdminPageHeading({ title, id, children }: { title: string; id?: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={1} fz={{ base: 26, sm: 32 }} id={id} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Group>
  );
}

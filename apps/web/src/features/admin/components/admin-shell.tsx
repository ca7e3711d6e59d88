import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { paths } from '../../../lib/paths.ts';
import { Seo } from '../../../lib/seo.tsx';
import { useAdminAccess } from '../api/current-user.api.ts';
import classes from './admin.module.css';
import { LoadFailed } from './load-failed.tsx';

export const NO_ACCESS_MESSAGE = 'You do not have access to this page.';

type Props = { title: string; path: string; children: ReactNode };

/**
 * Frame of every admin page: the page title, the admin navigation and the role check. Signed-out visitors never
 * get here (RequireAuth sends them to sign in); signed-in users without the admin role see a plain refusal.
 */
export function AdminShell({ title, path, children }: Props) {
  const { access, retry } = useAdminAccess();
  return (
    <PageContainer>
      <Seo title={`${title} (admin)`} description="Manage Kindred's articles, team and clinic accounts." path={path} />
      {access === 'checking' && <PageLoader label="Checking your access" />}
      {access === 'denied' && <NoAccess />}
      {access === 'unknown' && <LoadFailed title="We could not check your access" error={null} onRetry={retry} />}
      {access === 'allowed' && (
        <Stack gap="lg">
          <nav aria-label="Admin" className={classes.nav}>
            <NavLink to={paths.adminArticles} className={classes.navLink}>
              Articles
            </NavLink>
            <NavLink to={paths.adminTeam} className={classes.navLink}>
              Team
            </NavLink>
            <NavLink to={paths.adminClinics} className={classes.navLink}>
              Clinics
            </NavLink>
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
      <Text c="var(--kindred-muted)">
        This area is for Kindred administrators. If you need access, ask an administrator.
      </Text>
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

import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { PreferenceWizard } from '../features/preferences/components/preference-wizard.tsx';
import { useEditSession } from '../features/preferences/hooks/use-edit-session.ts';
import { ApiError, errorMessage } from '../lib/api-error.ts';
import { paths } from '../lib/paths.ts';

/**
 * /profile-steps: the preference wizard. Public for its first steps; it asks for sign-in itself.
 * /profile-steps?edit=<id> opens a saved set to edit it.
 */
export function ProfileStepsPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const session = useEditSession(editId);
  return (
    <PageContainer size="md">
      {session.status === 'ready' && <PreferenceWizard key={editId ?? 'new'} />}
      {session.status === 'loading' && <PageLoader label="Loading your saved preferences" />}
      {session.status === 'error' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title="We could not load your saved preferences"
          role="alert"
        >
          <Text size="sm">
            {session.error instanceof ApiError && session.error.status === 401
              ? 'Please sign in to edit your saved preferences.'
              : errorMessage(session.error, 'Please check your connection and try again.')}
          </Text>
          <Group mt="sm" gap="sm">
            {session.error instanceof ApiError && session.error.status === 401 ? (
              <Button size="xs" variant="default" component={Link} to={paths.login}>
                Sign In
              </Button>
            ) : (
              <Button size="xs" variant="default" onClick={session.retry}>
                Try again
              </Button>
            )}
            <Button size="xs" variant="default" component={Link} to={paths.profileSteps}>
              Start a new preference set
            </Button>
          </Group>
        </Alert>
      )}
    </PageContainer>
  );
}

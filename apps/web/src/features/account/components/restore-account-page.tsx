import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { DELETION_MSG } from '@kindred/shared/account-deletion';
import { MSG } from '@kindred/shared';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useCancelAccountDeletionMutation } from '../api/account-deletion.api.ts';

/**
 * /account/restore?token=… (ADR 020): the cancel link from the deletion mail. Nothing happens on opening the page
 * (mail scanners follow links); the button cancels the deletion, and the page confirms it.
 */
export function RestoreAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const cancel = useCancelAccountDeletionMutation();

  if (cancel.isSuccess)
    return (
      <Stack gap="md" role="status">
        <Title order={1} size="h2">
          Your account is restored
        </Title>
        <Alert color="teal" variant="light" icon={<IconCircleCheck />}>
          {cancel.data.message || DELETION_MSG.cancelled}
        </Alert>
        <Button component={Link} to={paths.login}>
          Sign in
        </Button>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Keep your account?
      </Title>
      <Text>
        Your Kindred account is scheduled for deletion. Cancel the deletion to restore it; then sign in with your
        password as before. What the deletion ended when it started is not restored: shortlists you shared with clinics
        stay withdrawn and cancelled appointments stay cancelled.
      </Text>
      {(cancel.isError || !token) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {token ? errorMessage(cancel.error, MSG.somethingWentWrong) : DELETION_MSG.cancelLinkInvalid}
        </Alert>
      )}
      <Button onClick={() => cancel.mutate(token)} loading={cancel.isPending} disabled={!token}>
        Cancel the deletion
      </Button>
    </Stack>
  );
}

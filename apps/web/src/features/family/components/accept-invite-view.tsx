import { Alert, Button, Center, Checkbox, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useAcceptInvite, useInvitePreview } from '../api/family.api.ts';

/**
 * /family/accept?token=…: the invited partner (signed in; the sign-in returns here) sees who invited them and
 * accepts with their own consent to link. Nothing is linked before they do.
 */
export function AcceptInviteView({ token }: { token: string }) {
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!token || preview.isError)
    return (
      <Alert color="red" variant="light" title="This invitation cannot be used">
        <Text size="sm">
          {preview.isError
            ? errorMessage(preview.error, 'Ask your partner to send a new invitation.')
            : 'The link is incomplete. Open it from the invitation e-mail again.'}
        </Text>
        <Button component={Link} to={paths.profile} size="xs" variant="default" mt="xs">
          Go to your profile
        </Button>
      </Alert>
    );
  if (preview.isPending)
    return (
      <Center py="xl" role="status" aria-label="Loading the invitation">
        <Loader size={40} />
      </Center>
    );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!consent) return setError('Please confirm that you agree to link your accounts.');
    setError(null);
    accept.mutate(token, {
      onSuccess: () => void navigate(paths.familyShortlist),
      onError: (err) => setError(errorMessage(err, 'We could not link your accounts. Please try again.')),
    });
  };
  return (
    <Paper withBorder radius="lg" p="xl" maw={620} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Decide together with {preview.data.inviter_name}
          </Title>
          <Text>
            {preview.data.inviter_name} invited you to share one donor shortlist on Kindred. You will both see the
            donors on it, each other&apos;s Yes / Maybe / No and the notes you choose to share. Your own preference sets
            and health answers stay yours unless you share them. Either of you can leave at any time.
          </Text>
          <Checkbox
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
            label={`I agree to link my account with ${preview.data.inviter_name}'s.`}
            error={error}
          />
          <Button type="submit" color="teal" loading={accept.isPending}>
            Accept and link our accounts
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

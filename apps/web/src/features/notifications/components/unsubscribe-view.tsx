import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { confirmUnsubscribe, previewUnsubscribe } from '../api/notifications.api.ts';

/**
 * /notifications/unsubscribe?token=… (no sign-in): the link in every notification mail. Opening it changes nothing
 * (mail scanners follow links); the button makes the one change the token names.
 */
export function UnsubscribeView() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => previewUnsubscribe(token),
    enabled: token !== '',
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => confirmUnsubscribe(token) });
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          Notification e-mails
        </Title>
        {token === '' || preview.isError ? (
          <Alert color="red" variant="light" title="This link is not valid">
            Sign in and change your e-mail preferences on your profile instead.
          </Alert>
        ) : preview.isPending ? (
          <Center role="status" aria-label="Checking the link">
            <Loader size={32} />
          </Center>
        ) : confirm.isSuccess ? (
          <Alert color="teal" variant="light" title="Done" role="status">
            {confirm.data.message}
          </Alert>
        ) : (
          <>
            <Text>
              {preview.data.delivery === 'off'
                ? `Stop e-mails about: ${preview.data.label}. You will still see them in the app.`
                : `${preview.data.label} cannot be turned off. Receive their e-mails in the daily digest instead?`}
            </Text>
            {confirm.isError && (
              <Alert color="red" variant="light">
                Could not save. Please try again.
              </Alert>
            )}
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} color="teal">
              {preview.data.delivery === 'off' ? 'Unsubscribe' : 'Move to the daily digest'}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

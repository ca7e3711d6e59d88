import { Alert, Button, Center, Loader, Paper, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { EMAIL_DELIVERIES, type EmailDelivery } from '@kindred/shared/notifications.schemas';
import { useState } from 'react';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications.api.ts';

const NO_CONSENT =
  'You have not agreed to e-mail updates, so only safety notices are e-mailed; turn on “Email updates” ' +
  'under Your data to receive the others.';
const DELIVERY_LABELS: Record<EmailDelivery, string> = { instant: 'Instant', digest: 'Daily digest', off: 'Off' };

/**
 * The profile's notification e-mail preferences (ADR 025): per kind, instant, daily digest or off. Safety notices
 * cannot be turned off (only moved to the digest). Without the "e-mail updates" consent only safety notices are
 * mailed; in-app notifications always arrive.
 */
export function NotificationPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [saved, setSaved] = useState<string | null>(null);
  if (prefs.isPending)
    return (
      <Center py="md" role="status" aria-label="Loading notification preferences">
        <Loader size={28} />
      </Center>
    );
  if (prefs.isError)
    return (
      <Alert color="red" variant="light" title="Could not load your notification preferences">
        <Button size="xs" variant="default" onClick={() => void prefs.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const change = (kind: string, delivery: EmailDelivery) => {
    setSaved(null);
    save.mutate(
      { preferences: [{ kind: kind as never, delivery }] },
      { onSuccess: () => setSaved('Notification preferences saved.') },
    );
  };
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="notification-prefs-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="notification-prefs-title">
          Notification e-mails
        </Title>
        <Text size="sm" c="var(--kindred-muted)">
          Every notification appears in the app. Choose how each kind reaches your inbox.
          {!prefs.data.email_updates && ` ${NO_CONSENT}`} The daily digest arrives at 07:00 (
          {prefs.data.time_zone ?? 'UTC'} time).
        </Text>
        <Table.ScrollContainer minWidth={300}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prefs.data.preferences.map((p) => (
                <Table.Tr key={p.kind}>
                  <Table.Th scope="row" fw={500}>
                    {p.label}
                    {p.safety && (
                      <Text size="xs" c="var(--kindred-muted)">
                        Cannot be turned off
                      </Text>
                    )}
                  </Table.Th>
                  <Table.Td>
                    <NativeSelect
                      size="sm"
                      aria-label={`E-mail for ${p.label}`}
                      value={p.delivery}
                      disabled={save.isPending}
                      onChange={(e) => change(p.kind, e.currentTarget.value as EmailDelivery)}
                      data={EMAIL_DELIVERIES.filter((d) => !(p.safety && d === 'off')).map((d) => ({
                        value: d,
                        label: DELIVERY_LABELS[d],
                      }))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" role="status" c={save.isError ? 'red.8' : 'teal.9'}>
          {save.isError ? 'Could not save. Please try again.' : saved}
        </Text>
      </Stack>
    </Paper>
  );
}

import { Alert as Notice, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { Alert } from '@kindred/shared/alerts.schemas';
import type { MatchFilters } from '@kindred/shared/matching.schemas';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAlerts, useDeleteAlert, useUpdateAlert } from '../api/alerts.api.ts';

const DONOR_TYPE: Record<string, string> = { egg: 'Egg donors', sperm: 'Sperm donors', surrogate: 'Surrogates' };

/** The filters saved with an alert, in words ("age 25–35 · reserved donors included"). */
export function filtersSummary(f: MatchFilters): string {
  const parts: string[] = [];
  if (f.ageMin !== undefined || f.ageMax !== undefined) parts.push(`age ${f.ageMin ?? 18}–${f.ageMax ?? 60}`);
  if (f.heightMin !== undefined || f.heightMax !== undefined)
    parts.push(`height ${f.heightMin ?? 48}–${f.heightMax ?? 90} in`);
  if (f.minEducation) parts.push(`education at least ${f.minEducation.replace('_', ' ')}`);
  if (f.maxDistanceKm !== undefined) parts.push(`within ${f.maxDistanceKm} km`);
  if (f.disclosure?.length) parts.push(`disclosure ${f.disclosure.join(', ')}`);
  if (f.includeReserved) parts.push('reserved donors included');
  return parts.length ? parts.join(' · ') : 'No filters';
}

function AlertRow({ alert, onDelete }: { alert: Alert; onDelete: (a: Alert) => void }) {
  const update = useUpdateAlert();
  const toggle = () =>
    update.mutate(
      { id: alert.id, paused: !alert.paused },
      {
        onSuccess: () => toast.success(alert.paused ? 'Alert resumed.' : 'Alert paused.'),
        onError: (e) => toast.error(errorMessage(e, 'We could not change the alert. Please try again.')),
      },
    );
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" component="li" data-testid="alert-row">
      <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
        <Group gap="xs">
          <Text fw={600}>{alert.name}</Text>
          <Badge color={alert.paused ? 'gray' : 'teal'} variant="light">
            {alert.paused ? 'Paused' : 'Active'}
          </Badge>
        </Group>
        <Text size="sm" c="var(--kindred-muted)">
          {DONOR_TYPE[alert.donor_type ?? ''] ?? 'All donors'} · {filtersSummary(alert.filters)}
        </Text>
        <Text size="sm" c="var(--kindred-muted)">
          {alert.last_fired_at
            ? `Last fired ${formatDateTime(alert.last_fired_at)} · ${alert.hits} ${alert.hits === 1 ? 'donor' : 'donors'} so far`
            : 'Not fired yet'}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          loading={update.isPending}
          onClick={toggle}
          aria-label={`${alert.paused ? 'Resume' : 'Pause'} alert ${alert.name}`}
        >
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onDelete(alert)}
          aria-label={`Delete alert ${alert.name}`}
        >
          Delete
        </Button>
      </Group>
    </Group>
  );
}

/** The profile's list of saved-search alerts, with pause, resume and delete (issue 28). Alerts never expire. */
export function AlertsCard() {
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const confirm = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Alert deleted.');
        setDeleting(null);
      },
      onError: (e) => toast.error(errorMessage(e, 'We could not delete the alert. Please try again.')),
    });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="alerts-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="alerts-title">
            Donor alerts
          </Title>
          <Text size="sm" c="var(--kindred-muted)">
            Searches we watch for you. They never expire: pause or delete them here.
          </Text>
        </div>
        {alerts.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your alerts">
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : alerts.isError ? (
          <Notice color="red" variant="light" icon={<IconAlertCircle />} title="We could not load your alerts">
            {errorMessage(alerts.error, 'Please check your connection and try again.')}
            <div>
              <Button mt="sm" size="xs" variant="white" color="red" onClick={() => void alerts.refetch()}>
                Try again
              </Button>
            </div>
          </Notice>
        ) : alerts.data.length === 0 ? (
          <Text>No alerts yet. On your matches page, choose “Tell me when a new donor matches” to save one.</Text>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {alerts.data.map((a) => (
              <AlertRow key={a.id} alert={a} onDelete={setDeleting} />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this alert?">
        <Stack>
          <Text>We will stop watching “{deleting?.name}”. Donors it already told you about stay in your matches.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirm}>
              Delete alert
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { DONOR_UPDATE_KIND_LABELS, MEDICAL_CATEGORY_LABELS } from '@kindred/shared/notifications.schemas';
import { formatDate } from '../../../lib/format.ts';
import { useDonorUpdates } from '../api/notifications.api.ts';

/**
 * Updates about a donor (ADR 025), on the donor page of a family that follows the donor: date, source and text,
 * newest first. Nothing is shown while loading, when there are none or when the parent does not follow the donor.
 */
export function DonorUpdatesPanel({ referenceId }: { referenceId: string }) {
  const updates = useDonorUpdates(referenceId);
  if (!updates.data?.length) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="donor-updates-title">
      <Title order={2} size="h3" id="donor-updates-title" mb="sm">
        Updates about this donor
      </Title>
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {updates.data.map((u) => (
          <li key={u.id}>
            <Stack gap={4}>
              <Text size="sm" c="var(--kindred-muted)">
                <Badge color={u.kind === 'medical' ? 'red.9' : 'gray.8'} variant="filled" mr="xs">
                  {DONOR_UPDATE_KIND_LABELS[u.kind]}
                </Badge>
                {formatDate(u.created_at)} · from {u.source}
              </Text>
              {u.category && (
                <Text size="sm" fw={600}>
                  {MEDICAL_CATEGORY_LABELS[u.category]}
                  {u.gene ? ` (${u.gene})` : ''}
                </Text>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {u.text}
              </Text>
            </Stack>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

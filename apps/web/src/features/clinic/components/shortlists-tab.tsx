import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useSharedShortlists } from '../api/clinic-portal.api.ts';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

const TYPE_LABEL: Record<string, string> = { egg: 'Egg donor', sperm: 'Sperm donor', surrogate: 'Surrogate' };

/** Shortlists parents chose to share with this clinic: donor references, types and scores, nothing else. */
export default function ShortlistsTab() {
  const lists = useSharedShortlists();
  if (lists.isPending) return <LoadingSkeleton h={160} radius="md" label="Loading shared shortlists" />;
  if (lists.isError)
    return (
      <LoadFailed
        title="We could not load the shared shortlists"
        error={lists.error}
        onRetry={() => void lists.refetch()}
      />
    );
  if (lists.data.shortlists.length === 0) return <Text>{CLINIC_MSG.noShortlists}</Text>;
  return (
    <Stack gap="md">
      <Text c="var(--kindred-muted)">
        Shared by parents who agreed to it. When a parent withdraws that consent, their shortlist disappears here.
      </Text>
      {lists.data.shortlists.map((s) => (
        <Paper
          key={s.parent_id}
          withBorder
          radius="md"
          p="lg"
          component="section"
          aria-label={`Shortlist of ${s.name}`}
        >
          <Title order={2} fz="md">
            {s.name}
            {s.partner_name ? ` with ${s.partner_name}` : ''}
          </Title>
          <Text size="sm" c="var(--kindred-muted)" mb="sm">
            {s.email} · shared {new Date(s.shared_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
          </Text>
          {s.donors.length === 0 ? (
            <Text size="sm">No starred donors.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Donor</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.donors.map((d) => (
                  <Table.Tr key={d.reference_id}>
                    <Table.Td>{d.reference_id}</Table.Td>
                    <Table.Td>{TYPE_LABEL[d.donor_type] ?? d.donor_type}</Table.Td>
                    <Table.Td>{d.score === null ? '—' : `${d.score}%`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

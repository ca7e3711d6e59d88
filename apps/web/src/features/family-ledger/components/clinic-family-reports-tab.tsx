import { Button, Stack, Table, Text } from '@mantine/core';
import { toast } from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-error.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useClinicFamilyReports, useConfirmFamilyReport } from '../api/family-ledger.api.ts';
import { KIND_LABEL, STATUS_LABEL } from '../lib/badge-text.ts';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

/**
 * The clinic portal's "Family reports" tab (issue 28): pregnancies and births your own patients reported with a
 * donor, naming your clinic. Confirm the ones you treated; the donor's family count across banks follows.
 */
export default function ClinicFamilyReportsTab() {
  const reports = useClinicFamilyReports();
  const confirm = useConfirmFamilyReport();
  if (reports.isPending) return <LoadingSkeleton h={160} radius="md" label="Loading family reports" />;
  if (reports.isError)
    return (
      <LoadFailed
        title="We could not load the family reports"
        error={reports.error}
        onRetry={() => void reports.refetch()}
      />
    );
  if (reports.data.reports.length === 0)
    return <Text>No patient has reported a pregnancy or birth naming your clinic yet.</Text>;
  return (
    <Stack gap="sm">
      <Text c="var(--kindred-muted)">
        Your patients reported these naming your clinic. Confirm a report when your records show the treatment: the
        donor&apos;s family count across banks follows, and a donor that reaches its limit is held.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Patient</Table.Th>
              <Table.Th>Donor</Table.Th>
              <Table.Th>Report</Table.Th>
              <Table.Th>Reported</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reports.data.reports.map((r) => {
              const who = r.parent_name ?? r.parent_email ?? 'A former patient (account deleted)';
              return (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {who}
                    {r.parent_email && r.parent_name && (
                      <Text size="xs" c="var(--kindred-muted)">
                        {r.parent_email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.donor_reference_id}</Table.Td>
                  <Table.Td>
                    {KIND_LABEL[r.kind]}
                    {r.event_date ? ` · ${r.event_date}` : ''}
                  </Table.Td>
                  <Table.Td>{new Date(r.created_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}</Table.Td>
                  <Table.Td>
                    {r.status === 'reported' ? (
                      <Button
                        size="compact-sm"
                        loading={confirm.isPending && confirm.variables === r.id}
                        aria-label={`Confirm the report of ${who} for donor ${r.donor_reference_id}`}
                        onClick={() =>
                          confirm.mutate(r.id, {
                            onSuccess: (res) => toast.success(res.message),
                            onError: (error) => toast.error(errorMessage(error, 'The report could not be confirmed.')),
                          })
                        }
                      >
                        Confirm
                      </Button>
                    ) : (
                      STATUS_LABEL[r.status]
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

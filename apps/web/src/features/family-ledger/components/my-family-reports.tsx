import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { Link } from 'react-router';
import type { FamilyReportDto } from '@kindred/shared/family-ledger.schemas';
import { errorMessage } from '../../../lib/api-error.ts';
import { donorPath } from '../../../lib/paths.ts';
import { useMyFamilyReports, useWithdrawFamilyReport } from '../api/family-ledger.api.ts';
import { KIND_LABEL, STATUS_LABEL } from '../lib/badge-text.ts';
import { FamilyReportForm } from './report-family-form.tsx';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

type Dialog =
  { kind: 'new' } | { kind: 'correct'; report: FamilyReportDto } | { kind: 'withdraw'; report: FamilyReportDto };

/**
 * The profile's "Families you reported" (issue 28): each pregnancy or birth reported with a donor, whether the
 * clinic confirmed it, and the way to report another, correct one or withdraw one.
 */
export function MyFamilyReports() {
  const reports = useMyFamilyReports();
  const withdraw = useWithdrawFamilyReport();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="my-families-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="my-families-title">
          Families you reported
        </Title>
        <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'new' })}>
          Report a pregnancy or birth
        </Button>
      </Group>
      <Text size="sm" c="var(--kindred-muted)" mb="sm">
        Reporting helps every family: donors are counted across banks, and a donor who reaches a family limit is held.
        Only you and your clinic see your report.
      </Text>
      {reports.isPending && <LoadingSkeleton h={80} label="Loading your reports" />}
      {reports.isError && (
        <Alert color="red" variant="light" title="We could not load your reports">
          {errorMessage(reports.error, 'Please try again.')}
        </Alert>
      )}
      {reports.data && reports.data.reports.length === 0 && <Text size="sm">You have not reported a family yet.</Text>}
      {reports.data && reports.data.reports.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Donor</Table.Th>
                <Table.Th>Report</Table.Th>
                <Table.Th>Clinic</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data.reports.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={donorPath(r.donor_reference_id)}>
                      {r.donor_reference_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {KIND_LABEL[r.kind]}
                    {r.event_date ? ` · ${r.event_date}` : ''}
                  </Table.Td>
                  <Table.Td>{r.clinic?.name ?? '—'}</Table.Td>
                  <Table.Td>{STATUS_LABEL[r.status]}</Table.Td>
                  <Table.Td>
                    {r.status !== 'withdrawn' && (
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: 'correct', report: r })}
                          aria-label={`Correct the report for donor ${r.donor_reference_id}`}
                        >
                          Correct
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDialog({ kind: 'withdraw', report: r })}
                          aria-label={`Withdraw the report for donor ${r.donor_reference_id}`}
                        >
                          Withdraw
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AppModal
        opened={dialog !== null && dialog.kind !== 'withdraw'}
        onClose={close}
        title={dialog?.kind === 'correct' ? 'Correct your report' : 'Report a pregnancy or birth'}
      >
        {dialog?.kind === 'new' && <FamilyReportForm onDone={close} />}
        {dialog?.kind === 'correct' && (
          <FamilyReportForm referenceId={dialog.report.donor_reference_id} report={dialog.report} onDone={close} />
        )}
      </AppModal>
      <AppModal opened={dialog?.kind === 'withdraw'} onClose={close} title="Withdraw this report?">
        {dialog?.kind === 'withdraw' && (
          <Stack gap="sm">
            <Text size="sm">
              Donor {dialog.report.donor_reference_id} will no longer count your family. You can report again later.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Keep it
              </Button>
              <Button
                color="red"
                loading={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(dialog.report.id, {
                    onSuccess: (res) => {
                      toast.success(res.message);
                      close();
                    },
                    onError: (error) => toast.error(errorMessage(error, 'Your report could not be withdrawn.')),
                  })
                }
              >
                Withdraw report
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Paper>
  );
}

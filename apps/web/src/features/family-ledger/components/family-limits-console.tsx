import { Alert, Button, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { RecordsTable } from '../../../components/ui/records-table.tsx';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import type { StatusColor } from '../../../lib/status-colors.ts';
import { LEDGER_REPORT_PAGE_SIZE } from '@kindred/shared/family-ledger.schemas';
import { failureMessage } from '../../../lib/server-errors.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { useDonorLinks, useLimitsReport, useLinkDonors, useUnlinkDonor } from '../api/family-ledger.api.ts';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

const LIMIT_COLUMNS = ['Donor', 'Bank', 'Confirmed', 'Reported', "Bank's count", 'Limit', 'Records', 'Status'] as const;

const STATUS: Record<'near' | 'reached' | 'over', { label: string; color: StatusColor }> = {
  near: { label: 'Near', color: 'orange' },
  reached: { label: 'Reached', color: 'red' },
  over: { label: 'Over', color: 'red' },
};

/**
 * The console's family limits (issue 28): donors at 80 % or more of their bank's limit, counting the larger of the
 * bank's own count and the families confirmed on Kindred across linked records; and, for admins, linking records
 * of the same person at several banks. Counts only: no family is named here.
 */
export function FamilyLimitsConsole({ role }: { role: string | undefined }) {
  const [page, setPage] = useState(1);
  const report = useLimitsReport(page);
  const pages = report.data ? Math.max(1, Math.ceil(report.data.total / LEDGER_REPORT_PAGE_SIZE)) : 1;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="limits-title">
        <Title order={2} fz="lg" id="limits-title" mb={4}>
          Donors near or over their family limit
        </Title>
        <Text size="sm" c="var(--kindred-muted)" mb="sm">
          Families are the larger of the bank&apos;s own count and the families confirmed on Kindred across every linked
          record of the donor. A donor whose confirmed families reach the limit is held automatically.
        </Text>
        {report.isPending && <LoadingSkeleton h={200} label="Loading the report" />}
        {report.isError && (
          <LoadFailed title="We could not load the report" error={report.error} onRetry={() => void report.refetch()} />
        )}
        {report.data && report.data.total === 0 && <Text>No donor is at 80 % of its limit.</Text>}
        {report.data && report.data.total > 0 && (
          <Stack gap="sm">
            <Text size="sm" c="var(--kindred-muted)">
              {report.data.total} donors
            </Text>
            <RecordsTable
              columns={LIMIT_COLUMNS}
              rows={report.data.donors}
              rowKey={(d) => d.reference_id}
              minWidth={760}
              cells={(d) => [
                d.reference_id,
                <>
                  {d.bank_name}
                  <Text size="xs" c="var(--kindred-muted)">
                    {d.bank_donor_id}
                  </Text>
                </>,
                d.confirmed,
                d.reported,
                d.bank_count,
                d.family_limit,
                d.linked_records,
                <Group gap={4}>
                  <StatusBadge
                    status={`${STATUS[d.status].label} (${Math.round(d.share * 100)} %)`}
                    color={STATUS[d.status].color}
                  />
                  {d.on_hold && <StatusBadge status="On hold" color="gray" />}
                </Group>,
              ]}
            />
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </Stack>
        )}
      </Paper>
      <DonorLinks canEdit={role === 'admin'} />
    </Stack>
  );
}

/** Records of the same person at several banks: look one up; admins link and unlink (audited). */
function DonorLinks({ canEdit }: { canEdit: boolean }) {
  const [lookup, setLookup] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const links = useDonorLinks(shown);
  const link = useLinkDonors();
  const unlink = useUnlinkDonor();
  const normal = (s: string) => s.trim().toUpperCase();
  const done = (res: { message?: string }) => {
    setFailure(null);
    toast.success(res.message ?? 'Saved.');
  };
  const fail = (error: unknown) => setFailure(failureMessage(error, 'The change could not be saved.'));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="links-title">
      <Title order={2} fz="lg" id="links-title" mb={4}>
        Same donor at several banks
      </Title>
      <Text size="sm" c="var(--kindred-muted)" mb="sm">
        Records are linked only from a bank&apos;s cross-reference in its import or by an operator who checked it with
        the banks, never from similar traits. Linked records share one family count.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setShown(normal(lookup) || null);
        }}
      >
        <Group align="flex-end">
          <TextInput label="Donor reference" value={lookup} onChange={(e) => setLookup(e.currentTarget.value)} />
          <Button type="submit" variant="light">
            Show links
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" variant="light" title="Not saved" role="alert" mt="sm">
          {failure}
        </Alert>
      )}
      {shown && links.isError && (
        <Text mt="sm" role="alert">
          {failureMessage(links.error, 'We could not find this donor.')}
        </Text>
      )}
      {shown && links.data && (
        <Stack gap="sm" mt="md">
          {links.data.linked.length === 0 ? (
            <Text size="sm">{shown} is not linked to another record.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Linked record</Table.Th>
                  <Table.Th>Bank</Table.Th>
                  <Table.Th>Linked by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.linked.map((l) => (
                  <Table.Tr key={l.reference_id}>
                    <Table.Td>{l.reference_id}</Table.Td>
                    <Table.Td>
                      {l.bank_name} · {l.bank_donor_id}
                    </Table.Td>
                    <Table.Td>{l.linked_by === 'bank' ? 'Bank cross-reference' : 'Operator'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {canEdit && (
            <Group align="flex-end">
              <TextInput
                label={`Link ${shown} with record`}
                value={other}
                onChange={(e) => setOther(e.currentTarget.value)}
              />
              <Button
                loading={link.isPending}
                onClick={() =>
                  link.mutate({ reference_ids: [shown, normal(other)] }, { onSuccess: done, onError: fail })
                }
              >
                Link
              </Button>
              {links.data.linked.length > 0 && (
                <Button
                  variant="default"
                  color="red"
                  loading={unlink.isPending}
                  onClick={() => unlink.mutate({ reference_id: shown }, { onSuccess: done, onError: fail })}
                >
                  Unlink {shown}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

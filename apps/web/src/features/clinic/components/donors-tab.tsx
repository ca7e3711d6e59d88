import { Alert, Button, FileInput, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BANK_DONORS_PAGE_SIZE, CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { RowErrorsTable, type RowError } from '../../../components/ui/row-errors-table.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { failureMessage } from '../../admin/lib/server-errors.ts';
import { clinicKeys, useBankDonors } from '../api/clinic-portal.api.ts';
import { clinicApi } from '../lib/clinic-paths.ts';

type ImportResult = {
  success: boolean;
  message: string;
  inserted: number;
  updated: number;
  invalid_rows: number;
  errors: RowError[];
};

/** The clinic's banks' donors (read-only, paged) and the CSV/JSON import with its row-error report. */
export default function DonorsTab() {
  const [page, setPage] = useState(1);
  const donors = useBankDonors(page);
  const pages = donors.data ? Math.max(1, Math.ceil(donors.data.total / BANK_DONORS_PAGE_SIZE)) : 1;
  return (
    <Stack gap="lg">
      <ImportPanel />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bank-donors-title">
        <Title order={2} fz="lg" id="bank-donors-title" mb="sm">
          Your banks&apos; donors
        </Title>
        {donors.isPending && <Skeleton h={200} aria-label="Loading donors" />}
        {donors.isError && (
          <LoadFailed title="We could not load the donors" error={donors.error} onRetry={() => void donors.refetch()} />
        )}
        {donors.data && donors.data.total === 0 && <Text>{CLINIC_MSG.noDonors}</Text>}
        {donors.data && donors.data.total > 0 && (
          <Stack gap="sm">
            <Text size="sm" c="var(--kindred-muted)">
              {donors.data.total} donors
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Availability</Table.Th>
                    <Table.Th>Bank</Table.Th>
                    <Table.Th>Updated</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {donors.data.donors.map((d) => (
                    <Table.Tr key={d.reference_id}>
                      <Table.Td>{d.reference_id}</Table.Td>
                      <Table.Td>{d.donor_type}</Table.Td>
                      <Table.Td>{d.availability}</Table.Td>
                      <Table.Td>{d.bank_name}</Table.Td>
                      <Table.Td>{new Date(d.updated_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function ImportPanel() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const run = useMutation({
    mutationFn: async (f: File) => {
      const format = f.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
      const data = await f.text();
      try {
        return await apiRequest<ImportResult>(clinicApi.donorImport, {
          method: 'POST',
          body: { format, data },
          auth: true,
        });
      } catch (error) {
        // "No row could be imported" is a 400 that still carries the row errors.
        if (error instanceof ApiError && error.status === 400 && (error.body as ImportResult)?.errors)
          return error.body as ImportResult;
        throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clinicKeys.all }),
  });
  const result = run.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="import-title">
          Import donors
        </Title>
        <Text size="sm" c="var(--kindred-muted)">
          A CSV or JSON file from your bank (up to 5 MiB). Rows are matched by bank and bank donor id; bad rows are
          listed and skipped.
        </Text>
        <Group align="flex-end">
          <FileInput
            label="Donor file"
            accept=".csv,.json,text/csv,application/json"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the donor file' }}
            miw={260}
          />
          <Button onClick={() => file && run.mutate(file)} disabled={!file} loading={run.isPending}>
            Import
          </Button>
        </Group>
        {run.isError && (
          <Alert color="red" variant="light" role="alert" title="Import failed">
            {failureMessage(run.error, 'The file could not be imported. Please try again.')}
          </Alert>
        )}
        {result && (
          <Alert
            color={result.success ? 'teal' : 'red'}
            variant="light"
            role="status"
            title={result.success ? 'Imported' : 'Nothing imported'}
          >
            {result.message}
          </Alert>
        )}
        {result && result.errors.length > 0 && (
          <RowErrorsTable errors={result.errors} label="Rows that were not imported" />
        )}
      </Stack>
    </Paper>
  );
}

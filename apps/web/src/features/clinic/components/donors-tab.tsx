import { Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BANK_DONORS_PAGE_SIZE, CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { RecordsTable } from '../../../components/ui/records-table.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { DonorImport } from '../../console-donors/components/donor-import.tsx';
import { StaffDonorUpdatesButton } from '../../notifications/components/staff-donor-updates.tsx';
import { clinicKeys, useBankDonors } from '../api/clinic-portal.api.ts';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

const DONOR_COLUMNS = ['Reference', 'Type', 'Availability', 'Bank', 'Updated', 'Updates'] as const;

const IMPORT_INTRO =
  'A CSV or JSON file from your bank (up to 5 MiB); values may be in any case. Rows are matched by bank and bank ' +
  'donor id. Run a dry run first: it checks every row and writes nothing.';

/**
 * The clinic's banks' donors (read-only, paged) and the console's donor import (dry run, progress, row errors),
 * on the same API path: the server keeps a clinic account to its own bank.
 */
export default function DonorsTab() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const donors = useBankDonors(page);
  const pages = donors.data ? Math.max(1, Math.ceil(donors.data.total / BANK_DONORS_PAGE_SIZE)) : 1;
  return (
    <Stack gap="lg">
      <DonorImport
        intro={IMPORT_INTRO}
        onImported={() => void queryClient.invalidateQueries({ queryKey: clinicKeys.all })}
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bank-donors-title">
        <Title order={2} fz="lg" id="bank-donors-title" mb="sm">
          Your banks&apos; donors
        </Title>
        {donors.isPending && <LoadingSkeleton h={200} label="Loading donors" />}
        {donors.isError && (
          <LoadFailed title="We could not load the donors" error={donors.error} onRetry={() => void donors.refetch()} />
        )}
        {donors.data && donors.data.total === 0 && <Text>{CLINIC_MSG.noDonors}</Text>}
        {donors.data && donors.data.total > 0 && (
          <Stack gap="sm">
            <Text size="sm" c="var(--kindred-muted)">
              {donors.data.total} donors
            </Text>
            <RecordsTable
              columns={DONOR_COLUMNS}
              rows={donors.data.donors}
              rowKey={(d) => d.reference_id}
              minWidth={560}
              cells={(d) => [
                d.reference_id,
                d.donor_type,
                d.availability,
                d.bank_name,
                new Date(d.updated_at).toLocaleDateString('en-GB', { dateStyle: 'medium' }),
                <StaffDonorUpdatesButton scope="clinic" referenceId={d.reference_id} />,
              ]}
            />
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

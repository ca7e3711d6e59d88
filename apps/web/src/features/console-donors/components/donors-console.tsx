import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  CONSOLE_DONORS_PAGE_SIZE,
  FAMILY_STATUSES,
  type BulkAvailabilityResponse,
} from '@kindred/shared/console-donors.schemas';
import {
  AVAILABILITY,
  DISCLOSURES,
  DONOR_TYPES,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  RACES,
  type Availability,
} from '@kindred/shared/vocabulary';
import { AdminPageHeading } from '../../admin/components/admin-shell.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { failureMessage } from '../../../lib/server-errors.ts';
import { consoleDonorKeys, useBulkAvailability, useConsoleBanks, useConsoleDonors } from '../api/console-donors.api.ts';
import { labelOf } from '../lib/labels.ts';
import { DonorImport } from './donor-import.tsx';
import { DonorsTable } from './donors-table.tsx';
import { PriceListsConsole } from '../../price/components/price-lists-console.tsx';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton.tsx';

/** The catalogue's filters: the engine's own (one table; each becomes a Select and a query parameter). */
const FILTERS: { key: string; label: string; values: readonly string[] }[] = [
  { key: 'donor_type', label: 'Donor type', values: DONOR_TYPES },
  { key: 'availability', label: 'Availability', values: AVAILABILITY },
  { key: 'family', label: 'Family limit', values: FAMILY_STATUSES },
  { key: 'disclosure', label: 'Disclosure', values: DISCLOSURES },
  { key: 'race', label: 'Race', values: RACES },
  { key: 'ethnicity', label: 'Ethnicity', values: ETHNICITIES },
  { key: 'hair_color', label: 'Hair colour', values: HAIR_COLORS },
  { key: 'eye_color', label: 'Eye colour', values: EYE_COLORS },
  { key: 'education', label: 'Education', values: EDUCATION_LEVELS },
];

/** /admin/donors: the catalogue with the engine's filters, availability edits, bulk changes and imports. */
export function DonorsConsole({ role }: { role: string | undefined }) {
  const canEdit = role === 'admin';
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'reference_id', desc: false }]);
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const banks = useConsoleBanks();
  const queryClient = useQueryClient();

  const sort = sorting[0] ?? { id: 'reference_id', desc: false };
  const query: Record<string, string> = {
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
    ...(q ? { q } : {}),
    sort: sort.id,
    order: sort.desc ? 'desc' : 'asc',
    page: String(page),
    page_size: String(CONSOLE_DONORS_PAGE_SIZE),
  };
  const donors = useConsoleDonors(query);
  const setFilter = (key: string, value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value ?? '' }));
    setPage(1);
  };
  const selected = Object.keys(selection).filter((k) => selection[k]);

  return (
    <Stack gap="lg">
      <AdminPageHeading title="Donors" />
      <Text c="var(--kindred-muted)">
        The catalogue as the matching engine filters it. Health data (carrier screening, conditions) is not shown here.
      </Text>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="donor-filters-title">
        <Title order={2} fz="lg" id="donor-filters-title" mb="sm">
          Filters
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Reference or bank id"
            placeholder="e.g. KE004211"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="Bank"
            clearable
            searchable
            data={banks.data?.banks ?? []}
            value={filters.bank || null}
            onChange={(v) => setFilter('bank', v)}
          />
          {FILTERS.map((f) => (
            <Select
              key={f.key}
              label={f.label}
              clearable
              data={f.values.map((v) => ({ value: v, label: labelOf(v) }))}
              value={filters[f.key] || null}
              onChange={(v) => setFilter(f.key, v)}
            />
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="donor-list-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg" id="donor-list-title">
              Catalogue
            </Title>
            {donors.data && (
              <Text size="sm" c="var(--kindred-muted)" role="status">
                {donors.data.total.toLocaleString('en-US')} donors
              </Text>
            )}
          </Group>
          {canEdit && selected.length > 0 && <BulkBar referenceIds={selected} onDone={() => setSelection({})} />}
          {donors.isPending && <LoadingSkeleton h={320} label="Loading donors" />}
          {donors.isError && (
            <LoadFailed
              title="We could not load the donors"
              error={donors.error}
              onRetry={() => void donors.refetch()}
            />
          )}
          {donors.data && donors.data.total === 0 && <Text>No donors match these filters.</Text>}
          {donors.data && donors.data.total > 0 && (
            <DonorsTable
              donors={donors.data.donors}
              total={donors.data.total}
              page={page}
              pageSize={CONSOLE_DONORS_PAGE_SIZE}
              onPage={setPage}
              sorting={sorting}
              onSorting={(s) => {
                setSorting(s);
                setPage(1);
              }}
              selection={selection}
              onSelection={setSelection}
              canEdit={canEdit}
            />
          )}
        </Stack>
      </Paper>
      <PriceListsConsole canEdit={canEdit} banks={banks.data?.banks ?? []} />
      {canEdit && (
        <DonorImport onImported={() => void queryClient.invalidateQueries({ queryKey: consoleDonorKeys.all })} />
      )}
    </Stack>
  );
}

/** Changes the availability of the selected donors (up to 500): a dry run first shows what would change. */
function BulkBar({ referenceIds, onDone }: { referenceIds: string[]; onDone: () => void }) {
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [reason, setReason] = useState('');
  const [report, setReport] = useState<BulkAvailabilityResponse | null>(null);
  const bulk = useBulkAvailability();
  const run = (dryRun: boolean) => {
    if (!availability) return;
    bulk.mutate(
      { reference_ids: referenceIds, availability, dry_run: dryRun, reason: reason.trim() || undefined },
      {
        onSuccess: (res) => {
          if (res.dry_run) return setReport(res);
          toast.success(res.message);
          onDone();
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Bulk change">
      <Stack gap="sm">
        <Text fw={600}>{referenceIds.length} selected</Text>
        <Group align="flex-end">
          <Select
            label="New availability"
            data={AVAILABILITY.map((a) => ({ value: a, label: labelOf(a) }))}
            value={availability}
            onChange={(v) => {
              setAvailability(v as Availability | null);
              setReport(null);
            }}
            w={200}
          />
          <TextInput label="Reason (optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button variant="default" onClick={() => run(true)} disabled={!availability} loading={bulk.isPending}>
            Dry run
          </Button>
          <Button onClick={() => run(false)} disabled={!availability || !report?.dry_run} loading={bulk.isPending}>
            Apply to {referenceIds.length} donors
          </Button>
        </Group>
        {bulk.isError && (
          <Alert color="red" variant="light" role="alert">
            {failureMessage(bulk.error, 'The change could not be made. Please try again.')}
          </Alert>
        )}
        {report && (
          <Alert
            color={report.dry_run ? 'blue' : 'teal'}
            variant="light"
            role="status"
            title={report.dry_run ? 'Dry run' : 'Done'}
          >
            {report.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

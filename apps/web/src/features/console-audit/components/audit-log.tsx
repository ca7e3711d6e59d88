import { Button, Collapse, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_MSG } from '@kindred/shared/console-audit.schemas';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { NoAccess } from '../../admin/components/admin-shell.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { STACKED_QUERY } from '../../admin/components/server-table.tsx';
import { failureMessage, isForbidden, serverFieldErrors } from '../../../lib/server-errors.ts';
import { downloadAuditCsv, useAuditPage } from '../api/audit.api.ts';
import {
  AUDIT_FILTER_FIELDS,
  filtersFromSearch,
  filtersToQuery,
  type AuditFilterValues,
} from '../lib/audit-filters.ts';
import { AuditFiltersForm } from './audit-filters-form.tsx';
import { AuditTable } from './audit-table.tsx';

/**
 * The audit log (admin): filters kept in the page address, the table of one page, older and newer pages (keyset:
 * the ids of the pages' last rows are kept to come back), and the CSV export of everything the filters select.
 */
export function AuditLog() {
  const [search, setSearch] = useSearchParams();
  const applied = useMemo(() => filtersFromSearch(search), [search]);
  const query = useMemo(() => filtersToQuery(applied), [applied]);
  // The `before` cursor of each page shown so far; the last is the current page's (null: the newest).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const before = cursors[cursors.length - 1] ?? null;
  const page = useAuditPage(query, before);
  const [exporting, setExporting] = useState(false);
  // On a small screen the filters (a screen of their own) fold away, so the entries come first (issue 25).
  const small = useMediaQuery(STACKED_QUERY) ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const appliedCount = Object.values(applied).filter((v) => v !== '').length;

  const apply = (values: AuditFilterValues) => {
    setCursors([null]);
    setSearch(filtersToQuery(values), { replace: false });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(query);
    } catch (error) {
      toast.error(failureMessage(error, 'We could not export the audit log. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  const filterErrors = page.isError ? serverFieldErrors(page.error, AUDIT_FILTER_FIELDS) : {};

  return (
    <Stack gap="lg">
      {small && (
        <Button
          variant="default"
          onClick={() => setFiltersOpen((o) => !o)}
          aria-expanded={filtersOpen}
          aria-controls="audit-filters"
          style={{ alignSelf: 'flex-start' }}
        >
          {filtersOpen ? 'Hide filters' : `Filters${appliedCount > 0 ? ` (${appliedCount} applied)` : ''}`}
        </Button>
      )}
      <Collapse expanded={!small || filtersOpen || Object.keys(filterErrors).length > 0} id="audit-filters">
        <Paper withBorder radius="lg" p="md">
          <AuditFiltersForm key={search.toString()} applied={applied} serverErrors={filterErrors} onApply={apply} />
        </Paper>
      </Collapse>
      <Group justify="space-between" align="center">
        <Text size="sm" c="var(--kindred-muted)" aria-live="polite">
          {page.data && !page.isPlaceholderData && page.data.results.length > 0
            ? `Page ${cursors.length}: ${page.data.results.length} ${page.data.results.length === 1 ? 'change' : 'changes'}, newest first`
            : ''}
        </Text>
        <Button variant="light" onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      </Group>
      <AuditPageBody
        page={page}
        onRetry={() => void page.refetch()}
        hasFilterErrors={Object.keys(filterErrors).length > 0}
      />
      {page.data && (page.data.next_before || cursors.length > 1) && (
        <Group justify="space-between">
          <Button variant="default" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button
            variant="default"
            disabled={!page.data.next_before || page.isPlaceholderData}
            onClick={() => setCursors((c) => [...c, page.data!.next_before])}
          >
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function AuditPageBody({
  page,
  onRetry,
  hasFilterErrors,
}: {
  page: ReturnType<typeof useAuditPage>;
  onRetry: () => void;
  hasFilterErrors: boolean;
}) {
  if (page.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the audit log">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={52} radius="sm" />
        ))}
      </Stack>
    );
  if (page.isError) {
    if (isForbidden(page.error)) return <NoAccess />;
    // A filter the server refused is shown under its field; the table says nothing more.
    if (hasFilterErrors) return null;
    return <LoadFailed title={AUDIT_MSG.loadFailed} error={page.error} onRetry={onRetry} />;
  }
  if (page.data.results.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center">{AUDIT_MSG.empty}</Text>
      </Paper>
    );
  return <AuditTable rows={page.data.results} />;
}

import { Badge, Box, Code, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { AuditEntryDto } from '@kindred/shared/console-audit.schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { ServerTable, STACKED_QUERY } from '../../admin/components/server-table.tsx';
import { diffLines } from '../lib/audit-filters.ts';

const column = createColumnHelper<AuditEntryDto>();

/** The changed fields as "field: before → after", one per line; secret values read [redacted]. */
function Diff({ diff }: { diff: AuditEntryDto['diff'] }) {
  const lines = diffLines(diff);
  if (lines.length === 0)
    return (
      <Text size="sm" c="var(--kindred-muted)">
        No field changes
      </Text>
    );
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((l) => (
        <Text component="li" size="sm" key={l.field}>
          <Text component="span" size="sm" fw={700}>
            {l.field}
          </Text>
          : {l.before} → {l.after}
        </Text>
      ))}
    </Stack>
  );
}

const columns = [
  column.accessor('at', {
    header: 'When',
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
  }),
  column.accessor('actor', {
    header: 'Who',
    cell: (c) => {
      const actor = c.getValue();
      return (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{actor.name ?? 'Former staff member'}</Text>
          <Badge variant="light" size="sm">
            {actor.role}
          </Badge>
        </Stack>
      );
    },
  }),
  column.accessor('action', { header: 'Action', cell: (c) => <Code>{c.getValue()}</Code> }),
  column.display({
    id: 'target',
    header: 'Target',
    cell: (c) => {
      const r = c.row.original;
      return (
        <Stack gap={2}>
          <span>
            {r.target_type}
            {r.target_id ? ` ${r.target_id}` : ''}
          </span>
          {r.target_name !== null && <Text size="sm">{r.target_name}</Text>}
          {r.target_deleted && (
            <Text size="sm" fs="italic">
              deleted
            </Text>
          )}
        </Stack>
      );
    },
  }),
  column.accessor('diff', { header: 'Changes', cell: (c) => <Diff diff={c.getValue()} /> }),
  column.accessor('reason', { header: 'Reason', cell: (c) => c.getValue() ?? '' }),
  column.accessor('client_ip', { header: 'Client address', cell: (c) => c.getValue() ?? '' }),
];

/**
 * A small screen's audit log (issue 25): one compact entry per change, every field on screen and none labelled on a
 * line of its own (a generic card per row was twice as tall as the sideways-scrolled table it replaces).
 */
function AuditEntries({ rows }: { rows: AuditEntryDto[] }) {
  return (
    <Box component="ol" aria-label="Audit log" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((r) => (
        <Box
          component="li"
          key={r.id}
          py={6}
          data-testid="audit-entry"
          style={{ borderBottom: '1px solid var(--kindred-border)', overflowWrap: 'anywhere' }}
        >
          <Group justify="space-between" gap={4} wrap="wrap">
            <Code>{r.action}</Code>
            <Text size="xs" c="var(--kindred-muted)">
              <time dateTime={r.at}>{formatDateTime(r.at)}</time>
            </Text>
          </Group>
          <Text size="sm" lh={1.35} mt={2}>
            By {r.actor.name ?? 'Former staff member'} ({r.actor.role}){r.client_ip ? ` from ${r.client_ip}` : ''}
          </Text>
          <Text size="sm" lh={1.35}>
            On {r.target_type}
            {r.target_id ? ` ${r.target_id}` : ''}
            {r.target_name !== null ? ` · ${r.target_name}` : ''}
            {r.target_deleted ? ' (deleted)' : ''}
          </Text>
          {r.reason && (
            <Text size="sm" lh={1.35}>
              Reason: {r.reason}
            </Text>
          )}
          {diffLines(r.diff).length > 0 && <Diff diff={r.diff} />}
        </Box>
      ))}
    </Box>
  );
}

/** One page of audit rows (the server filters and pages: manual mode, nothing sorted or sliced here). */
export function AuditTable({ rows }: { rows: AuditEntryDto[] }) {
  const small = useMediaQuery(STACKED_QUERY) ?? false;
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    getRowId: (r) => r.id,
  });
  if (small) return <AuditEntries rows={rows} />;
  return (
    <ServerTable
      table={table}
      minWidth={900}
      tableProps={{ striped: true, verticalSpacing: 'sm', 'aria-label': 'Audit log' }}
      cellStyle={{ verticalAlign: 'top' }}
    />
  );
}

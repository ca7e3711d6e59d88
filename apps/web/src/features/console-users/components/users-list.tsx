import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { USER_ROLES } from '@kindred/shared';
import {
  CONSOLE_PAGE_SIZES,
  CONSOLE_USER_STATUSES,
  type ConsoleUserRow,
  type ConsoleUserSort,
} from '@kindred/shared/console-users.schemas';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { adminUserPath } from '../../../lib/paths.ts';
import { currentUserQueryOptions } from '../../admin/api/current-user.api.ts';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { ServerPagination, ServerTable } from '../../admin/components/server-table.tsx';
import { useConsolePlans, useConsoleUsers } from '../api/console-users.api.ts';
import { ROLE_LABEL, USER_STATUS } from '../lib/user-status.ts';
import { BulkDisableDialog } from './bulk-disable-dialog.tsx';

/** The list's state lives in the address, so a user page's Back returns to the same page of the same search. */
const QUERY_KEYS = ['q', 'role', 'plan', 'status', 'sort', 'dir', 'page', 'per_page'] as const;
const SORT_LABEL: Record<ConsoleUserSort, string> = {
  name: 'Name',
  email: 'Email',
  created: 'Created',
  last_sign_in: 'Last sign-in',
};
/** Names and addresses read A to Z first; dates newest first. */
const FIRST_DIR: Record<ConsoleUserSort, 'asc' | 'desc'> = {
  name: 'asc',
  email: 'asc',
  created: 'desc',
  last_sign_in: 'desc',
};

const column = createColumnHelper<ConsoleUserRow>();

const PLAN_STATUS: Record<string, string> = { active: 'Active', past_due: 'Past due' };

/** The Plan cell: an admin reads the plan's name; support its status and end date only. */
function planCell(u: ConsoleUserRow, isAdmin: boolean): string {
  if (!u.plan_status) return '—';
  if (isAdmin && u.plan_name) return u.plan_name;
  return `${PLAN_STATUS[u.plan_status] ?? u.plan_status} until ${formatDate(u.plan_current_period_end)}`;
}

/** /admin/users: search, filters, server-side sort and paging; admins select rows to disable in bulk. */
export function UsersList() {
  const [params, setParams] = useSearchParams();
  const me = useQuery(currentUserQueryOptions()).data;
  const isAdmin = me?.role === 'admin';
  const query = useMemo(() => {
    const q: Record<string, string> = {};
    for (const k of QUERY_KEYS) {
      const v = params.get(k);
      if (v) q[k] = v;
    }
    return q;
  }, [params]);
  const sort = (query.sort ?? 'created') as ConsoleUserSort;
  const dir = (query.dir ?? 'desc') as 'asc' | 'desc';
  const perPage = Number(query.per_page ?? 25);
  const page = Number(query.page ?? 1);

  const update = (change: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const [search, setSearch] = useState(query.q ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debounced !== (params.get('q') ?? '')) update({ q: debounced || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the typed search settles
  }, [debounced]);

  const users = useConsoleUsers(query);
  const plans = useConsolePlans(isAdmin);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [bulkOpen, setBulkOpen] = useState(false);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  const columns = useMemo(
    () => [
      ...(isAdmin
        ? [
            column.display({
              id: 'select',
              header: ({ table }) => (
                <Checkbox
                  aria-label="Select every user on this page"
                  checked={table.getIsAllRowsSelected()}
                  indeterminate={table.getIsSomeRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <Checkbox
                  aria-label={`Select ${row.original.first_name} ${row.original.last_name}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            }),
          ]
        : []),
      column.accessor((u) => `${u.first_name} ${u.last_name}`, {
        id: 'name',
        cell: (c) => (
          <Anchor component={Link} to={adminUserPath(c.row.original.id)} fw={600}>
            {c.getValue()}
          </Anchor>
        ),
      }),
      column.accessor('email', { id: 'email', cell: (c) => <Text size="sm">{c.getValue()}</Text> }),
      column.accessor('role', { header: 'Role', cell: (c) => ROLE_LABEL[c.getValue()] ?? c.getValue() }),
      column.accessor('status', {
        header: 'Status',
        cell: (c) => <StatusBadge status={USER_STATUS[c.getValue()].label} color={USER_STATUS[c.getValue()].color} />,
      }),
      // Support sees a plan's status and end date, never which plan (its name carries its price), issue 25.
      column.display({ id: 'plan', header: 'Plan', cell: (c) => planCell(c.row.original, isAdmin) }),
      column.accessor('created_at', { id: 'created', cell: (c) => formatDateTime(c.getValue()) }),
      column.accessor('last_sign_in_at', {
        id: 'last_sign_in',
        cell: (c) => (c.getValue() ? formatDateTime(c.getValue()) : 'Never'),
      }),
    ],
    [isAdmin],
  );

  const table = useReactTable({
    data: users.data?.users ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (u) => u.id,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableRowSelection: isAdmin,
    state: { rowSelection: selection, sorting: [{ id: sort, desc: dir === 'desc' }] },
    onRowSelectionChange: setSelection,
  });

  const sortBy = (key: ConsoleUserSort) =>
    update({ sort: key, dir: key === sort ? (dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[key], page: null });

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Search and filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name or email"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            label="Role"
            placeholder="Any role"
            clearable
            data={USER_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] ?? r }))}
            value={query.role ?? null}
            onChange={(v) => update({ role: v, page: null })}
            w={150}
          />
          <Select
            label="Plan"
            placeholder="Any plan"
            clearable
            data={[
              { value: 'none', label: 'No plan' },
              ...(isAdmin ? (plans.data?.plans ?? []) : []).map((p) => ({ value: p.id, label: p.name })),
            ]}
            value={query.plan ?? null}
            onChange={(v) => update({ plan: v, page: null })}
            w={220}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={CONSOLE_USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS[s].label }))}
            value={query.status ?? null}
            onChange={(v) => update({ status: v, page: null })}
            w={170}
          />
        </Group>
      </Paper>

      {isAdmin && (
        <Group gap="sm">
          <Button color="red" variant="light" disabled={selectedIds.length === 0} onClick={() => setBulkOpen(true)}>
            Disable selected ({selectedIds.length})
          </Button>
          {selectedIds.length > 0 && (
            <Button variant="subtle" onClick={() => setSelection({})}>
              Clear selection
            </Button>
          )}
        </Group>
      )}

      {users.isPending && (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading users">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={40} radius="sm" />
          ))}
        </Stack>
      )}
      {users.isError && !users.data && (
        <LoadFailed title="We could not load the users" error={users.error} onRetry={() => void users.refetch()} />
      )}
      {users.data && (
        <>
          <Text size="sm" c="var(--kindred-muted)" role="status" aria-live="polite">
            {users.data.total_capped
              ? `More than ${total.toLocaleString('en-US')} users match.`
              : `${total.toLocaleString('en-US')} ${total === 1 ? 'user matches' : 'users match'}.`}
          </Text>
          <ServerTable
            table={table}
            minWidth={820}
            labels={SORT_LABEL}
            tableProps={{ striped: true, highlightOnHover: true, 'aria-busy': users.isFetching, 'aria-label': 'Users' }}
            sortHeader={(h) => {
              const key = h.column.id as ConsoleUserSort;
              if (!(key in SORT_LABEL)) return undefined;
              return {
                ariaSort: key === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined,
                content: (
                  <UnstyledButton onClick={() => sortBy(key)} fw={700} fz="sm">
                    {SORT_LABEL[key]}
                    <span aria-hidden="true">{key === sort ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </UnstyledButton>
                ),
              };
            }}
          />
          {users.data.users.length === 0 && <Text>No users match this search and these filters.</Text>}
          <Group justify="space-between">
            <ServerPagination page={page} pages={pages} onPage={(p) => update({ page: p === 1 ? null : String(p) })} />
            <Select
              label="Per page"
              data={CONSOLE_PAGE_SIZES.map(String)}
              value={String(perPage)}
              onChange={(v) => update({ per_page: v === '25' ? null : v, page: null })}
              w={100}
              allowDeselect={false}
            />
          </Group>
        </>
      )}
      {isAdmin && (
        <BulkDisableDialog
          opened={bulkOpen}
          ids={selectedIds}
          onClose={() => setBulkOpen(false)}
          onDone={() => setSelection({})}
        />
      )}
    </Stack>
  );
}

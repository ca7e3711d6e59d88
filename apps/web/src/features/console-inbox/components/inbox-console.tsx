import {
  Anchor,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INBOX_PAGE_SIZES, INBOX_STATUS_LABELS, type InboxMessageDto } from '@kindred/shared/console-inbox.schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { AdminPageHeading, NoAccess } from '../../admin/components/admin-shell.tsx';
import { LoadFailed } from '../../admin/components/load-failed.tsx';
import { ServerPagination, ServerTable } from '../../admin/components/server-table.tsx';
import { isForbidden } from '../../../lib/server-errors.ts';
import { useInboxAssignees, useInboxList } from '../api/console-inbox.api.ts';
import { readInboxSearch, writeInboxSearch, type InboxSearch } from '../lib/inbox-search.ts';
import { InboxMessage } from './inbox-message.tsx';
import { InboxStatusBadge } from './inbox-status-badge.tsx';

const HEADING_ID = 'admin-inbox-title';
const column = createColumnHelper<InboxMessageDto>();
export const messageHref = (id: string) => `${paths.adminInbox}?message=${encodeURIComponent(id)}`;
const snippet = (s: string) => (s.length > 90 ? `${s.slice(0, 90)}…` : s);

/**
 * The operator console's inbox (support, admin): contact-form messages filtered, searched, sorted and paged on
 * the server (TanStack Table in server mode), and one message with its replies when the address names it.
 */
export function InboxConsole() {
  const [params, setParams] = useSearchParams();
  const messageId = params.get('message');
  if (messageId) return <InboxMessage id={messageId} backTo={`${paths.adminInbox}`} />;
  return <InboxList params={params} setParams={setParams} />;
}

function InboxList({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const search = readInboxSearch(params);
  const list = useInboxList(search);
  const assignees = useInboxAssignees();
  const [typed, setTyped] = useState(search.q);
  const [debounced] = useDebouncedValue(typed, 300);
  // From the address as it is when applied: a late search (debounced typing) never undoes a newer navigation,
  // such as opening a message.
  const go = (next: Partial<InboxSearch>) =>
    setParams(
      (prev) => (prev.get('message') ? prev : writeInboxSearch({ ...readInboxSearch(prev), page: 1, ...next })),
      {
        replace: !('page' in next),
      },
    );
  useEffect(() => {
    if (debounced.trim() !== search.q) go({ q: debounced });
    // Only a settled change of the typed text searches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'From',
        cell: (c) => (
          <Stack gap={0}>
            <Anchor component={Link} to={messageHref(c.row.original.id)} fw={600} size="sm">
              {c.getValue()}
            </Anchor>
            <Text size="xs" c="var(--kindred-muted)">
              {c.row.original.email}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('question', { header: 'Message', cell: (c) => <Text size="sm">{snippet(c.getValue())}</Text> }),
      column.accessor('status', {
        header: 'Status',
        cell: (c) => (
          <div style={{ whiteSpace: 'nowrap', minWidth: 90 }}>
            <InboxStatusBadge status={c.getValue()} />
          </div>
        ),
      }),
      column.accessor('assignee', {
        header: 'Assignee',
        cell: (c) => (
          <Text size="sm" c={c.getValue() ? undefined : 'var(--kindred-muted)'}>
            {c.getValue()?.name ?? 'Nobody'}
          </Text>
        ),
      }),
      column.accessor('created_at', { id: 'received', header: 'Received', cell: (c) => formatDateTime(c.getValue()) }),
    ],
    [],
  );
  const rows = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: count,
    state: {
      pagination: { pageIndex: search.page - 1, pageSize: search.size },
      sorting: [{ id: 'received', desc: search.sort === 'newest' }],
    },
  });
  const pages = Math.max(1, Math.ceil(count / search.size));
  const staff = assignees.data?.results ?? [];
  const assigneeOptions = [
    { value: 'anyone', label: 'Anyone' },
    { value: 'me', label: 'Assigned to me' },
    { value: 'none', label: 'Nobody' },
    ...staff.map((s) => ({ value: s.id, label: s.name })),
  ];

  return (
    <Stack gap="lg">
      <AdminPageHeading title="Inbox" id={HEADING_ID} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="inbox-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="inbox-status-label"
            value={search.status}
            onChange={(v) => go({ status: v as InboxSearch['status'] })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'new', label: INBOX_STATUS_LABELS.new },
              { value: 'answered', label: INBOX_STATUS_LABELS.answered },
              { value: 'closed', label: INBOX_STATUS_LABELS.closed },
            ]}
          />
        </Stack>
        <Select
          label="Assignee"
          data={assigneeOptions}
          value={search.assignee}
          allowDeselect={false}
          onChange={(v) => go({ assignee: v ?? 'anyone' })}
          w={200}
        />
        <TextInput
          label="Search"
          placeholder="Name, e-mail or text"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={100}
          w={260}
        />
      </Group>

      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading messages">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={52} radius="sm" />
          ))}
        </Stack>
      ) : list.isError ? (
        isForbidden(list.error) ? (
          <NoAccess />
        ) : (
          <LoadFailed title="We could not load the inbox" error={list.error} onRetry={() => void list.refetch()} />
        )
      ) : rows.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center">No messages match.</Text>
        </Paper>
      ) : (
        <>
          <ServerTable
            table={table}
            minWidth={760}
            tableProps={{
              verticalSpacing: 'sm',
              highlightOnHover: true,
              'aria-labelledby': HEADING_ID,
              'aria-busy': list.isFetching,
            }}
            sortHeader={(h) =>
              h.column.id === 'received'
                ? {
                    ariaSort: search.sort === 'newest' ? 'descending' : 'ascending',
                    content: (
                      <UnstyledButton
                        fw={700}
                        fz="sm"
                        onClick={() => go({ sort: search.sort === 'newest' ? 'oldest' : 'newest' })}
                      >
                        Received {search.sort === 'newest' ? '↓' : '↑'}
                        <VisuallyHidden>
                          {search.sort === 'newest' ? ', newest first' : ', oldest first'}
                        </VisuallyHidden>
                      </UnstyledButton>
                    ),
                  }
                : undefined
            }
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="var(--kindred-muted)" aria-live="polite">
              {count === 1 ? '1 message' : `${count} messages`}
            </Text>
            <Group gap="sm">
              <Select
                aria-label="Messages per page"
                data={INBOX_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} a page` }))}
                value={String(search.size)}
                allowDeselect={false}
                onChange={(v) => go({ size: Number(v) })}
                w={130}
              />
              <ServerPagination page={search.page} pages={pages} onPage={(page) => go({ page })} />
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}

import { Checkbox, Pagination, Select, Text, UnstyledButton } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { toast } from 'react-hot-toast';
import { CONSOLE_DONOR_SORTS, type ConsoleDonorDto } from '@kindred/shared/console-donors.schemas';
import { AVAILABILITY, type Availability } from '@kindred/shared/vocabulary';
import { ServerTable } from '../../admin/components/server-table.tsx';
import { failureMessage } from '../../../lib/server-errors.ts';
import { useSetAvailability } from '../api/console-donors.api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { StaffDonorUpdatesButton } from '../../notifications/components/staff-donor-updates.tsx';
import { labelOf } from '../lib/labels.ts';

type Props = {
  donors: ConsoleDonorDto[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
  selection: RowSelectionState;
  onSelection: (selection: RowSelectionState) => void;
  /** Admins edit availability and select rows for bulk changes; support reads. */
  canEdit: boolean;
};

const SORTABLE = new Set<string>(CONSOLE_DONOR_SORTS);

function AvailabilityCell({ donor }: { donor: ConsoleDonorDto }) {
  const save = useSetAvailability();
  return (
    <Select
      size="xs"
      w={140}
      aria-label={`Availability of ${donor.reference_id}`}
      data={AVAILABILITY.map((a) => ({ value: a, label: labelOf(a) }))}
      value={donor.availability}
      allowDeselect={false}
      disabled={save.isPending}
      onChange={(value) => {
        if (!value || value === donor.availability) return;
        save.mutate(
          { referenceId: donor.reference_id, body: { availability: value as Availability } },
          {
            onSuccess: () => toast.success(`${donor.reference_id} is now ${labelOf(value).toLowerCase()}.`),
            onError: (error) => toast.error(failureMessage(error, 'The availability could not be saved.')),
          },
        );
      }}
    />
  );
}

/** The catalogue page as a TanStack table in server mode: sorting and paging are the API's (manual). */
export function DonorsTable(props: Props) {
  const { canEdit } = props;
  const columns = useMemo<ColumnDef<ConsoleDonorDto>[]>(
    () => [
      ...(canEdit
        ? [
            {
              id: 'select',
              header: ({ table }) => (
                <Checkbox
                  aria-label="Select all donors on this page"
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <Checkbox
                  aria-label={`Select ${row.original.reference_id}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            } satisfies ColumnDef<ConsoleDonorDto>,
          ]
        : []),
      { accessorKey: 'reference_id', header: 'Reference' },
      { accessorKey: 'bank_name', header: 'Bank' },
      { accessorKey: 'bank_donor_id', header: 'Bank id', enableSorting: false },
      {
        accessorKey: 'donor_type',
        header: 'Type',
        enableSorting: false,
        cell: (c) => labelOf(c.row.original.donor_type),
      },
      { accessorKey: 'disclosure', header: 'Disclosure', enableSorting: false },
      {
        accessorKey: 'availability',
        header: 'Availability',
        enableSorting: false,
        cell: ({ row }) => (canEdit ? <AvailabilityCell donor={row.original} /> : labelOf(row.original.availability)),
      },
      {
        id: 'family',
        header: 'Family limit',
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.original.families_so_far}/{row.original.family_limit}{' '}
            <Text span size="sm" fw={600} c={row.original.family_status === 'open' ? 'teal.9' : 'gray.8'}>
              {row.original.family_status === 'open' ? 'open' : 'full'}
            </Text>
          </Text>
        ),
      },
      {
        accessorKey: 'last_medical_update',
        header: 'Last medical update',
        cell: (c) => formatDate(c.row.original.last_medical_update),
      },
      { accessorKey: 'updated_at', header: 'Changed', cell: (c) => formatDateTime(c.row.original.updated_at) },
      ...(canEdit
        ? [
            {
              id: 'updates',
              header: 'Updates',
              enableSorting: false,
              cell: ({ row }) => <StaffDonorUpdatesButton scope="admin" referenceId={row.original.reference_id} />,
            } satisfies ColumnDef<ConsoleDonorDto>,
          ]
        : []),
    ],
    [canEdit],
  );

  const table = useReactTable({
    data: props.donors,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (d) => d.reference_id,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: props.total,
    state: {
      sorting: props.sorting,
      rowSelection: props.selection,
      pagination: { pageIndex: props.page - 1, pageSize: props.pageSize },
    },
    onSortingChange: (updater) => props.onSorting(typeof updater === 'function' ? updater(props.sorting) : updater),
    onRowSelectionChange: (updater) =>
      props.onSelection(typeof updater === 'function' ? updater(props.selection) : updater),
    enableRowSelection: canEdit,
  });
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));

  return (
    <>
      <ServerTable
        table={table}
        minWidth={980}
        tableProps={{ striped: true, highlightOnHover: true, 'aria-label': 'Donors', 'aria-rowcount': props.total }}
        sortHeader={(header) => {
          const sorted = header.column.getIsSorted();
          const label = flexRender(header.column.columnDef.header, header.getContext());
          const sortable = SORTABLE.has(header.column.id) && header.column.getCanSort();
          // A plain header for what cannot be sorted (on a small screen's cards it is for screen readers only).
          if (!sortable) return undefined;
          return {
            ariaSort: sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined,
            content: (
              <UnstyledButton
                onClick={header.column.getToggleSortingHandler()}
                fw={700}
                fz="sm"
                aria-label={`Sort by ${String(header.column.columnDef.header)}`}
              >
                {label} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
              </UnstyledButton>
            ),
          };
        }}
      />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={props.page}
          onChange={props.onPage}
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
    </>
  );
}

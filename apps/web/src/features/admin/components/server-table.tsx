import { Pagination, Table, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { flexRender, type Column, type Header, type Row, type Table as TanStackTable } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import classes from './server-table.module.css';

/** Below this width a console table reads as cards (server-table.module.css), issue 25. */
export const STACKED_QUERY = '(max-width: 599.98px)';

type AriaSort = 'ascending' | 'descending' | undefined;

type ServerTableProps<T> = {
  /** The TanStack table (the console's are in server mode: the API sorts and pages, nothing is sliced here). */
  table: TanStackTable<T>;
  minWidth: number;
  /** The table's own props: its name (aria-label or aria-labelledby), aria-busy, striped, spacing. */
  tableProps: TableProps;
  /** A sortable column's header: its aria-sort and its content (the sort button); undefined for a plain header. */
  sortHeader?: (header: Header<T, unknown>) => { ariaSort: AriaSort; content: ReactNode } | undefined;
  /** Extra attributes of a body row (such as a data- hook). */
  rowProps?: (row: Row<T>) => Record<string, string>;
  cellStyle?: CSSProperties;
  /** A column's name on the cards of a small screen, where its header is not a plain string (a sort button's). */
  labels?: Record<string, string>;
};

/** The console's TanStack table: column headers (with a sort button where the page gives one) and the rows. */
export function ServerTable<T>({
  table,
  minWidth,
  tableProps,
  sortHeader,
  rowProps,
  cellStyle,
  labels,
}: ServerTableProps<T>) {
  const small = useMediaQuery(STACKED_QUERY) ?? false;
  const labelOf = (column: Column<T, unknown>) => {
    const header = column.columnDef.header;
    return labels?.[column.id] ?? (typeof header === 'string' ? header : '');
  };
  const grid = (
    <Table {...tableProps} className={classes.stacked}>
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id}>
            {group.headers.map((h) => {
              const sort = sortHeader?.(h);
              return (
                <Table.Th
                  key={h.id}
                  scope="col"
                  aria-sort={sort?.ariaSort}
                  // On the cards a plain column name is for screen readers only; buttons and boxes stay.
                  className={!sort && typeof h.column.columnDef.header === 'string' ? classes.quiet : undefined}
                >
                  {sort ? sort.content : flexRender(h.column.columnDef.header, h.getContext())}
                </Table.Th>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody>
        {table.getRowModel().rows.map((row) => (
          <Table.Tr key={row.id} {...rowProps?.(row)}>
            {row.getVisibleCells().map((cell) => (
              <Table.Td key={cell.id} style={cellStyle} data-label={labelOf(cell.column)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return cardsOrScroller(grid, small, String(tableProps['aria-label'] ?? 'Table'), minWidth);
}

/**
 * Below 600 px the table itself (its cards); wider, a native scroller that takes focus, named after its table, so
 * the keyboard scrolls it sideways where it is wider than the page (axe scrollable-region-focusable, issue 25).
 */
function cardsOrScroller(grid: ReactNode, small: boolean, label: string, minWidth: number) {
  if (small) return grid;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrolls sideways`}
    >
      {grid}
    </Table.ScrollContainer>
  );
}

/**
 * A plain console table (a row of column names, then rows of cells) that reads as cards below 600 px, like
 * ServerTable: every field and action on screen, nothing to scroll sideways (issue 25). Wider, a named scroller.
 */
export function StackedTable({
  label,
  minWidth,
  columns,
  rows,
}: {
  label: string;
  minWidth: number;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  const small = useMediaQuery(STACKED_QUERY) ?? false;
  const grid = (
    <Table aria-label={label} className={classes.stacked}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c} scope="col" className={classes.quiet}>
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            {r.cells.map((cell, i) => (
              <Table.Td key={columns[i]} data-label={columns[i]}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return cardsOrScroller(grid, small, label, minWidth);
}

/** The console's page footer: a page past the last shows the last; the controls are named "Previous/Next page". */
export function ServerPagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onPage}
      getControlProps={(control) => ({
        'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
      })}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
    />
  );
}

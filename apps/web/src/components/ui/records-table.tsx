import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

type Props<T> = {
  /** The column headers, in order; `cells` gives one cell a column. */
  columns: readonly string[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  cells: (row: T) => readonly ReactNode[];
  /** The table's accessible name where no caption names it. */
  label?: string;
  caption?: string;
  striped?: boolean;
  /** Scrolls sideways on screens narrower than this (px). */
  minWidth?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
};

/** A read-only table of records: a header row of column names, then one row a record (console and portal lists). */
export function RecordsTable<T>({ columns, rows, rowKey, cells, label, caption, striped, minWidth, empty }: Props<T>) {
  if (rows.length === 0 && empty !== undefined) return empty;
  const table = (
    <Table striped={striped} aria-label={label}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {cells(row).map((cell, i) => (
              <Table.Td key={columns[i] ?? i}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}

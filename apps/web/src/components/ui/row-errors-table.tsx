import { Table } from '@mantine/core';

export type RowError = { row: number; field: string; error: string };

/** An import's row-error report: one line per rejected field (Row, Field, Error). */
export function RowErrorsTable({ errors, label }: { errors: RowError[]; label: string }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Field</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e, i) => (
            <Table.Tr key={`${e.row}-${e.field}-${i}`}>
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.field}</Table.Td>
              <Table.Td>{e.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

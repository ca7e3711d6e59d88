import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  id: string;
  title: string;
  columns: string[];
  loading: boolean;
  emptyText: string;
  rows: ReactNode[];
  /** Below this width the table scrolls sideways (560 px unless a wider table asks for more). */
  minWidth?: number;
};

/** A titled table card with skeleton rows while loading and the spec's empty message when there is nothing. */
export function SectionTable({ id, title, columns, loading, emptyText, rows, minWidth = 560 }: Props) {
  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="md">
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={`Loading ${title}`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={36} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="var(--kindred-muted)" ta="center" py="lg">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" highlightOnHover striped="even" stripedColor="gray.0">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import classes from './profile.module.css';

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

/**
 * A titled table card with skeleton rows while loading and the spec's empty message when there is nothing. Below
 * 600 px each row is a card of labelled lines (profile.module.css `.stacked`) instead of a table that scrolls
 * sideways.
 */
export function SectionTable({ id, title, columns, loading, emptyText, rows, minWidth = 560 }: Props) {
  const small = useMediaQuery('(max-width: 599.98px)') ?? false;
  // Column names for the stacked cards' line labels, as CSS strings.
  const labels = Object.fromEntries(columns.map((c, i) => [`--col-${i + 1}`, JSON.stringify(c)])) as CSSProperties;
  const table = (
    <Table
      verticalSpacing="sm"
      highlightOnHover={!small}
      striped={small ? false : 'even'}
      stripedColor="gray.0"
      className={classes.stacked}
      style={labels}
    >
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
  );
  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="md">
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={`Loading ${title}`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={36} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="var(--kindred-muted)" ta="center" py="lg">
          {emptyText}
        </Text>
      ) : small ? (
        table
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
      )}
    </Paper>
  );
}

import { ScrollArea, Table, Text } from '@mantine/core';
import type { FactorResult } from '@kindred/shared/matching.schemas';
import { formatMatchPercent } from '@kindred/shared/format';
import { contributionRows } from '../../../lib/match-display.ts';

const pts = (v: number) => v.toFixed(1);

/**
 * Every factor's part in the overall score, in points: what the parent asked, whether the donor meets it, the
 * points it added of the points it could add (its weight), and the points lost. The points add up to the score,
 * so two donors' tables show why one ranks above the other.
 */
export function FactorTable({ factors, overall }: { factors: readonly FactorResult[]; overall: number }) {
  const rows = contributionRows(factors);
  const sum = (k: 'points' | 'weight' | 'lost') => rows.reduce((n, r) => n + r[k], 0);
  return (
    <>
      <ScrollArea type="auto">
        <Table
          withTableBorder
          verticalSpacing={6}
          horizontalSpacing={5}
          fz={{ base: 'xs', sm: 'sm' }}
          miw={300}
          data-testid="factor-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Factor</Table.Th>
              <Table.Th scope="col">Your preference</Table.Th>
              <Table.Th scope="col" ta="right">
                Points added / possible
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Points lost
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.factor}>
                <Table.Th scope="row">{r.label}</Table.Th>
                <Table.Td>
                  <Text
                    fz="inherit"
                    c={r.status === 'Not met' ? '#9a3412' : undefined}
                    fw={r.status === 'Met' || r.status === 'Not met (not counted)' ? undefined : 600}
                  >
                    {r.status}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {pts(r.points)} / {pts(r.weight)}
                </Table.Td>
                <Table.Td ta="right">{pts(r.lost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td />
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {pts(sum('points'))} / {pts(sum('weight'))}
              </Table.Td>
              <Table.Td ta="right">{pts(sum('lost'))}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
      <Text size="sm" c="var(--kindred-muted)" mt="xs">
        The points add up to the overall score of {formatMatchPercent(overall)} (each is rounded to one decimal).
      </Text>
    </>
  );
}

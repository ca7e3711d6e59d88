import { Table, Text } from '@mantine/core';
import { reviewRows } from '../../model/review.ts';
import type { WizardDraft } from '../../model/draft.ts';

export function ReviewStep({ draft }: { draft: WizardDraft }) {
  return (
    <>
      <Text c="var(--kindred-muted)" mb="md">
        Check your answers. You can go back to any step to change them before submitting.
      </Text>
      <Table withTableBorder withRowBorders verticalSpacing="xs" layout="fixed">
        <Table.Tbody>
          {reviewRows(draft).map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" w="40%">
                {row.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

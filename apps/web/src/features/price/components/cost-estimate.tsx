import { Stack, Table, Text } from '@mantine/core';
import { formatMinor, PRICE_MSG, type Estimate } from '@kindred/shared/price-lists';

const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A cost estimate as a parent reads it (issue 29): the headline ("About $4,850 for 6 IUI vials, 12 months' storage
 * and one shipment to Illinois"), the breakdown to the cent, the price list's date and the plain statement that
 * the bank's invoice decides; or "Price not listed by the bank".
 */
export function CostEstimate({ estimate, compact = false }: { estimate: Estimate; compact?: boolean }) {
  if (!estimate.listed)
    return (
      <Text size="sm" c="var(--kindred-muted)" data-testid="cost-estimate">
        {estimate.reason}
      </Text>
    );
  const money = (minor: number) => formatMinor(minor, estimate.currency);
  const breakdown = (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label="Cost breakdown">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Item</Table.Th>
          <Table.Th scope="col" ta="right">
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {estimate.lines.map((l) => (
          <Table.Tr key={l.label}>
            <Table.Th scope="row" fw={400}>
              {l.label}
              {l.quantity > 1 ? ` (${l.quantity} × ${money(l.unit_minor)})` : ''}
            </Table.Th>
            <Table.Td ta="right">{money(l.amount_minor)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="cost-total">
            {money(estimate.total_minor)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
  const notes = (
    <Text size="xs" c="var(--kindred-muted)">
      Prices as the bank listed them on {longDate(estimate.confirmed_on)}, in {estimate.currency}. The headline is
      rounded to the nearest 10; the breakdown is exact. {PRICE_MSG.invoiceDecides}
    </Text>
  );
  return (
    <Stack gap={6} data-testid="cost-estimate">
      <Text fw={600} size={compact ? 'sm' : 'md'} data-testid="cost-summary">
        {estimate.summary}
      </Text>
      {compact ? (
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Cost breakdown</summary>
          <Stack gap={6} mt={6}>
            {breakdown}
            {notes}
          </Stack>
        </details>
      ) : (
        <>
          {breakdown}
          {notes}
        </>
      )}
    </Stack>
  );
}

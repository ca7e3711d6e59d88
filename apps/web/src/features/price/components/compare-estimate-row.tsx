import { Table, Text } from '@mantine/core';
import {
  defaultPlan,
  estimateCost,
  formatMinor,
  mixedCurrencies,
  PRICE_MSG,
  type PriceListTerms,
} from '@kindred/shared/price-lists';
import type { DonorType } from '@kindred/shared/vocabulary';

type Compared = { donor: { reference_id: string; donor_type: DonorType }; price_list?: PriceListTerms | null };

/**
 * The compare table's row of cost estimates (issue 29): each donor's default plan at their bank, with the
 * estimate's headline; amounts in different currencies are never compared without saying so.
 */
export function CompareEstimateRow({ donors }: { donors: readonly Compared[] }) {
  const estimates = donors.map((d) =>
    estimateCost(d.price_list ?? null, defaultPlan(d.donor.donor_type), d.donor.donor_type),
  );
  const mixed = mixedCurrencies(estimates);
  return (
    <Table.Tr>
      <Table.Th scope="row">
        Estimated cost
        {mixed && (
          <Text size="xs" c="var(--kindred-muted)" fw={400}>
            In different currencies: not comparable as they stand.
          </Text>
        )}
      </Table.Th>
      {estimates.map((e, i) => (
        <Table.Td key={donors[i]!.donor.reference_id}>
          {e.listed ? (
            <>
              <Text size="sm" fw={600}>
                {formatMinor(e.about_minor, e.currency)}
              </Text>
              <Text size="xs" c="var(--kindred-muted)">
                {e.summary.replace(/^About [^ ]+ for /, 'For ')}; list of {e.confirmed_on}. The bank’s invoice decides.
              </Text>
            </>
          ) : (
            <Text size="sm">{PRICE_MSG.notListed}</Text>
          )}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

import { Text } from '@mantine/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FindMatchesResponse } from '@kindred/shared/matching.schemas';
import type { Estimate } from '@kindred/shared/price-lists';

/**
 * Each shown donor's cost estimate from the find-matches pages (issue 29), for the cards to read by reference id:
 * the matches page provides it once, so a card mounts its estimate with one line and no new prop.
 */
const EstimatesContext = createContext<ReadonlyMap<string, Estimate>>(new Map());

export function EstimatesProvider({
  pages,
  children,
}: {
  pages: readonly Partial<Pick<FindMatchesResponse, 'estimates' | 'price_note'>>[] | undefined;
  children: ReactNode;
}) {
  // Estimates in more than one currency on the page: said once, above the cards (never added up or compared).
  const note = (pages ?? []).find((p) => p.price_note)?.price_note ?? null;
  const byDonor = useMemo(
    () => new Map((pages ?? []).flatMap((p) => (p.estimates ?? []).map((e) => [e.donor_reference_id, e.estimate]))),
    [pages],
  );
  return (
    <EstimatesContext.Provider value={byDonor}>
      {note && (
        <Text size="sm" role="note" data-testid="price-note">
          {note}
        </Text>
      )}
      {children}
    </EstimatesContext.Provider>
  );
}

export const useEstimateOf = (referenceId: string): Estimate | undefined =>
  useContext(EstimatesContext).get(referenceId);

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevealedDonorsResponse } from '@kindred/shared/matching.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const revealedDonorsKey = ['revealed-donors'] as const;

/** GET donors/revealed/ (bearer): every donor unlocked under the current plan, newest first, as last shown. */
export function useRevealedDonors(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: revealedDonorsKey,
      queryFn: ({ signal }) => apiRequest<RevealedDonorsResponse>(apiPaths.revealedDonors, { auth: true, signal }),
      enabled,
      retry: false,
    }),
  );
}

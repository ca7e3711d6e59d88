import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { DonorDetailResponse } from '@kindred/shared/matching.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET donors/<reference_id>/ (bearer): only donors already shown to this parent; others answer 404. */
export function donorDetailOptions(referenceId: string) {
  return queryOptions({
    queryKey: ['donor', referenceId],
    queryFn: ({ signal }) => apiRequest<DonorDetailResponse>(apiPaths.donorDetail(referenceId), { auth: true, signal }),
    retry: false,
    staleTime: 60_000,
  });
}

export const useDonorDetail = (referenceId: string) => useQuery(donorDetailOptions(referenceId));

export const useDonorDetails = (referenceIds: readonly string[]) =>
  useQueries({ queries: referenceIds.map(donorDetailOptions) });

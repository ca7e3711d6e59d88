import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FindMatchesResponse } from '@kindred/shared/matching.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const findMatchesKey = (profileId: string) => ['matches', profileId] as const;

/** POST donors/find-matches/ (bearer): ranked donors for a saved preference profile; how many depends on the plan. */
export function findMatches(profileId: string, signal?: AbortSignal): Promise<FindMatchesResponse> {
  return apiRequest<FindMatchesResponse>(apiPaths.findMatches, { method: 'POST', body: { profile_id: profileId }, auth: true, signal });
}

export function useFindMatches(profileId: string | null, enabled: boolean) {
  return useQuery(queryOptions({
    queryKey: findMatchesKey(profileId ?? ''),
    queryFn: ({ signal }) => findMatches(profileId!, signal),
    enabled: enabled && profileId !== null,
    retry: false,
    staleTime: 30_000,
  }));
}

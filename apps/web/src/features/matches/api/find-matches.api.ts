import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FindMatchesResponse } from '@kindred/shared/matching.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const findMatchesKey = (profileId: string) => ['matches', profileId] as const;

/**
 * POST donors/find-matches/ (bearer): ranked donors for a saved preference profile; how many depends on the plan.
 * The server answers at most 50 per call; unlimited plans page on with `offset`.
 */
export function findMatches(profileId: string, offset: number, signal?: AbortSignal): Promise<FindMatchesResponse> {
  const body = offset > 0 ? { profile_id: profileId, offset } : { profile_id: profileId };
  return apiRequest<FindMatchesResponse>(apiPaths.findMatches, { method: 'POST', body, auth: true, signal });
}

export function useFindMatches(profileId: string | null, enabled: boolean) {
  return useInfiniteQuery(infiniteQueryOptions({
    queryKey: findMatchesKey(profileId ?? ''),
    queryFn: ({ signal, pageParam }) => findMatches(profileId!, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.matches.length, 0);
      const unlimited = last.subscription && last.matches_shown === null;
      return unlimited && last.matches.length > 0 && loaded < last.total_matches ? loaded : undefined;
    },
    enabled: enabled && profileId !== null,
    retry: false,
    staleTime: 30_000,
  }));
}

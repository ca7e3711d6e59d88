import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FindMatchesRequest, FindMatchesResponse } from '@kindred/shared/matching.schemas';
import type { HardFilterId } from '@kindred/shared/vocabulary';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { filtersKey, type MatchQuery } from '../utils/match-filters.ts';

/** What a results page asks for besides the profile: sort and filters (from the address) and a relaxed preview. */
export type MatchRequest = MatchQuery & { relax: readonly HardFilterId[] };

export const findMatchesKey = (profileId: string, req?: MatchRequest) =>
  req
    ? (['matches', profileId, req.sort, filtersKey(req.filters), req.relax.join(',')] as const)
    : (['matches', profileId] as const);

/** The request body: only what differs from the defaults, so a plain search reads as the spec's `{profile_id}`. */
export function findMatchesBody(profileId: string, offset: number, req: MatchRequest): FindMatchesRequest {
  return {
    profile_id: profileId,
    ...(offset > 0 ? { offset } : {}),
    ...(req.sort !== 'score' ? { sort: req.sort } : {}),
    ...(Object.keys(req.filters).length > 0 ? { filters: req.filters } : {}),
    ...(req.relax.length > 0 ? { relax: [...req.relax] } : {}),
  };
}

/**
 * POST donors/find-matches/ (bearer): ranked donors for a saved preference profile, filtered and sorted by the
 * server over the whole passing set; how many depends on the plan. At most 50 per call; unlimited plans page on
 * with `offset`.
 */
export function findMatches(
  profileId: string,
  offset: number,
  req: MatchRequest,
  signal?: AbortSignal,
): Promise<FindMatchesResponse> {
  return apiRequest<FindMatchesResponse>(apiPaths.findMatches, {
    method: 'POST',
    body: findMatchesBody(profileId, offset, req),
    auth: true,
    signal,
  });
}

export function useFindMatches(profileId: string | null, enabled: boolean, req: MatchRequest) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: findMatchesKey(profileId ?? '', req),
      queryFn: ({ signal, pageParam }) => findMatches(profileId!, pageParam, req, signal),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, p) => n + p.matches.length, 0);
        const unlimited = last.subscription && last.matches_shown === null;
        return unlimited && last.matches.length > 0 && loaded < last.total_matches ? loaded : undefined;
      },
      enabled: enabled && profileId !== null,
      // A new filter keeps the previous results on screen until the new ones arrive.
      placeholderData: keepPreviousData,
      retry: false,
      staleTime: 30_000,
    }),
  );
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouritesResponse } from '@kindred/shared/matching.schemas';
import { toast } from 'react-hot-toast';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { apiPaths } from '../../../lib/paths.ts';

const favouritesKey = ['favourites'] as const;

const favouritesOptions = () =>
  queryOptions({
    queryKey: favouritesKey,
    queryFn: ({ signal }) => apiRequest<FavouritesResponse>(apiPaths.favourites, { auth: true, signal }),
  });

/** GET donors/favourites/ (bearer): which donors the parent starred (for the star buttons). */
export function useFavourites() {
  return useQuery({
    ...favouritesOptions(),
    select: (body) => new Set(body.favourites.map((f) => f.donor_reference_id)),
  });
}

/** The shortlist itself: each starred donor with its latest score and the filters it now fails. */
export function useShortlist() {
  return useQuery({ ...favouritesOptions(), select: (body) => body.favourites, retry: false });
}

/** The shortlist's all-in estimates (issue 29), from the same answer: each donor's type's default plan. */
export function useShortlistEstimates() {
  return useQuery({ ...favouritesOptions(), select: (body) => body.estimates, retry: false });
}

/** POST/DELETE donors/favourites/ (bearer): star or unstar; the answer is the new list, kept as it comes. */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ referenceId, favourite }: { referenceId: string; favourite: boolean }) =>
      apiRequest<FavouritesResponse>(apiPaths.favourites, {
        method: favourite ? 'POST' : 'DELETE',
        body: { donor_reference_id: referenceId },
        auth: true,
      }),
    onSuccess: (body) => client.setQueryData(favouritesKey, body),
    onError: (error) => toast.error(errorMessage(error, 'Could not update your favourites. Please try again.')),
  });
}

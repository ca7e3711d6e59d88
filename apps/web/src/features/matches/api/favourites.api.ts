import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type FavouritesResponse = { success: true; favourites: { donor_reference_id: string; created_at: string }[] };

const favouritesKey = ['favourites'] as const;

/** GET/POST/DELETE donors/favourites/ (bearer): the parent's starred donors, kept on the account. */
export function useFavourites() {
  return useQuery(queryOptions({
    queryKey: favouritesKey,
    queryFn: ({ signal }) => apiRequest<FavouritesResponse>(apiPaths.favourites, { auth: true, signal }),
    select: (body) => new Set(body.favourites.map((f) => f.donor_reference_id)),
  }));
}

export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ referenceId, favourite }: { referenceId: string; favourite: boolean }) =>
      apiRequest<FavouritesResponse>(apiPaths.favourites, { method: favourite ? 'POST' : 'DELETE', body: { donor_reference_id: referenceId }, auth: true }),
    onSuccess: (body) => client.setQueryData(favouritesKey, body),
    onError: (error) => toast.error(errorMessage(error, 'Could not update your favourites. Please try again.')),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParentScreen, ParentScreenInput } from '@kindred/shared/genetics';
import type { ParentScreenResponse } from '@kindred/shared/parent-screen.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The signed-in parent's own carrier screening (issue 24): read, save, remove. */

export type { ParentScreen, ParentScreenInput };
const key = ['profile', 'carrier-screening'] as const;

export function useParentScreen() {
  return useQuery(
    queryOptions({
      queryKey: key,
      queryFn: ({ signal }) => apiRequest<ParentScreenResponse>(apiPaths.carrierScreening, { auth: true, signal }),
    }),
  );
}

export function useSaveParentScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (screen: ParentScreenInput) =>
      apiRequest<ParentScreenResponse>(apiPaths.carrierScreening, { method: 'PUT', body: screen, auth: true }),
    // Matches are scored with the screen: every list and donor page reads it again.
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
    },
  });
}

export function useRemoveParentScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ParentScreenResponse>(apiPaths.carrierScreening, { method: 'DELETE', auth: true }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AvailabilityRequest,
  BulkAvailabilityRequest,
  BulkAvailabilityResponse,
  availabilityResponse,
  consoleBanksResponse,
  consoleDonorsResponse,
} from '@kindred/shared/console-donors.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const consoleDonorKeys = {
  all: ['console', 'donors'] as const,
  list: (query: Record<string, string>) => ['console', 'donors', 'list', query] as const,
  banks: ['console', 'donors', 'banks'] as const,
};

export type ConsoleDonorsPage = z.infer<typeof consoleDonorsResponse>;

/** GET admin/donors/ (support, admin): one page of the catalogue; filters, sort and page are in `query`. */
export const useConsoleDonors = (query: Record<string, string>) =>
  useQuery({
    queryKey: consoleDonorKeys.list(query),
    queryFn: ({ signal }) => apiRequest<ConsoleDonorsPage>(apiPaths.consoleDonors, { auth: true, signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET admin/donors/banks/: the bank filter's choices. */
export const useConsoleBanks = () =>
  useQuery({
    queryKey: consoleDonorKeys.banks,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof consoleBanksResponse>>(apiPaths.consoleDonorBanks, { auth: true, signal }),
    staleTime: 60_000,
  });

/** PATCH admin/donors/<ref>/availability/ (admin). */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ referenceId, body }: { referenceId: string; body: AvailabilityRequest }) =>
      apiRequest<z.infer<typeof availabilityResponse>>(apiPaths.consoleDonorAvailability(referenceId), {
        method: 'PATCH',
        body,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleDonorKeys.all }),
  });
}

/** POST admin/donors/bulk/availability/ (admin): a dry run first, then the change. */
export function useBulkAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkAvailabilityRequest) =>
      apiRequest<BulkAvailabilityResponse>(apiPaths.consoleDonorsBulk, { method: 'POST', body, auth: true }),
    onSuccess: (res) => {
      if (!res.dry_run) void queryClient.invalidateQueries({ queryKey: consoleDonorKeys.all });
    },
  });
}

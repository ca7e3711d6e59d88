import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceImportResult, PriceList, PriceListInput } from '@kindred/shared/price-lists';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

const keys = { all: ['console', 'price-lists'] as const };

/** GET admin/price-lists/ (support, admin): every bank's list. */
export const usePriceLists = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      apiRequest<{ price_lists: PriceList[] }>(apiPaths.consolePriceLists, { auth: true, signal }),
  });

/** PUT admin/price-lists/<bank>/ (admin; audited). */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bank, body }: { bank: string; body: PriceListInput }) =>
      apiRequest<PriceList>(apiPaths.consolePriceList(bank), { method: 'PUT', body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** DELETE admin/price-lists/<bank>/ (admin; audited). */
export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bank: string) =>
      apiRequest<{ message: string }>(apiPaths.consolePriceList(bank), { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST admin/price-lists/import/ (admin, clinic): bad rows come back one by one. */
export function useImportPriceLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { format: 'csv' | 'json'; data: string; dry_run: boolean }) =>
      apiRequest<PriceImportResult>(apiPaths.consolePriceImport, { method: 'POST', body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

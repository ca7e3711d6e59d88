import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type Transaction = { plan_name: string; active: boolean; created_at?: string };

/** GET parent/transactions/ (bearer): plan purchases; data holds plan_name (spec section 3). */
export function fetchTransactions(signal?: AbortSignal): Promise<{ message: string; data: Transaction[] }> {
  return apiRequest(apiPaths.transactions, { auth: true, signal });
}

export function useTransactions() {
  return useQuery(
    queryOptions({ queryKey: ['transactions'], queryFn: ({ signal }) => fetchTransactions(signal), retry: false }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { listFrom } from './list-shape.ts';

export type Payment = {
  id: string;
  created_at: string;
  plan_price: number | string;
  /** ISO 4217 code, as the plan was priced ('usd'). */
  currency: string;
  plan_name: string;
  payment_status: string;
};

/** GET payments/ (bearer). */
export async function fetchPayments(signal?: AbortSignal): Promise<Payment[]> {
  const body = await apiRequest<unknown>(apiPaths.payments, { auth: true, signal });
  return listFrom<Payment>(body, 'payments');
}

export function usePayments() {
  return useQuery(queryOptions({ queryKey: ['payments', 'mine'], queryFn: ({ signal }) => fetchPayments(signal) }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanDto } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

type PlanList = { count: number; next: string | null; previous: string | null; results: PlanDto[] };

/** GET subscriptions/plans/ (public). The server already leaves out clinic plans; inactive ones are dropped here. */
export async function fetchPlans(signal?: AbortSignal): Promise<PlanDto[]> {
  const body = await apiRequest<PlanList>(apiPaths.plans, { signal });
  return (body.results ?? []).filter((p) => p.is_active && p.plan_for !== 'clinic');
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['subscriptions', 'plans'],
    queryFn: ({ signal }) => fetchPlans(signal),
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}

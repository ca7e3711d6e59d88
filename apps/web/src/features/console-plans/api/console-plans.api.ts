import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanDto, PlanInput } from '@kindred/shared';
import type { ConsolePlanListResponse } from '@kindred/shared/console-plans.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Query keys of the console's plans; a change also refreshes the public plan list (features/subscriptions). */
export const consolePlansKey = ['admin', 'plans'] as const;
const publicPlansKey = ['subscriptions', 'plans'] as const;

/** GET admin/subscription/plans/ (admin): every plan, retired and clinic ones included, with subscribers. */
export const consolePlansQueryOptions = () =>
  queryOptions({
    queryKey: consolePlansKey,
    queryFn: ({ signal }) => apiRequest<ConsolePlanListResponse>(apiPaths.adminPlans, { auth: true, signal }),
  });

export const useConsolePlans = () => useQuery(consolePlansQueryOptions());

function useRefreshPlans() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: consolePlansKey });
    void queryClient.invalidateQueries({ queryKey: publicPlansKey });
  };
}

/** POST admin/subscription/plans/ (admin, audited). */
export function useCreatePlanMutation() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (body: PlanInput) => apiRequest<PlanDto>(apiPaths.adminPlans, { method: 'POST', body, auth: true }),
    onSuccess: refresh,
  });
}

/** PUT admin/subscription/plans/<id>/ (admin, audited): existing subscribers keep their price. */
export function useUpdatePlanMutation() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlanInput }) =>
      apiRequest<PlanDto>(apiPaths.adminPlan(id), { method: 'PUT', body, auth: true }),
    onSuccess: refresh,
  });
}

/** POST admin/subscription/plans/<id>/retire/ (admin, audited): no longer offered to new subscribers. */
export function useRetirePlanMutation() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PlanDto>(apiPaths.adminPlanRetire(id), { method: 'POST', auth: true }),
    onSuccess: refresh,
  });
}

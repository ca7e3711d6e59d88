import { useMutation } from '@tanstack/react-query';
import type { PlanDto } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type CheckoutSession = { sessionId: string; url: string };

/**
 * POST payments/create-checkout-session/ (bearer). Only the plan is sent: the server takes the price from its own
 * plan record. Paid plans add skip_trial; free plans (price 0) send plan_id alone (spec section 7).
 */
export function createCheckout(plan: Pick<PlanDto, 'id' | 'price'>): Promise<CheckoutSession> {
  const body = plan.price > 0 ? { plan_id: plan.id, skip_trial: true } : { plan_id: plan.id };
  return apiRequest<CheckoutSession>(apiPaths.createCheckout, { method: 'POST', body, auth: true });
}

export function useCreateCheckoutMutation() {
  return useMutation({ mutationFn: createCheckout });
}

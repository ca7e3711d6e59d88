import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { mySubscriptionKey, type MySubscription } from './my-subscription.api.ts';

type CancelResponse = SubscriptionChangeResponse;

/** POST subscriptions/cancel/ (bearer): stops the next renewal; access lasts to the end of the paid period. */
export function cancelSubscription(): Promise<CancelResponse> {
  return apiRequest<CancelResponse>(apiPaths.cancelSubscription, { method: 'POST', body: {}, auth: true });
}

export function useCancelSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (res) => {
      queryClient.setQueryData<MySubscription>(mySubscriptionKey, (old) => ({
        success: true,
        message: old?.message ?? '',
        subscription: res.subscription,
      }));
    },
  });
}

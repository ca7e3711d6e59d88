import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

type VerifyResponse = SubscriptionChangeResponse;

/** POST payments/create-checkout-session/verify/ (bearer): activates the plan once the provider says it is paid. */
export function verifyCheckout(sessionId: string): Promise<VerifyResponse> {
  return apiRequest<VerifyResponse>(apiPaths.verifyCheckout, {
    method: 'POST',
    body: { session_id: sessionId },
    auth: true,
  });
}

export function useVerifyCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCheckout,
    // The profile's subscription flag, the current plan and Payment History all change with a purchase.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySubscriptionResponse } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type MySubscription = MySubscriptionResponse;

export const mySubscriptionKey = ['subscriptions', 'me'] as const;

/** GET subscriptions/me/ (bearer): the current plan, credits left and renewal date, or null with a message. */
export function fetchMySubscription(signal?: AbortSignal): Promise<MySubscription> {
  return apiRequest<MySubscription>(apiPaths.mySubscription, { auth: true, signal });
}

export function useMySubscription() {
  return useQuery(queryOptions({ queryKey: mySubscriptionKey, queryFn: ({ signal }) => fetchMySubscription(signal) }));
}

import type { EntitlementDto } from '@kindred/shared';
import { useMySubscription } from './my-subscription.api.ts';

export type Entitlement = {
  /** The current plan as the API answers it (GET subscriptions/me/), or null when the parent has none. */
  plan: EntitlementDto | null;
  /** Whether a plan entitles the parent now: paid, trial or complimentary alike. */
  active: boolean;
  /** The name of the plan that entitles the parent now, or null. */
  planName: string | null;
  /** The API's message ("You don't have an active subscription…" when there is none). */
  message: string | null;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isRefetching: boolean;
};

/**
 * The one place the web app learns whether the parent has a plan (issue 25): the entitlement the API itself uses
 * for matching, never payment records (a complimentary plan granted in the console has no payment).
 */
export function useEntitlement(): Entitlement {
  const q = useMySubscription();
  const plan = q.data?.subscription ?? null;
  const active = plan?.active === true;
  return {
    plan,
    active,
    planName: active ? plan.plan_name : null,
    message: q.data?.message ?? null,
    isPending: q.isPending,
    isSuccess: q.isSuccess,
    isError: q.isError,
    error: q.error,
    refetch: q.refetch,
    isRefetching: q.isRefetching,
  };
}

import { matchesShownFor, type EntitlementDto } from '@kindred/shared';
import type { SubscriptionRow } from './subscriptions.repository.ts';

/**
 * What a subscription entitles its holder to, computed from the stored row and the plan: credits left, how
 * many matches to show, whether it renews, and whether Premium's counterfactual re-scoring is included.
 */
export function toEntitlement(s: SubscriptionRow, now: Date): EntitlementDto {
  const active = s.status === 'active' && s.current_period_end.getTime() > now.getTime();
  const remaining = s.match_credits_total === null ? null : Math.max(0, s.match_credits_total - s.match_credits_used);
  return {
    active,
    status: active ? 'active' : s.status === 'active' ? 'expired' : s.status,
    plan_id: s.plan_id,
    plan_name: s.plan_name,
    match_credits_total: s.match_credits_total,
    match_credits_used: s.match_credits_used,
    match_credits_remaining: remaining,
    matches_shown: matchesShownFor(s.plan_name),
    started_at: s.started_at.toISOString(),
    current_period_end: s.current_period_end.toISOString(),
    renews: s.billing_cycle !== null && !s.cancel_at_period_end,
    cancel_at_period_end: s.cancel_at_period_end,
    counterfactuals: s.billing_cycle !== null,
  };
}

/** The end of a period that starts at `from`: whole calendar months for monthly/yearly plans, days otherwise. */
export function periodEnd(from: Date, plan: { billing_cycle: string | null; duration_days: number }): Date {
  const d = new Date(from);
  if (plan.billing_cycle === 'month') {
    const day = d.getUTCDate();
    d.setUTCMonth(d.getUTCMonth() + 1);
    // 31 January + 1 month is the last day of February, not 3 March.
    if (d.getUTCDate() !== day) d.setUTCDate(0);
    return d;
  }
  if (plan.billing_cycle === 'year') {
    d.setUTCFullYear(d.getUTCFullYear() + 1);
    return d;
  }
  return new Date(d.getTime() + plan.duration_days * 86_400_000);
}

import { matchesShownFor, type EntitlementDto } from '@kindred/shared';
import type { Queryable } from '../../db/db.ts';
import { findCurrentSubscription, type SubscriptionRow } from './subscriptions.repository.ts';

/**
 * Stripe bills a renewing subscription at its period end and reports it (invoice.paid) a little later; until then,
 * and for up to this long, the subscription stays usable. Without the invoice the job then expires it.
 */
export const STRIPE_RENEWAL_GRACE_MS = 3 * 86_400_000;

/** The subscription that entitles the user now (the Stripe renewal grace included): the one rule every caller uses. */
export const findEntitledSubscription = (q: Queryable, userId: string, now: Date) =>
  findCurrentSubscription(q, userId, now, STRIPE_RENEWAL_GRACE_MS);

/** How long past its period end a subscription stays usable while its renewal is on its way. */
export function renewalGraceMs(
  s: Pick<SubscriptionRow, 'provider' | 'billing_cycle' | 'cancel_at_period_end' | 'status'>,
): number {
  return s.provider === 'stripe' && s.billing_cycle !== null && !s.cancel_at_period_end && s.status === 'active'
    ? STRIPE_RENEWAL_GRACE_MS
    : 0;
}

/**
 * What a subscription entitles its holder to, computed from the stored row and the plan: credits left, how
 * many matches to show, whether it renews, and whether Premium's counterfactual re-scoring is included.
 */
export function toEntitlement(s: SubscriptionRow, now: Date): EntitlementDto {
  const active = s.status === 'active' && s.current_period_end.getTime() + renewalGraceMs(s) > now.getTime();
  const complimentary = s.provider === 'complimentary';
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
    // A complimentary plan ends at its last day whatever the plan's billing cycle (nobody is charged).
    renews: s.billing_cycle !== null && !s.cancel_at_period_end && !complimentary,
    cancel_at_period_end: s.cancel_at_period_end,
    counterfactuals: s.billing_cycle !== null,
    complimentary,
  };
}

/**
 * The end of a period that starts at `from`: whole calendar months for monthly/yearly plans, days otherwise.
 * `anchorDay` is the day of the month the subscription started on: a period that was cut short by a short month
 * (31 January → 28 February) goes back to it afterwards (→ 31 March), as Stripe's billing anchor does.
 */
export function periodEnd(
  from: Date,
  plan: { billing_cycle: string | null; duration_days: number },
  anchorDay: number = from.getUTCDate(),
): Date {
  if (plan.billing_cycle === 'month' || plan.billing_cycle === 'year') {
    const d = new Date(from);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + (plan.billing_cycle === 'month' ? 1 : 12));
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(anchorDay, lastDay));
    return d;
  }
  return new Date(from.getTime() + plan.duration_days * 86_400_000);
}

import type { EntitlementDto, PlanDto } from '@kindred/shared';
import { FALLBACK_PLAN_FEATURES } from '@kindred/shared/plan-catalogue';
import { formatMoney } from '@kindred/shared/money';
import { formatDate } from '../../../lib/format.ts';

type PlanPrice = Pick<PlanDto, 'price' | 'currency' | 'billing_cycle'>;

const TRAILING_PARENTHETICAL = /\s*\([^()]*\)\s*$/;

/** The plan's short title: the seeded names carry their price in brackets ('Starter ($129 one-time)' → 'Starter'). */
export function planTitle(name: string): string {
  return name.replace(TRAILING_PARENTHETICAL, '').trim() || name;
}

/** '$129', '€12.50' (in the plan's currency), or 'Free' for a price of 0. */
export function formatPlanAmount(price: number, currency: string): string {
  if (!(price > 0)) return 'Free';
  return formatMoney(price, currency, { dropZeroCents: true });
}

/** '/ month' or '/ year' for renewing plans, 'one-time' for everything else. */
export function billingLabel(billingCycle: PlanDto['billing_cycle']): string {
  return billingCycle ? `/ ${billingCycle}` : 'one-time';
}

/** '$129 one-time', '$149 / month', 'Free one-time'. */
export function planPriceLabel(plan: PlanPrice): string {
  return `${formatPlanAmount(plan.price, plan.currency)} ${billingLabel(plan.billing_cycle)}`;
}

/** Spec section 2: Starter (flagged most popular by the server) and any plan named Standard carry the badge. */
export function isMostPopular(plan: Pick<PlanDto, 'name' | 'most_popular'>): boolean {
  return plan.most_popular || planTitle(plan.name).toLowerCase() === 'standard';
}

/** The plan's own features, else the spec's fallback texts for plans named free, basic or standard (section 9). */
export function planFeatures(plan: Pick<PlanDto, 'name' | 'features' | 'subscription_type'>): string[] {
  if (plan.features.length > 0) return plan.features;
  for (const key of [planTitle(plan.name).toLowerCase(), plan.subscription_type.toLowerCase()]) {
    const fallback = FALLBACK_PLAN_FEATURES[key];
    if (fallback) return fallback;
  }
  return [];
}

/** The BUY NOW button's accessible name: names the plan and its price ('BUY NOW: Starter ($129 one-time)'). */
export function buyButtonLabel(plan: Pick<PlanDto, 'name' | 'price' | 'currency' | 'billing_cycle'>): string {
  const named = TRAILING_PARENTHETICAL.test(plan.name) ? plan.name : `${plan.name} (${planPriceLabel(plan)})`;
  return `BUY NOW: ${named}`;
}

export type PlanCardState = { current: boolean; canBuy: boolean };

/**
 * Whether a plan card is the parent's current plan and whether BUY NOW is offered. Buying replaces the current
 * subscription, so the current plan cannot be bought again while it still gives something: a renewal, a paid
 * period running out after cancelling, or unused credits. A one-time plan whose credits are spent can be bought again.
 */
export function planCardState(plan: Pick<PlanDto, 'id'>, current: EntitlementDto | null | undefined): PlanCardState {
  if (!current?.active || current.plan_id !== plan.id) return { current: false, canBuy: true };
  const spent = current.match_credits_remaining === 0 && !current.renews && !current.cancel_at_period_end;
  return { current: true, canBuy: spent };
}

/** 'Unlimited matches' or '2 of 3 match credits left'. */
export function creditsLabel(e: Pick<EntitlementDto, 'match_credits_remaining' | 'match_credits_total'>): string {
  if (e.match_credits_remaining === null) return 'Unlimited matches';
  const total = e.match_credits_total ?? e.match_credits_remaining;
  return `${e.match_credits_remaining} of ${total} match ${total === 1 ? 'credit' : 'credits'} left`;
}

/** When the plan renews or ends, in the spec's 'MMM DD YYYY' date format. */
export function periodLabel(
  e: Pick<EntitlementDto, 'active' | 'renews' | 'cancel_at_period_end' | 'current_period_end' | 'complimentary'>,
): string {
  const date = formatDate(e.current_period_end);
  if (!e.active) return `Ended on ${date}`;
  if (e.complimentary) return `Complimentary plan, no charge: access until ${date}`;
  if (e.renews) return `Renews on ${date}`;
  if (e.cancel_at_period_end) return `Cancelled: access until ${date}, no further charges`;
  return `Expires on ${date}`;
}

/**
 * The subscription lifecycle (issue 27, ADR 005), its start and end: which plan a parent may buy, activation with
 * its payment row, the replacement of what a user held, complimentary grants and cancellation; renewals, past due
 * and expiry are `renewals.service.ts`. Payments handles the providers (checkout sessions, Stripe events, receipts)
 * and maps what they report to these calls; matching, deletion and the console read through the few row functions
 * below. The repositories stay private to this module. Each function takes the caller's `db` or transaction handle
 * first, so a caller's transaction (`tx`) carries through.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG, type EntitlementDto } from '@kindred/shared';
import type { Queryable } from '../../db/db.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { findEntitledSubscription, periodEnd, toEntitlement } from './entitlements.ts';
import * as payments from './payment-records.repository.ts';
import * as plans from './plans.repository.ts';
import * as repo from './subscriptions.repository.ts';
import type { PlanRow } from './plans.repository.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

export type { PaymentRow } from './payment-records.repository.ts';
export type { PlanRow } from './plans.repository.ts';
export type { SubscriptionRow } from './subscriptions.repository.ts';

/** Rows other modules read as they are: the signed-in user with their plan, payments, a checkout's subscription. */
export const findUserWithSubscription: typeof repo.findUserWithSubscription = (...args) =>
  repo.findUserWithSubscription(...args);
export const findSubscriptionByCheckout: typeof repo.findSubscriptionByCheckout = (...args) =>
  repo.findSubscriptionByCheckout(...args);
export const hasUsedTrial: typeof repo.hasUsedTrial = (...args) => repo.hasUsedTrial(...args);
export const listPayments: typeof payments.listPayments = (...args) => payments.listPayments(...args);

/** A trial used by a deleted account with the same address (its tombstone; modules/account) counts as used. */
export type TrialTombstoned = (q: Queryable, userId: string) => Promise<boolean>;

/** A payment row's id (one a charge; a Stripe renewal's is its invoice's). */
export const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`;

const trialUsed = async (q: Queryable, userId: string, tombstoned?: TrialTombstoned) =>
  (await repo.hasUsedTrial(q, userId)) || ((await tombstoned?.(q, userId)) ?? false);

/** The plan a parent may start a checkout for: an offered parent plan, and a trial only once per person. */
export async function planForCheckout(
  q: Queryable,
  userId: string,
  planId: string,
  trialTombstoned?: TrialTombstoned,
): Promise<PlanRow> {
  const plan = await plans.findPlan(q, planId);
  if (!plan || !plan.is_active || plan.plan_for !== 'parent')
    throw new AppError('plan_unavailable', PAYMENT_MSG.planUnavailable, 404);
  if (plan.subscription_type === 'trial' && (await trialUsed(q, userId, trialTombstoned)))
    throw conflict(PAYMENT_MSG.trialUsed);
  return plan;
}

/** A checkout that has just been completed, as its session row has it. */
export type PaidCheckout = {
  id: string;
  user_id: string;
  plan_id: string;
  provider: string;
  amount: string;
  currency: string;
};

/**
 * Activation of a completed checkout, in its transaction: a trial only once (the user's row lock makes concurrent
 * redemptions take turns), what the user held is replaced (those billed by `billedBy` are flagged so their billing
 * is stopped there too), and the new subscription starts now with its initial payment at the checkout's price.
 */
export async function activateSubscription(
  tx: Queryable,
  a: {
    checkout: PaidCheckout;
    providerSubscriptionId: string | null;
    billedBy: string;
    now: Date;
    trialTombstoned?: TrialTombstoned;
  },
): Promise<{ plan: PlanRow; replaced: { id: string }[] }> {
  const { checkout: session, now } = a;
  const plan = (await plans.findPlan(tx, session.plan_id))!;
  if (plan.subscription_type === 'trial') {
    await repo.lockUser(tx, session.user_id);
    if (await trialUsed(tx, session.user_id, a.trialTombstoned)) throw conflict(PAYMENT_MSG.trialUsed);
  }
  const replaced = await repo.replaceActiveSubscriptions(tx, session.user_id, now, a.billedBy);
  const subscriptionId = await repo.insertSubscription(tx, {
    userId: session.user_id,
    planId: plan.id,
    checkoutId: session.id,
    provider: session.provider,
    providerSubscriptionId: a.providerSubscriptionId,
    matchCredits: plan.match_credits,
    now,
    periodEnd: periodEnd(now, plan),
    paidMonths: Number(plan.price) > 0 && plan.billing_cycle ? 1 : 0,
    // What the customer agreed to at checkout: renewals charge this, whatever the plan costs later.
    price: session.amount,
    currency: session.currency,
  });
  await payments.insertPayment(tx, {
    id: newPaymentId(),
    userId: session.user_id,
    subscriptionId,
    checkoutId: session.id,
    plan: { ...plan, currency: session.currency },
    amount: session.amount,
    status: 'succeeded',
    provider: session.provider,
    providerReference: session.id,
    kind: 'initial',
    now,
  });
  return { plan, replaced };
}

/**
 * Before a subscription is granted outside a checkout (the console): the user's row is locked and what they held
 * is replaced, Stripe ones flagged so their billing stops (as when a parent changes plan). Returns the ids replaced.
 */
export async function replaceHeldSubscriptions(tx: Queryable, userId: string, now: Date) {
  await repo.lockUser(tx, userId);
  return repo.replaceActiveSubscriptions(tx, userId, now, 'stripe');
}

/**
 * A complimentary subscription to `plan` for `days` from now, recorded by the checkout `checkoutId`: nothing is
 * charged, and it expires at its end (only test-provider plans renew here). Returns its id.
 */
export function grantComplimentary(
  tx: Queryable,
  g: {
    userId: string;
    plan: { id: string; currency: string; match_credits: number | null };
    checkoutId: string;
    days: number;
    now: Date;
  },
): Promise<string> {
  return repo.insertSubscription(tx, {
    userId: g.userId,
    planId: g.plan.id,
    checkoutId: g.checkoutId,
    provider: 'complimentary',
    providerSubscriptionId: null,
    price: '0',
    currency: g.plan.currency,
    matchCredits: g.plan.match_credits,
    now: g.now,
    periodEnd: new Date(g.now.getTime() + g.days * DAY_MS),
    paidMonths: 0,
  });
}

/**
 * A replaced provider subscription must stop billing too (nothing already paid is refunded). The pending flag is
 * cleared only once `cancelAtProvider` returns, so a failed call is retried by the scheduled job.
 */
export async function stopReplacedBilling(
  db: Queryable,
  provider: string,
  cancelAtProvider: (providerSubscriptionId: string) => Promise<void>,
  log?: Pick<FastifyBaseLogger, 'error'>,
) {
  for (const r of await repo.findPendingProviderCancels(db, provider)) {
    try {
      await cancelAtProvider(r.provider_subscription_id);
      await repo.clearProviderCancelPending(db, r.id);
    } catch (err) {
      log?.error(
        { err, providerSubscriptionId: r.provider_subscription_id },
        'could not stop billing of a replaced subscription; will retry',
      );
    }
  }
}

/** The user's current entitlement (the Stripe renewal grace included), or null without one. */
export async function currentEntitlement(q: Queryable, userId: string, now: Date): Promise<EntitlementDto | null> {
  const s = await findEntitledSubscription(q, userId, now);
  return s ? toEntitlement(s, now) : null;
}

/** The subscription a cancellation applies to: the current one, if it renews and is not complimentary (else 404). */
export async function findRenewingSubscription(q: Queryable, userId: string, now: Date): Promise<SubscriptionRow> {
  const s = await findEntitledSubscription(q, userId, now);
  if (!s || !s.billing_cycle || s.provider === 'complimentary')
    throw new AppError('no_subscription', 'You have no renewing subscription to cancel.', 404);
  return s;
}

/** Stops the next renewal; access continues to the end of the period already paid, and nothing is refunded. */
export async function cancelAtPeriodEnd(q: Queryable, s: SubscriptionRow, now: Date): Promise<EntitlementDto> {
  await repo.markCancelAtPeriodEnd(q, s.id, now);
  return toEntitlement({ ...s, cancel_at_period_end: true }, now);
}

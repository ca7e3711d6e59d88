/**
 * The subscription lifecycle between start and end (issue 27, ADR 005): renewals (charged by the provider and
 * reported, or billed here by the scheduled job for the test provider), past due, cancellation by the provider and
 * expiry, each with its payment row. Payments calls these and adds the receipts. Functions take the caller's `db` or
 * transaction handle first; the scheduled job, which commits period by period, takes the `Db`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { periodEnd, renewalGraceMs, STRIPE_RENEWAL_GRACE_MS } from './entitlements.ts';
import * as payments from './payment-records.repository.ts';
import * as plans from './plans.repository.ts';
import * as repo from './subscriptions.repository.ts';
import type { PlanRow } from './plans.repository.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';
import { newPaymentId } from './subscriptions.service.ts';

/** The subscription a provider bills as `providerSubscriptionId`, with its plan; undefined when it is not ours. */
export async function findProviderSubscription(q: Queryable, providerSubscriptionId: string) {
  const subscription = await repo.findSubscriptionByProviderId(q, providerSubscriptionId);
  if (!subscription) return undefined;
  return { subscription, plan: (await plans.findPlan(q, subscription.plan_id))! };
}
export type ProviderSubscription = NonNullable<Awaited<ReturnType<typeof findProviderSubscription>>>;

/**
 * A renewal the provider charged, in the caller's transaction: the payment first (its id is the key, so a replay
 * finds it and changes nothing: false), then the period, moved forward only, to `periodEnd` (the provider's) or by
 * one period of the plan.
 */
export async function renewSubscription(
  tx: Queryable,
  { subscription: sub, plan }: ProviderSubscription,
  r: {
    paymentId: string;
    amount: number;
    provider: string;
    providerReference: string | null;
    periodEnd: Date | null;
    now: Date;
  },
): Promise<boolean> {
  const recorded = await payments.insertPayment(tx, {
    id: r.paymentId,
    userId: sub.user_id,
    subscriptionId: sub.id,
    checkoutId: null,
    plan,
    amount: r.amount,
    status: 'succeeded',
    provider: r.provider,
    providerReference: r.providerReference,
    kind: 'renewal',
    now: r.now,
  });
  if (!recorded) return false;
  const to = r.periodEnd ?? periodEnd(sub.current_period_end, plan, sub.started_at.getUTCDate());
  if (to.getTime() > sub.current_period_end.getTime())
    await repo.extendPeriod(tx, sub.id, sub.current_period_end, to, r.now);
  return true;
}

/** The provider could not collect a renewal: an active subscription becomes past due. */
export async function markPastDue(q: Queryable, providerSubscriptionId: string, now: Date): Promise<void> {
  const sub = await repo.findSubscriptionByProviderId(q, providerSubscriptionId);
  if (sub) await repo.setSubscriptionStatus(q, sub.id, 'past_due', now, ['active']);
}

/** The provider ended the subscription: an active or past-due one is cancelled. */
export async function markCancelled(q: Queryable, providerSubscriptionId: string, now: Date): Promise<void> {
  const sub = await repo.findSubscriptionByProviderId(q, providerSubscriptionId);
  if (sub) await repo.setSubscriptionStatus(q, sub.id, 'cancelled', now, ['active', 'past_due']);
}

/** How long a due subscription the job failed on waits before the job tries it again. */
export const DUE_RETRY_MS = 15 * 60_000;
/** Due subscriptions read at a time, and at most this many batches per run (the next run goes on). */
const DUE_BATCH = 500;
const DUE_MAX_BATCHES = 20;

/** One period the job renewed, at the subscription's own price and currency: what its receipt says. */
export type Renewal = {
  userId: string;
  plan: PlanRow;
  amount: number;
  /** The payment's provider reference, one a period: it keys the receipt too. */
  reference: string;
  now: Date;
};
/** What the caller adds to a renewal: `write` in its transaction (the receipt), `afterCommit` once it committed. */
export type RenewalHooks<T> = {
  write: (tx: Queryable, renewal: Renewal) => Promise<T>;
  afterCommit: (written: T) => void;
};

/**
 * The scheduled job's lifecycle part: renews the due subscriptions billed here (the test provider), whole periods
 * to catch up, and expires the rest once their renewal grace is over. Idempotent. A row it fails on is put off for
 * DUE_RETRY_MS and the others go on.
 */
export async function runDueSubscriptions<T>(
  db: Db,
  now: Date,
  hooks: RenewalHooks<T>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ renewed: number; expired: number }> {
  let renewed = 0;
  let expired = 0;
  // Batch after batch: rows handled are no longer due and rows that failed are put off, so each batch is new.
  for (let batch = 0; batch < DUE_MAX_BATCHES; batch += 1) {
    const due = await repo.findDueSubscriptions(db, now, STRIPE_RENEWAL_GRACE_MS, DUE_BATCH);
    for (const s of due) {
      try {
        const done = await handleDue(db, s, now, hooks);
        renewed += done.renewed;
        expired += done.expired;
      } catch (err) {
        // One row the job cannot handle must not hold up the others: it waits, and the next batches move on.
        log?.error({ err, subscriptionId: s.id }, 'could not renew or expire a subscription; will retry');
        await repo.deferDue(db, s.id, new Date(now.getTime() + DUE_RETRY_MS));
      }
    }
    if (due.length < DUE_BATCH) break;
  }
  return { renewed, expired };
}

/** Renews a due test-provider subscription (whole periods, to catch up), or expires one whose time is over. */
async function handleDue<T>(
  db: Db,
  s: SubscriptionRow,
  now: Date,
  hooks: RenewalHooks<T>,
): Promise<{ renewed: number; expired: number }> {
  const renewsHere = s.provider === 'test' && s.billing_cycle && !s.cancel_at_period_end && s.status === 'active';
  if (renewsHere) {
    const plan = (await plans.findPlan(db, s.plan_id))!;
    // Catch up whole periods so a server that was down for two months does not expire a paying user.
    let renewed = 0;
    let from = s.current_period_end;
    while (from.getTime() <= now.getTime()) {
      const to = periodEnd(from, plan, s.started_at.getUTCDate());
      if (!(await renewPeriod(db, s, plan, from, to, now, hooks))) break;
      renewed += 1;
      from = to;
    }
    return { renewed, expired: 0 };
  }
  // Stripe renewals arrive as invoice.paid; without one within a grace period the subscription ends.
  if (s.current_period_end.getTime() + renewalGraceMs(s) > now.getTime()) return { renewed: 0, expired: 0 };
  const ended = await repo.setSubscriptionStatus(db, s.id, 'expired', now, ['active', 'past_due']);
  return { renewed: 0, expired: ended ? 1 : 0 };
}

/**
 * One renewal at the subscription's own price (the one it was bought at): a plan's price change or retirement
 * applies to new subscribers only (ADR 022). False when another run moved the period first.
 */
async function renewPeriod<T>(
  db: Db,
  s: SubscriptionRow,
  plan: PlanRow,
  from: Date,
  to: Date,
  now: Date,
  hooks: RenewalHooks<T>,
): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    if (!(await repo.extendPeriod(tx, s.id, from, to, now))) return null;
    const reference = `renewal:${s.id}:${from.toISOString()}`;
    const billed = { ...plan, currency: s.currency };
    await payments.insertPayment(tx, {
      id: newPaymentId(),
      userId: s.user_id,
      subscriptionId: s.id,
      checkoutId: null,
      plan: billed,
      amount: s.price,
      status: 'succeeded',
      provider: s.provider,
      providerReference: reference,
      kind: 'renewal',
      now,
    });
    const renewal = { userId: s.user_id, plan: billed, amount: Number(s.price), reference, now };
    return { written: await hooks.write(tx, renewal) };
  });
  if (!done) return false;
  hooks.afterCommit(done.written);
  return true;
}

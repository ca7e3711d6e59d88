import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG, type EntitlementDto } from '@kindred/shared';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import { findUserById } from '../auth/users.service.ts';
import * as subs from '../subscriptions/subscriptions.service.ts';
import {
  findEntitledSubscription,
  periodEnd,
  renewalGraceMs,
  STRIPE_RENEWAL_GRACE_MS,
  toEntitlement,
} from '../subscriptions/entitlements.ts';
import * as sessions from './checkout.repository.ts';
import { completeOpenSession, findCheckoutSession, insertCheckoutSession } from './checkout.repository.ts';
import { receiptMail, receiptOf, type Receipt } from './receipt.mail.ts';
import type { PaymentProvider } from './payment-provider.ts';

type Deps = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  mail: MailService;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** A trial used by a deleted account with the same address (its tombstone; modules/account) counts as used. */
  trialTombstoned?: (q: Queryable, userId: string) => Promise<boolean>;
};

/** How long a due subscription the job failed on waits before the job tries it again. */
export const DUE_RETRY_MS = 15 * 60_000;
/** Due subscriptions read at a time, and at most this many batches per run (the next run goes on). */
const DUE_BATCH = 500;
const DUE_MAX_BATCHES = 20;

const paymentId = () => `pay_${randomBytes(12).toString('hex')}`;

/** Checkout, activation and the subscription lifecycle. Activation is idempotent per checkout session. */
export function createCheckoutService(deps: Deps) {
  const { db, clock, provider, mail } = deps;
  const trialUsed = async (q: Queryable, userId: string) =>
    (await subs.hasUsedTrial(q, userId)) || ((await deps.trialTombstoned?.(q, userId)) ?? false);

  /** `origin`: where the browser comes back to (PUBLIC_URL, or the origin it opened; lib/public-origin.ts). */
  async function startCheckout(userId: string, planId: string, origin: string = deps.publicUrl) {
    const plan = await subs.findPlan(db, planId);
    if (!plan || !plan.is_active || plan.plan_for !== 'parent')
      throw new AppError('plan_unavailable', PAYMENT_MSG.planUnavailable, 404);
    if (plan.subscription_type === 'trial' && (await trialUsed(db, userId))) throw conflict(PAYMENT_MSG.trialUsed);
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    const free = Number(plan.price) === 0;
    const started = free
      ? { id: `cs_free_${randomBytes(24).toString('base64url')}`, url: '' }
      : await provider.createCheckout({
          plan,
          user: { id: user.id, email: user.email },
          origin,
          successUrl: `${origin}/payment-success?success=true`,
          cancelUrl: `${origin}/subscription?checkout=cancelled`,
        });
    await insertCheckoutSession(db, {
      id: started.id,
      userId,
      planId: plan.id,
      provider: free ? 'free' : provider.name,
      amount: plan.price,
      currency: plan.currency,
      providerStatus: free ? 'paid' : 'unpaid',
      now: clock.now(),
    });
    // A free plan is granted without a checkout page: the browser goes straight to the return page.
    const url = free ? `${origin}/payment-success?success=true&session_id=${started.id}` : started.url;
    return { sessionId: started.id, url };
  }

  /**
   * Completes a paid checkout exactly once: the conditional update on the session decides which of several
   * concurrent callers (return page, webhook, a double click) creates the subscription and payment.
   */
  async function activate(checkoutId: string, providerSubscriptionId: string | null): Promise<subs.SubscriptionRow> {
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const session = await completeOpenSession(tx, checkoutId, now);
      if (!session) return null;
      const plan = (await subs.findPlan(tx, session.plan_id))!;
      if (plan.subscription_type === 'trial') {
        // Several trial checkouts may have been started before any was redeemed: the user's row lock makes
        // concurrent redemptions take turns, and only the first becomes a trial.
        await subs.lockUser(tx, session.user_id);
        if (await trialUsed(tx, session.user_id)) throw conflict(PAYMENT_MSG.trialUsed);
      }
      const replaced = await subs.replaceActiveSubscriptions(tx, session.user_id, now, provider.name);
      const subscriptionId = await subs.insertSubscription(tx, {
        userId: session.user_id,
        planId: plan.id,
        checkoutId: session.id,
        provider: session.provider,
        providerSubscriptionId,
        matchCredits: plan.match_credits,
        now,
        periodEnd: periodEnd(now, plan),
        paidMonths: Number(plan.price) > 0 && plan.billing_cycle ? 1 : 0,
        // What the customer agreed to at checkout: renewals charge this, whatever the plan costs later.
        price: session.amount,
        currency: session.currency,
      });
      await subs.insertPayment(tx, {
        id: paymentId(),
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
      // The receipt is written with the payment: a committed activation always has its receipt, and one key per
      // checkout means no second receipt for it, whoever activates.
      const paid = receiptOf({ ...plan, currency: session.currency }, Number(session.amount));
      const receipt = await queueReceipt(tx, session.user_id, paid, now, session.id);
      return { plan, replaced, receipt };
    });
    const sub = (await subs.findSubscriptionByCheckout(db, checkoutId))!;
    if (created) {
      mail.dispatch(created.receipt);
      if (created.replaced.length) await stopReplacedBilling();
    }
    return sub;
  }

  /**
   * A replaced provider subscription must stop billing too (nothing already paid is refunded). The pending flag is
   * cleared only once the provider confirms, so a failed call is retried by the scheduled job.
   */
  async function stopReplacedBilling() {
    const pending = await subs.findPendingProviderCancels(db, provider.name);
    for (const r of pending) {
      try {
        await provider.cancelAtPeriodEnd(r.provider_subscription_id);
        await subs.clearProviderCancelPending(db, r.id);
      } catch (err) {
        deps.log?.error(
          { err, providerSubscriptionId: r.provider_subscription_id },
          'could not stop billing of a replaced subscription; will retry',
        );
      }
    }
  }

  /** Writes a receipt in `tx` (the payment's transaction); `paymentRef` keys it, so it is written once. */
  async function queueReceipt(tx: Queryable, userId: string, receipt: Receipt, at: Date, paymentRef: string) {
    const user = await findUserById(tx, userId);
    if (!user) return null;
    return mail.enqueue(tx, user.email, receiptMail({ firstName: user.first_name, ...receipt, at }), {
      key: `receipt:${paymentRef}`,
    });
  }

  return {
    startCheckout,
    activate,

    /** The return page's check: the session must be the caller's, and the provider must say it was paid. */
    async verify(userId: string, checkoutId: string): Promise<EntitlementDto> {
      const session = await findCheckoutSession(db, checkoutId);
      if (!session || session.user_id !== userId) throw notFound(PAYMENT_MSG.verifyFailed);
      if (session.status === 'cancelled' || session.provider_status === 'cancelled')
        throw new AppError('payment_incomplete', PAYMENT_MSG.notCompleted, 402);
      let providerSubscriptionId: string | null = null;
      if (session.status !== 'completed' && session.provider !== 'free') {
        const result = await provider.lookupCheckout(session.id);
        if (!result.paid) throw new AppError('payment_incomplete', PAYMENT_MSG.notCompleted, 402);
        providerSubscriptionId = result.providerSubscriptionId;
      }
      return toEntitlement(await activate(session.id, providerSubscriptionId), clock.now());
    },

    async entitlement(userId: string): Promise<EntitlementDto | null> {
      const s = await findEntitledSubscription(db, userId, clock.now());
      return s ? toEntitlement(s, clock.now()) : null;
    },

    /** Stops the next renewal; access continues to the end of the period already paid, and nothing is refunded. */
    async cancel(userId: string): Promise<EntitlementDto> {
      const now = clock.now();
      const s = await findEntitledSubscription(db, userId, now);
      if (!s || !s.billing_cycle || s.provider === 'complimentary')
        throw new AppError('no_subscription', 'You have no renewing subscription to cancel.', 404);
      if (s.provider === 'stripe' && s.provider_subscription_id)
        await provider.cancelAtPeriodEnd(s.provider_subscription_id);
      await subs.markCancelAtPeriodEnd(db, s.id, now);
      return toEntitlement({ ...s, cancel_at_period_end: true }, now);
    },

    /** The scheduled job: renews test-provider subscriptions that are due, and expires the rest. Idempotent. */
    async runDueJobs(): Promise<{ renewed: number; expired: number }> {
      await stopReplacedBilling();
      const now = clock.now();
      let renewed = 0;
      let expired = 0;
      // Batch after batch: rows handled are no longer due and rows that failed are put off, so each batch is new.
      for (let batch = 0; batch < DUE_MAX_BATCHES; batch += 1) {
        const due = await subs.findDueSubscriptions(db, now, STRIPE_RENEWAL_GRACE_MS, DUE_BATCH);
        for (const s of due) {
          try {
            const done = await handleDue(s, now);
            renewed += done.renewed;
            expired += done.expired;
          } catch (err) {
            // One row the job cannot handle must not hold up the others: it waits, and the next batches move on.
            deps.log?.error({ err, subscriptionId: s.id }, 'could not renew or expire a subscription; will retry');
            await subs.deferDue(db, s.id, new Date(now.getTime() + DUE_RETRY_MS));
          }
        }
        if (due.length < DUE_BATCH) break;
      }
      return { renewed, expired };
    },

    queueReceipt,
  };

  /** Renews a due test-provider subscription (whole periods, to catch up), or expires one whose time is over. */
  async function handleDue(s: subs.SubscriptionRow, now: Date): Promise<{ renewed: number; expired: number }> {
    const renewsHere = s.provider === 'test' && s.billing_cycle && !s.cancel_at_period_end && s.status === 'active';
    if (renewsHere) {
      const plan = (await subs.findPlan(db, s.plan_id))!;
      // Catch up whole periods so a server that was down for two months does not expire a paying user.
      let renewed = 0;
      let from = s.current_period_end;
      while (from.getTime() <= now.getTime()) {
        const to = periodEnd(from, plan, s.started_at.getUTCDate());
        if (!(await renew(s, plan, from, to, now))) break;
        renewed += 1;
        from = to;
      }
      return { renewed, expired: 0 };
    }
    // Stripe renewals arrive as invoice.paid; without one within a grace period the subscription ends.
    if (s.current_period_end.getTime() + renewalGraceMs(s) > now.getTime()) return { renewed: 0, expired: 0 };
    const ended = await subs.setSubscriptionStatus(db, s.id, 'expired', now, ['active', 'past_due']);
    return { renewed: 0, expired: ended ? 1 : 0 };
  }

  /**
   * One renewal at the subscription's own price (the one it was bought at): a plan's price change or retirement
   * applies to new subscribers only (ADR 022).
   */
  async function renew(s: subs.SubscriptionRow, plan: subs.PlanRow, from: Date, to: Date, now: Date) {
    const price = Number(s.price);
    const won = await db.transaction(async (tx) => {
      if (!(await subs.extendPeriod(tx, s.id, from, to, now))) return false;
      const reference = `renewal:${s.id}:${from.toISOString()}`;
      await subs.insertPayment(tx, {
        id: paymentId(),
        userId: s.user_id,
        subscriptionId: s.id,
        checkoutId: null,
        plan: { ...plan, currency: s.currency },
        amount: s.price,
        status: 'succeeded',
        provider: s.provider,
        providerReference: reference,
        kind: 'renewal',
        now,
      });
      const receipt = receiptOf({ ...plan, currency: s.currency }, price);
      return (await queueReceipt(tx, s.user_id, receipt, now, reference)) ?? true;
    });
    if (won && won !== true) mail.dispatch(won);
    return Boolean(won);
  }
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * The console's way to record a subscription it grants as a completed checkout (issue 27: the checkout repository is
 * private to this module); both run in the console's transaction handle, passed first.
 */
export const insertCheckoutSessionRow: typeof sessions.insertCheckoutSession = (...args) =>
  sessions.insertCheckoutSession(...args);
export const completeOpenSessionRow: typeof sessions.completeOpenSession = (...args) =>
  sessions.completeOpenSession(...args);

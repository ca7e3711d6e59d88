import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG, type EntitlementDto } from '@kindred/shared';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import { findUserById } from '../auth/users.service.ts';
import * as subs from '../subscriptions/subscriptions.service.ts';
import { runDueSubscriptions } from '../subscriptions/renewals.service.ts';
import { toEntitlement } from '../subscriptions/entitlements.ts';
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
  trialTombstoned?: subs.TrialTombstoned;
};

/**
 * Checkout and the provider's side of the subscription lifecycle: sessions, the provider calls, receipts. What a
 * checkout, a renewal or a cancellation does to the subscription is the subscriptions module's (issue 27).
 * Activation is idempotent per checkout session.
 */
export function createCheckoutService(deps: Deps) {
  const { db, clock, provider, mail } = deps;

  /** `origin`: where the browser comes back to (PUBLIC_URL, or the origin it opened; lib/public-origin.ts). */
  async function startCheckout(userId: string, planId: string, origin: string = deps.publicUrl) {
    const plan = await subs.planForCheckout(db, userId, planId, deps.trialTombstoned);
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
   * concurrent callers (return page, webhook, a double click) activates the subscription (subscriptions module).
   */
  async function activate(checkoutId: string, providerSubscriptionId: string | null): Promise<subs.SubscriptionRow> {
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const session = await completeOpenSession(tx, checkoutId, now);
      if (!session) return null;
      const { plan, replaced } = await subs.activateSubscription(tx, {
        checkout: session,
        providerSubscriptionId,
        billedBy: provider.name,
        now,
        trialTombstoned: deps.trialTombstoned,
      });
      // The receipt is written with the payment: a committed activation always has its receipt, and one key per
      // checkout means no second receipt for it, whoever activates.
      const paid = receiptOf({ ...plan, currency: session.currency }, Number(session.amount));
      const receipt = await queueReceipt(tx, session.user_id, paid, now, session.id);
      return { replaced, receipt };
    });
    const sub = (await subs.findSubscriptionByCheckout(db, checkoutId))!;
    if (created) {
      mail.dispatch(created.receipt);
      if (created.replaced.length) await stopReplacedBilling();
    }
    return sub;
  }

  /** Replaced subscriptions billed by this provider stop billing there (retried by the scheduled job). */
  const stopReplacedBilling = () =>
    subs.stopReplacedBilling(db, provider.name, (id) => provider.cancelAtPeriodEnd(id), deps.log);

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

    entitlement: (userId: string): Promise<EntitlementDto | null> => subs.currentEntitlement(db, userId, clock.now()),

    /** Stops the next renewal, at Stripe first for a Stripe subscription; nothing is refunded. */
    async cancel(userId: string): Promise<EntitlementDto> {
      const now = clock.now();
      const s = await subs.findRenewingSubscription(db, userId, now);
      if (s.provider === 'stripe' && s.provider_subscription_id)
        await provider.cancelAtPeriodEnd(s.provider_subscription_id);
      return subs.cancelAtPeriodEnd(db, s, now);
    },

    /**
     * The scheduled job: stops the billing of replaced subscriptions at the provider, then renews the due
     * test-provider subscriptions (each period with its receipt) and expires the rest (subscriptions module).
     */
    async runDueJobs(): Promise<{ renewed: number; expired: number }> {
      await stopReplacedBilling();
      return runDueSubscriptions(
        db,
        clock.now(),
        {
          write: (tx, r) => queueReceipt(tx, r.userId, receiptOf(r.plan, r.amount), r.now, r.reference),
          afterCommit: (receipt) => mail.dispatch(receipt),
        },
        deps.log,
      );
    },

    queueReceipt,
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * The checkout that records a complimentary plan the console grants (provider 'complimentary', nothing to pay),
 * written completed in the console's transaction; returns its id.
 */
export async function recordComplimentaryCheckout(
  tx: Queryable,
  c: { userId: string; plan: { id: string; currency: string }; now: Date },
): Promise<string> {
  const checkoutId = `comp_${randomUUID()}`;
  await insertCheckoutSession(tx, {
    id: checkoutId,
    userId: c.userId,
    planId: c.plan.id,
    provider: 'complimentary',
    amount: '0',
    currency: c.plan.currency,
    providerStatus: 'paid',
    now: c.now,
  });
  await completeOpenSession(tx, checkoutId, c.now);
  return checkoutId;
}

import type Stripe from 'stripe';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import * as subs from '../subscriptions/subscriptions.service.ts';
import { periodEnd } from '../subscriptions/entitlements.ts';
import { checkoutSessionExists, isWebhookEventSeen, recordWebhookEvent } from './checkout.repository.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { receiptOf } from './receipt.mail.ts';
import { fromStripeAmount } from './stripe-amounts.ts';

type ServiceDeps = { db: Db; clock: Clock; checkout: CheckoutService; mail: MailService };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The subscription an invoice belongs to, across Stripe API versions. */
function invoiceSubscriptionId(inv: Stripe.Invoice): string | null {
  const legacy = (inv as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(inv.parent?.subscription_details?.subscription ?? legacy ?? null);
}

/** Verified Stripe events: an event id already handled is acknowledged without doing anything again. */
export function createStripeWebhookService(deps: ServiceDeps) {
  return {
    async receive(event: Stripe.Event): Promise<{ received: true; duplicate?: true }> {
      if (await isWebhookEventSeen(deps.db, event.id)) return { received: true, duplicate: true };
      await handle(deps, event);
      await recordWebhookEvent(deps.db, event.id, event.type, deps.clock.now());
      return { received: true };
    },
  };
}
export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;

/** Each handler is idempotent on its own, so a replay racing the first delivery still changes nothing twice. */
async function handle({ db, clock, checkout, mail }: ServiceDeps, event: Stripe.Event) {
  const now = clock.now();
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      const known = await checkoutSessionExists(db, s.id);
      if (known && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required'))
        await checkout.activate(s.id, idOf(s.subscription));
      return;
    }
    case 'invoice.paid': {
      const inv = event.data.object;
      const subId = invoiceSubscriptionId(inv);
      // The first invoice is the checkout itself, recorded at activation.
      if (!subId || inv.billing_reason === 'subscription_create') return;
      const sub = await subs.findSubscriptionByProviderId(db, subId);
      if (!sub) return;
      const plan = (await subs.findPlan(db, sub.plan_id))!;
      const lineEnd = inv.lines?.data?.[0]?.period?.end;
      const to = lineEnd
        ? new Date(lineEnd * 1000)
        : periodEnd(sub.current_period_end, plan, sub.started_at.getUTCDate());
      // Stripe's integer is in the invoice currency's smallest unit (cents, or whole yen).
      const paid = fromStripeAmount(inv.amount_paid ?? 0, inv.currency ?? plan.currency);
      // The payment, the period and the receipt commit together: a replay finds the payment and does nothing.
      const receipt = await db.transaction(async (tx) => {
        const recorded = await subs.insertPayment(tx, {
          id: `pay_${inv.id}`,
          userId: sub.user_id,
          subscriptionId: sub.id,
          checkoutId: null,
          plan,
          amount: paid,
          status: 'succeeded',
          provider: 'stripe',
          providerReference: inv.id ?? null,
          kind: 'renewal',
          now,
        });
        if (!recorded) return null;
        if (to.getTime() > sub.current_period_end.getTime())
          await subs.extendPeriod(tx, sub.id, sub.current_period_end, to, now);
        return checkout.queueReceipt(tx, sub.user_id, receiptOf(plan, paid), now, `pay_${inv.id}`);
      });
      mail.dispatch(receipt);
      return;
    }
    case 'invoice.payment_failed': {
      const subId = invoiceSubscriptionId(event.data.object);
      const sub = subId ? await subs.findSubscriptionByProviderId(db, subId) : undefined;
      if (sub) await subs.setSubscriptionStatus(db, sub.id, 'past_due', now, ['active']);
      return;
    }
    case 'customer.subscription.deleted': {
      const sub = await subs.findSubscriptionByProviderId(db, event.data.object.id);
      if (sub) await subs.setSubscriptionStatus(db, sub.id, 'cancelled', now, ['active', 'past_due']);
      return;
    }
    default:
      return;
  }
}

import type Stripe from 'stripe';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import * as renewals from '../subscriptions/renewals.service.ts';
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
      const billed = await renewals.findProviderSubscription(db, subId);
      if (!billed) return;
      const { subscription: sub, plan } = billed;
      const lineEnd = inv.lines?.data?.[0]?.period?.end;
      // Stripe's integer is in the invoice currency's smallest unit (cents, or whole yen).
      const paid = fromStripeAmount(inv.amount_paid ?? 0, inv.currency ?? plan.currency);
      // The payment, the period and the receipt commit together: a replay finds the payment and does nothing.
      const receipt = await db.transaction(async (tx) => {
        const renewed = await renewals.renewSubscription(tx, billed, {
          paymentId: `pay_${inv.id}`,
          amount: paid,
          provider: 'stripe',
          providerReference: inv.id ?? null,
          periodEnd: lineEnd ? new Date(lineEnd * 1000) : null,
          now,
        });
        if (!renewed) return null;
        return checkout.queueReceipt(tx, sub.user_id, receiptOf(plan, paid), now, `pay_${inv.id}`);
      });
      mail.dispatch(receipt);
      return;
    }
    case 'invoice.payment_failed': {
      const subId = invoiceSubscriptionId(event.data.object);
      if (subId) await renewals.markPastDue(db, subId, now);
      return;
    }
    case 'customer.subscription.deleted':
      await renewals.markCancelled(db, event.data.object.id, now);
      return;
    default:
      return;
  }
}

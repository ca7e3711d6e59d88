import type Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import * as subs from '../subscriptions/subscriptions.repository.ts';
import { periodEnd } from '../subscriptions/entitlements.ts';
import type { CheckoutService } from './checkout.service.ts';

type Deps = { stripe: Stripe; webhookSecret: string; db: Db; clock: Clock; checkout: CheckoutService };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The subscription an invoice belongs to, across Stripe API versions. */
function invoiceSubscriptionId(inv: Stripe.Invoice): string | null {
  const legacy = (inv as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(inv.parent?.subscription_details?.subscription ?? legacy ?? null);
}

/**
 * POST /api/v1/payments/webhook/: no user token (Stripe calls it), the signature is verified on the raw body,
 * and an event id already handled is acknowledged without doing anything again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: Deps) {
  // Signature verification needs the exact bytes Stripe sent, so this scope keeps JSON bodies raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    '/api/v1/payments/webhook/',
    { schema: { tags: ['payments'], summary: 'Stripe webhook (signature-verified, replay-safe)', hide: false } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new AppError('bad_signature', 'Invalid webhook signature.', 400);
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch {
        throw new AppError('bad_signature', 'Invalid webhook signature.', 400);
      }
      const seen = await deps.db.query('select 1 from webhook_events where id = $1', [event.id]);
      if (seen.length) return { received: true, duplicate: true };
      await handle(deps, event);
      await deps.db.query(
        'insert into webhook_events (id, type, received_at) values ($1, $2, $3) on conflict do nothing',
        [event.id, event.type, deps.clock.now()],
      );
      return { received: true };
    },
  );
}

/** Each handler is idempotent on its own, so a replay racing the first delivery still changes nothing twice. */
async function handle({ db, clock, checkout }: Deps, event: Stripe.Event) {
  const now = clock.now();
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      const known = await db.query('select 1 from checkout_sessions where id = $1', [s.id]);
      if (known.length && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required'))
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
      const recorded = await subs.insertPayment(db, {
        id: `pay_${inv.id}`,
        userId: sub.user_id,
        subscriptionId: sub.id,
        checkoutId: null,
        plan,
        amount: (inv.amount_paid ?? 0) / 100,
        status: 'succeeded',
        provider: 'stripe',
        providerReference: inv.id ?? null,
        kind: 'renewal',
        now,
      });
      if (!recorded) return;
      if (to.getTime() > sub.current_period_end.getTime())
        await subs.extendPeriod(db, sub.id, sub.current_period_end, to, now);
      await checkout.sendReceipt(sub.user_id, plan.name, (inv.amount_paid ?? 0) / 100, now);
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

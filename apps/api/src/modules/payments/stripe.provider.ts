import Stripe from 'stripe';
import type { PaymentProvider } from './payment-provider.ts';
import { toStripeAmount } from './stripe-amounts.ts';

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
};

export function createStripeClient(cfg: StripeConfig): Stripe {
  return new Stripe(cfg.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(cfg.apiHost ? { host: cfg.apiHost, port: cfg.apiPort, protocol: cfg.apiProtocol ?? 'https' } : {}),
  });
}

/**
 * Stripe Checkout: a one-time payment for plans without a billing cycle, a subscription for monthly/yearly
 * ones. The amount always comes from our plan record. Activation happens on the verified
 * checkout.session.completed webhook or on the user's return, whichever comes first (both are idempotent).
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout({ plan, user, successUrl, cancelUrl }) {
      const recurring = plan.billing_cycle ? { interval: plan.billing_cycle } : undefined;
      const session = await stripe.checkout.sessions.create({
        mode: recurring ? 'subscription' : 'payment',
        customer_email: user.email,
        client_reference_id: user.id,
        metadata: { user_id: user.id, plan_id: plan.id },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: plan.currency,
              unit_amount: toStripeAmount(Number(plan.price), plan.currency),
              product_data: { name: plan.name },
              ...(recurring ? { recurring } : {}),
            },
          },
        ],
        success_url: `${successUrl}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async lookupCheckout(id) {
      const s = await stripe.checkout.sessions.retrieve(id);
      const paid =
        s.status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required');
      const sub = typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null);
      return { paid, providerSubscriptionId: sub };
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
  };
}

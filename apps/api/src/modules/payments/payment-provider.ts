import type { PlanRow } from '../subscriptions/subscriptions.service.ts';

/**
 * The payment port. `test` is a checkout page served by this app (no card, no charge, clearly marked);
 * `stripe` is Stripe Checkout. Both send the browser back to /payment-success?success=true&session_id=… or to
 * /subscription when the user cancels.
 */
export type CheckoutStart = {
  plan: PlanRow;
  user: { id: string; email: string };
  /** The origin the browser started from; the test checkout page is served there too. */
  origin: string;
  successUrl: string;
  cancelUrl: string;
};
export type PaymentProvider = {
  readonly name: 'test' | 'stripe';
  /** Creates the provider-side checkout; returns its id (used as session_id) and the URL to send the browser to. */
  createCheckout(start: CheckoutStart): Promise<{ id: string; url: string }>;
  /** Asks the provider whether the checkout was paid (server-side lookup on return). */
  lookupCheckout(id: string): Promise<{ paid: boolean; providerSubscriptionId: string | null }>;
  /** Stops renewal at the end of the current period. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
};

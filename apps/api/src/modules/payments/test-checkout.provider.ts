import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The built-in test checkout: the "provider side" is the checkout_sessions row's provider_status, which the
 * test checkout page (test-checkout.routes.ts) sets when the user confirms or cancels. Nothing is charged.
 */
export function createTestCheckoutProvider(opts: { db: Db; publicUrl: string }): PaymentProvider {
  return {
    name: 'test',
    async createCheckout() {
      const id = `cs_test_${randomBytes(24).toString('base64url')}`;
      return { id, url: `${opts.publicUrl}/checkout/test/${id}` };
    },
    async lookupCheckout(id) {
      const rows = await opts.db.query<{ provider_status: string }>(
        'select provider_status from checkout_sessions where id = $1',
        [id],
      );
      return { paid: rows[0]?.provider_status === 'paid', providerSubscriptionId: null };
    },
    async cancelAtPeriodEnd() {
      // Renewals of test subscriptions are made by our own job, which reads cancel_at_period_end.
    },
  };
}

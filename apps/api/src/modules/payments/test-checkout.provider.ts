import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { cancelTestSession, findProviderStatus, findTestSession, markTestSessionPaid } from './checkout.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The built-in test checkout: the "provider side" is the checkout_sessions row's provider_status, which the
 * test checkout page (test-checkout.routes.ts) sets when the user confirms or cancels. Nothing is charged.
 */
export function createTestCheckoutProvider(opts: { db: Db }): PaymentProvider {
  return {
    name: 'test',
    async createCheckout({ origin }) {
      const id = `cs_test_${randomBytes(24).toString('base64url')}`;
      return { id, url: `${origin}/checkout/test/${id}` };
    },
    async lookupCheckout(id) {
      return { paid: (await findProviderStatus(opts.db, id)) === 'paid', providerSubscriptionId: null };
    },
    async cancelAtPeriodEnd() {
      // Renewals of test subscriptions are made by our own job, which reads cancel_at_period_end.
    },
  };
}

/** The test checkout page's side: the session it shows, and the user's confirm or cancel. */
export function createTestCheckoutSessions(deps: { db: Db }) {
  return {
    find: (id: string) => findTestSession(deps.db, id),
    /** False when the session is not an open, unpaid test checkout (already finished, or unknown). */
    confirm: (id: string) => markTestSessionPaid(deps.db, id),
    cancel: (id: string) => cancelTestSession(deps.db, id),
  };
}
export type TestCheckoutSessions = ReturnType<typeof createTestCheckoutSessions>;

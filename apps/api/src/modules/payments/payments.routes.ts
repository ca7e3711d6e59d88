import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutRequest,
  checkoutResponse,
  paymentListResponse,
  subscriptionChangeResponse,
  transactionListResponse,
  verifyCheckoutRequest,
  PAYMENT_MSG,
} from '@kindred/shared';
import { failureBody } from '@kindred/shared';
import type { OriginResolver } from '../../lib/public-origin.ts';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { PaymentsService } from './payments.service.ts';

/** Checkout start and return, and the signed-in parent's own payment records. */
export async function paymentsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; checkout: CheckoutService; payments: PaymentsService; originOf: OriginResolver },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const base = { onRequest: opts.guard.authenticate };
  // Buying a plan is a parent's (issue 25): staff accounts get the guard's 403.
  const parentOnly = { onRequest: opts.guard.requireRole('parent') };
  const security = [{ bearer: [] }];
  const tags = ['payments'];

  app.post(
    '/api/v1/payments/create-checkout-session/',
    {
      ...parentOnly,
      schema: {
        tags,
        security,
        summary: 'Start a checkout for a plan (the price is the plan’s, never the client’s)',
        body: checkoutRequest,
        response: { 200: checkoutResponse },
      },
    },
    async (request) =>
      opts.checkout.startCheckout(currentUser(request).id, request.body.plan_id, opts.originOf(request)),
  );

  app.post(
    '/api/v1/payments/create-checkout-session/verify/',
    {
      ...parentOnly,
      schema: {
        tags,
        security,
        summary: 'Verify a returned checkout and activate the plan (idempotent)',
        body: verifyCheckoutRequest,
        response: {
          200: subscriptionChangeResponse,
          402: failureBody.describe('The checkout was cancelled or not paid (code payment_incomplete)'),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: PAYMENT_MSG.verified,
      subscription: await opts.checkout.verify(currentUser(request).id, request.body.session_id),
    }),
  );

  app.get(
    '/api/v1/payments/',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'The signed-in parent’s payments, newest first',
        response: { 200: paymentListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      payments: await opts.payments.list(currentUser(request).id),
    }),
  );

  app.get(
    '/api/v1/parent/transactions/',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Plan purchases; data[0] is the current plan when one is active',
        response: { 200: transactionListResponse },
      },
    },
    async (request) => {
      const data = await opts.payments.transactions(currentUser(request).id);
      return { message: data.length ? 'Transactions retrieved.' : 'No transactions yet.', data };
    },
  );
}

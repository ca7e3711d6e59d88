import type Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { StripeWebhookService } from './stripe-webhook.service.ts';

type Deps = { stripe: Stripe; webhookSecret: string; webhooks: StripeWebhookService };

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
      return deps.webhooks.receive(event);
    },
  );
}

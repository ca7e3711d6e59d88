import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  mySubscriptionResponse,
  planDto,
  planIdParams,
  planInput,
  planListResponse,
  subscriptionChangeResponse,
  PAYMENT_MSG,
} from '@kindred/shared';
import { consolePlanListResponse } from '@kindred/shared/console-plans.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { CheckoutService } from '../payments/checkout.service.ts';
import type { PlansService } from './plans.service.ts';

/** Plans (public list, admin management) and the signed-in parent's entitlement. */
export async function subscriptionsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; checkout: CheckoutService; plans: PlansService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/subscriptions/plans/',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Plans a parent can buy (clinic plans hidden)',
        response: { 200: planListResponse },
      },
    },
    async () => {
      const results = await opts.plans.forParents();
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.get(
    '/api/v1/subscriptions/me/',
    {
      onRequest: opts.guard.authenticate,
      schema: {
        tags: ['subscriptions'],
        security,
        summary: 'The current plan, credits left and renewal date',
        response: { 200: mySubscriptionResponse },
      },
    },
    async (request) => {
      const subscription = await opts.checkout.entitlement(currentUser(request).id);
      return {
        success: true as const,
        subscription,
        message: subscription ? 'Active subscription.' : PAYMENT_MSG.noSubscription,
      };
    },
  );

  app.post(
    '/api/v1/subscriptions/cancel/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags: ['subscriptions'],
        security,
        summary: 'Stop renewal at the end of the paid period (no refund)',
        response: { 200: subscriptionChangeResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: PAYMENT_MSG.cancelled,
      subscription: await opts.checkout.cancel(currentUser(request).id),
    }),
  );

  // Plans are money: admin only (support gets 403; ADR 022).
  const admin = { onRequest: opts.guard.requireRole('admin') };
  app.get(
    '/api/v1/admin/subscription/plans/',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'All plans, including clinic and retired ones, with their current subscribers',
        response: { 200: consolePlanListResponse },
      },
    },
    async () => {
      const results = await opts.plans.all();
      return { count: results.length, next: null, previous: null, results };
    },
  );
  app.post(
    '/api/v1/admin/subscription/plans/',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Create a plan (audited: plan.create)',
        body: planInput,
        response: { 201: planDto },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await opts.plans.create(auditActor(request), request.body));
    },
  );
  app.put(
    '/api/v1/admin/subscription/plans/:id/',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Update a plan (audited: plan.update); existing subscribers keep the price they bought at',
        params: planIdParams,
        body: planInput,
        response: { 200: planDto },
      },
    },
    async (request) => opts.plans.update(auditActor(request), request.params.id, request.body),
  );
  app.post(
    '/api/v1/admin/subscription/plans/:id/retire/',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Retire a plan: no longer offered to new subscribers; current ones renew at their price (audited)',
        params: planIdParams,
        response: { 200: planDto },
      },
    },
    async (request) => opts.plans.retire(auditActor(request), request.params.id),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  preferenceProfileListResponseSchema,
  preferenceProfileResponseSchema,
  preferenceSetParamsSchema,
  preferenceSubmissionSchema,
  savePreferencesResponseSchema,
} from '@kindred/shared/preferences.schemas';
import { PAYMENT_MSG } from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { ConsentService } from '../rights/consent.service.ts';
import type { CheckoutService } from '../payments/checkout.service.ts';
import type { PreferencesService } from './preferences.service.ts';

/** The seven-step preference set: one per parent and donor type (re-submitting updates it). */
export async function preferencesRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; checkout: CheckoutService; preferences: PreferencesService; consents: ConsentService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['preferences'];

  app.post(
    '/api/v1/fertility-profile/create/',
    {
      // Preference sets are a parent's (issue 25): staff accounts get the guard's 403.
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags,
        security,
        summary: 'Save the seven-step preference set (upsert per donor type, or update the set named by profile_id)',
        body: preferenceSubmissionSchema,
        response: {
          200: savePreferencesResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // Health data is stored for matching only with the parent's recorded consent (ADR 019).
      await opts.consents.requireHealthData(userId);
      const saved = await opts.preferences.save(userId, request.body);
      const active = (await opts.checkout.entitlement(userId))?.active === true;
      return {
        success: true as const,
        message: saved.inserted ? 'Your preferences were saved.' : 'Your preferences were updated.',
        profile_id: saved.id,
        action: saved.inserted ? ('created' as const) : ('updated' as const),
        subscription: active,
        ...(active ? {} : { subscription_message: PAYMENT_MSG.noSubscription }),
        unrecognized: [...saved.unrecognized],
      };
    },
  );

  app.get(
    '/api/v1/fertility-profile/list/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags,
        security,
        summary: 'The parent’s preference sets, most recently updated first',
        response: { 200: preferenceProfileListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, profiles: await opts.preferences.list(currentUser(request).id) }),
  );

  app.get(
    '/api/v1/fertility-profile/:id/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags,
        security,
        summary: 'One of the parent’s preference sets, with the submission as stored (for editing)',
        params: preferenceSetParamsSchema,
        response: { 200: preferenceProfileResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      profile: await opts.preferences.get(currentUser(request).id, request.params.id),
    }),
  );
}

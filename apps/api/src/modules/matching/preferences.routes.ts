import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawPreferencesSchema } from '@kindred/shared/preferences';
import { DONOR_TYPES } from '@kindred/shared/vocabulary';
import { PAYMENT_MSG } from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { ConsentService } from '../rights/consent.service.ts';
import type { CheckoutService } from '../payments/checkout.service.ts';
import { PREFERENCE_SET_NOT_FOUND, type PreferencesService } from './preferences.service.ts';

/** What the wizard submits: the spec's preference keys plus the chosen place and its coordinates. */
export const preferenceSubmission = rawPreferencesSchema.extend({
  donor_type_preference: z
    .string({ error: 'Please select a donor type.' })
    .trim()
    .toLowerCase()
    .refine((v) => (DONOR_TYPES as readonly string[]).includes(v), { error: 'Please select a donor type.' }),
  location: z.string().trim().max(200).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  /** The saved set being edited: it is replaced (donor type included) instead of the set for the donor type. */
  profile_id: z.uuid({ error: 'profile_id must be the id of one of your preference profiles.' }).optional(),
});

const profileSummary = z.object({
  id: z.string(),
  donor_type_preference: z.string(),
  location: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** One saved set with the submission as stored, so the wizard can reopen it. */
const profileDetail = profileSummary.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  preferences: z.record(z.string(), z.unknown()),
});

const idParams = z.object({ id: z.uuid({ error: PREFERENCE_SET_NOT_FOUND }) });

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
        body: preferenceSubmission,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            profile_id: z.string(),
            action: z.enum(['created', 'updated']),
            subscription: z.boolean(),
            subscription_message: z.string().optional(),
            unrecognized: z.array(z.object({ key: z.string(), value: z.string() })),
          }),
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
        response: { 200: z.object({ success: z.literal(true), profiles: z.array(profileSummary) }) },
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
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), profile: profileDetail }) },
      },
    },
    async (request) => ({
      success: true as const,
      profile: await opts.preferences.get(currentUser(request).id, request.params.id),
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePreferences, rawPreferencesSchema } from '@kindred/shared/preferences';
import { DONOR_TYPES } from '@kindred/shared/vocabulary';
import { PAYMENT_MSG } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { CheckoutService } from '../payments/checkout.service.ts';

/** What the wizard submits: the spec's preference keys plus the chosen place and its coordinates. */
export const preferenceSubmission = rawPreferencesSchema.extend({
  donor_type_preference: z.string({ error: 'Please select a donor type.' }).trim().toLowerCase()
    .refine((v) => (DONOR_TYPES as readonly string[]).includes(v), { error: 'Please select a donor type.' }),
  location: z.string().trim().max(200).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});

const profileSummary = z.object({ id: z.string(), donor_type_preference: z.string(), location: z.string().nullable(), created_at: z.string(), updated_at: z.string() });

/** The seven-step preference set: one per parent and donor type (re-submitting updates it). */
export async function preferencesRoutes(root: FastifyInstance, opts: { db: Db; clock: Clock; guard: AuthGuard; checkout: CheckoutService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['preferences'];

  app.post('/api/v1/fertility-profile/create/', {
    preHandler: opts.guard.authenticate,
    schema: {
      tags, security, summary: 'Save the seven-step preference set (upsert per donor type)', body: preferenceSubmission,
      response: { 200: z.object({ success: z.literal(true), message: z.string(), profile_id: z.string(), action: z.enum(['created', 'updated']), subscription: z.boolean(), subscription_message: z.string().optional(), unrecognized: z.array(z.object({ key: z.string(), value: z.string() })) }) },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { location, latitude, longitude, ...raw } = request.body;
    const origin = latitude != null && longitude != null ? { lat: latitude, lon: longitude } : null;
    const normalized = normalizePreferences(raw, { origin });
    const now = opts.clock.now();
    const rows = await opts.db.query<{ id: string; inserted: boolean }>(
      `insert into fertility_profiles (user_id, donor_type_preference, location, latitude, longitude, raw, normalized, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       on conflict (user_id, donor_type_preference) do update set location = excluded.location, latitude = excluded.latitude,
         longitude = excluded.longitude, raw = excluded.raw, normalized = excluded.normalized, updated_at = excluded.updated_at
       returning id, (xmax = 0) as inserted`,
      [userId, raw.donor_type_preference, location ?? null, latitude ?? null, longitude ?? null, JSON.stringify(request.body), JSON.stringify(normalized), now],
    );
    const active = (await opts.checkout.entitlement(userId))?.active === true;
    const row = rows[0]!;
    return {
      success: true as const,
      message: row.inserted ? 'Your preferences were saved.' : 'Your preferences were updated.',
      profile_id: row.id,
      action: row.inserted ? ('created' as const) : ('updated' as const),
      subscription: active,
      ...(active ? {} : { subscription_message: PAYMENT_MSG.noSubscription }),
      unrecognized: [...normalized.unrecognized],
    };
  });

  app.get('/api/v1/fertility-profile/list/', { preHandler: opts.guard.authenticate, schema: { tags, security, summary: 'The parent’s preference sets, most recently updated first', response: { 200: z.object({ success: z.literal(true), profiles: z.array(profileSummary) }) } } }, async (request) => {
    const rows = await opts.db.query<{ id: string; donor_type_preference: string; location: string | null; created_at: Date; updated_at: Date }>(
      'select id, donor_type_preference, location, created_at, updated_at from fertility_profiles where user_id = $1 order by updated_at desc',
      [currentUser(request).id],
    );
    return { success: true as const, profiles: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString() })) };
  });
}

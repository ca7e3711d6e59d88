/**
 * Saved-search alerts (issue 28): a parent saves a preference set and the matches page's filters as an alert and
 * is told when a new donor matches. Alerts never expire; they are paused, resumed or deleted.
 */
import { z } from 'zod';
import { matchFiltersSchema } from './matching.schemas.ts';

/** How many alerts one parent may keep (a nuisance limit: each is matched on every catalogue change). */
export const MAX_ALERTS_PER_PARENT = 20;

export const ALERTS_MSG = {
  nameRequired: 'Give the alert a name.',
  nameTooLong: 'The name must be at most 80 characters.',
  profileRequired: 'Choose one of your preference profiles.',
  profileNotFound: 'This preference profile was not found.',
  tooMany: `You can keep at most ${MAX_ALERTS_PER_PARENT} alerts. Delete one to save another.`,
  notFound: 'This alert was not found.',
  saved: 'Alert saved. We will tell you when a new donor matches.',
} as const;

export const alertNameSchema = z
  .string({ error: ALERTS_MSG.nameRequired })
  .trim()
  .min(1, { error: ALERTS_MSG.nameRequired })
  .max(80, { error: ALERTS_MSG.nameTooLong });

/** POST /api/v1/alerts/: the preference profile and the filters on the matches page when it was saved. */
export const createAlertRequestSchema = z.object({
  profile_id: z.uuid({ error: ALERTS_MSG.profileRequired }),
  name: alertNameSchema,
  filters: matchFiltersSchema.optional(),
});
export type CreateAlertRequest = z.infer<typeof createAlertRequestSchema>;

/** PATCH /api/v1/alerts/:id/: pause or resume, or rename. */
export const updateAlertRequestSchema = z
  .object({ paused: z.boolean().optional(), name: alertNameSchema.optional() })
  .refine((v) => v.paused !== undefined || v.name !== undefined, { error: 'Nothing to change.' });
export type UpdateAlertRequest = z.infer<typeof updateAlertRequestSchema>;

export const alertSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  profile_id: z.uuid().nullable(),
  donor_type: z.string().nullable(),
  filters: matchFiltersSchema,
  paused: z.boolean(),
  created_at: z.string(),
  /** The last time a donor entering its passing set was announced; null when it never fired. */
  last_fired_at: z.string().nullable(),
  /** Donors announced so far. */
  hits: z.number().int().min(0),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertResponseSchema = z.object({ success: z.literal(true), alert: alertSchema });
export const alertListResponseSchema = z.object({ success: z.literal(true), alerts: z.array(alertSchema) });
export type AlertListResponse = z.infer<typeof alertListResponseSchema>;

/** :id of an alert: a malformed id reads as not found, like another parent's alert. */
export const alertParamsSchema = z.object({ id: z.uuid({ error: ALERTS_MSG.notFound }) });
/** DELETE /api/v1/alerts/:id/. */
export const alertDeleteResponseSchema = z.object({ success: z.literal(true) });

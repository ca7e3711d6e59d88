/**
 * Request and response shapes of the preference-set endpoints (fertility-profile/create, list, one set): the
 * server validates and documents with them, and the wizard reads the same types (issue 27).
 */
import { z } from 'zod';
import { rawPreferencesSchema } from './preferences.ts';
import { DONOR_TYPES } from './vocabulary.ts';

export const PREFERENCE_SET_NOT_FOUND = 'This preference profile was not found.';

/** What the wizard submits: the spec's preference keys plus the chosen place and its coordinates. */
export const preferenceSubmissionSchema = rawPreferencesSchema.extend({
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
export type PreferenceSubmissionRequest = z.input<typeof preferenceSubmissionSchema>;

/** POST fertility-profile/create/. */
export const savePreferencesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  profile_id: z.string(),
  action: z.enum(['created', 'updated']),
  subscription: z.boolean(),
  subscription_message: z.string().optional(),
  unrecognized: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type SavePreferencesResponse = z.infer<typeof savePreferencesResponseSchema>;

export const preferenceProfileSummarySchema = z.object({
  id: z.string(),
  donor_type_preference: z.string(),
  location: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PreferenceProfileSummary = z.infer<typeof preferenceProfileSummarySchema>;

/** One saved set with the submission as stored, so the wizard can reopen it. */
export const preferenceProfileDetailSchema = preferenceProfileSummarySchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  preferences: z.record(z.string(), z.unknown()),
});
export type PreferenceProfileDetail = z.infer<typeof preferenceProfileDetailSchema>;

/** GET fertility-profile/list/: most recently updated first. */
export const preferenceProfileListResponseSchema = z.object({
  success: z.literal(true),
  profiles: z.array(preferenceProfileSummarySchema),
});
export type PreferenceProfileListResponse = z.infer<typeof preferenceProfileListResponseSchema>;

/** GET fertility-profile/:id/. */
export const preferenceProfileResponseSchema = z.object({
  success: z.literal(true),
  profile: preferenceProfileDetailSchema,
});
export type PreferenceProfileResponse = z.infer<typeof preferenceProfileResponseSchema>;

/** :id of a saved set (fertility-profile/:id/, its relax endpoints): a malformed id reads as not found. */
export const preferenceSetParamsSchema = z.object({ id: z.uuid({ error: PREFERENCE_SET_NOT_FOUND }) });

/**
 * A parent's own carrier screening as the API and the profile page exchange it (issue 24, ADR 023): the screen
 * itself is the genetics contract's `parentScreenSchema`; this adds the request and response envelopes and the
 * messages. Health data (ADR 019): saved only under the health-data consent.
 */
import { z } from 'zod';
import { parentScreenSchema } from './genetics.ts';

export const PARENT_SCREEN_MSG = {
  consentRequired:
    'Please agree to the use of your health information for matching before saving your carrier screening.',
  saved: 'Your carrier screening has been saved.',
  removed: 'Your carrier screening has been removed.',
} as const;

/** What the parent saves: their panel (or "I don't know") and the genes where they carry something. */
export const parentScreenRequest = parentScreenSchema;

/** The parent's saved screen, or null when they have not entered one (matching then reads their checklist). */
export const parentScreenResponse = z.object({
  success: z.literal(true),
  screen: parentScreenSchema.nullable(),
  updated_at: z.string().nullable(),
  message: z.string().optional(),
});
export type ParentScreenResponse = z.infer<typeof parentScreenResponse>;

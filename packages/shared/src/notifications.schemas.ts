import { z } from 'zod';
import { isTimeZone } from './console-clinics.schemas.ts';

/**
 * Notifications (issue 28, ADR 025): one in-app notification centre for parents and clinic staff, with e-mail per
 * kind (instant, daily digest, off) and a one-click unsubscribe. Donor updates (posted by a donor's bank's clinic
 * staff or an admin) fan out to every family that cares; a medical update is a safety notice that must be
 * acknowledged. Texts name no condition except to the parent it concerns; staff see counts only.
 */

/** Every kind of notification. Add a kind here (and its label below) when a module needs one. */
export const NOTIFICATION_KINDS = [
  'donor_update',
  'safety_notice',
  'alert_match',
  'family_limit',
  'ledger_update',
  'partner_invite',
  'partner_activity',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'This is not a kind of notification.' });
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds that cannot be turned off: their e-mail can only move to the daily digest. */
export const SAFETY_KINDS: readonly NotificationKind[] = ['safety_notice'];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  donor_update: 'Donor updates',
  safety_notice: 'Safety notices',
  alert_match: 'Saved-search alerts',
  family_limit: 'Family limits',
  ledger_update: 'Family ledger',
  partner_invite: 'Partner invitations',
  partner_activity: 'Partner activity',
};

export const EMAIL_DELIVERIES = ['instant', 'digest', 'off'] as const;
export const emailDeliverySchema = z.enum(EMAIL_DELIVERIES, { error: 'Choose instant, digest or off.' });
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

export const NOTIFICATION_MSG = {
  notFound: 'We could not find this notification.',
  safetyCannotBeOff: 'Safety notices cannot be turned off; you can receive their e-mail in the daily digest.',
  badToken: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer receive these e-mails.',
  movedToDigest: 'Safety notices will reach you in the daily digest instead.',
  preferencesSaved: 'Notification preferences saved.',
  donorNotFound: 'We could not find this donor.',
  categoryRequired: 'Choose the kind of medical update.',
  categoryOnlyMedical: 'Only a medical update has a category.',
  geneOnlyGenetic: 'A gene goes with a genetic result only.',
  geneInvalid: 'Enter a gene symbol such as GJB2.',
  textRequired: 'Describe the update.',
  updatePosted: 'Update posted. Affected families are being told.',
} as const;

/** A notification as its owner sees it. */
export const notificationDtoSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  safety: z.boolean(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  /**
   * When an unread safety notice was sent again (once, 48 h after it was written): it then comes first in the list,
   * marked as a reminder, without a second notification to read or acknowledge.
   */
  resent_at: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationDtoSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationsQuery = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), notificationKindSchema.optional()),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(10_000).default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number.' })
    .int()
    .min(1)
    .max(100)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const notificationsPageSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  notifications: z.array(notificationDtoSchema),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.object({ success: z.literal(true), unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markReadRequest = z.object({
  ids: z
    .array(z.uuid({ error: 'Each id must be a notification id.' }))
    .min(1, { error: 'Name at least one notification.' })
    .max(100, { error: 'At most 100 notifications at once.' }),
});
export const notificationIdParams = z.object({ id: z.uuid({ error: 'This is not a notification id.' }) });

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  delivery: emailDeliverySchema,
});
export const notificationPreferencesSchema = z.object({
  success: z.literal(true),
  /** Whether the account agreed to e-mail updates (consent `email_updates`); without it only safety notices mail. */
  email_updates: z.boolean(),
  preferences: z.array(notificationPreferenceSchema.extend({ safety: z.boolean(), label: z.string() })),
  /** The time zone the daily digest follows (07:00 there), as the browser reported it; null: UTC. */
  time_zone: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesRequest = z.object({
  preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesRequest = z.infer<typeof notificationPreferencesRequest>;

/** The daily digest goes at this hour in the user's own time zone (UTC when none is known). */
export const DIGEST_LOCAL_HOUR = 7;
export const TIME_ZONE_MSG = 'Send an IANA time zone such as Europe/Berlin.';
/** PUT notifications/time-zone/: the browser's own zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const timeZoneRequest = z.object({
  time_zone: z.string({ error: TIME_ZONE_MSG }).max(64, { error: TIME_ZONE_MSG }).refine(isTimeZone, {
    error: TIME_ZONE_MSG,
  }),
});
export type TimeZoneRequest = z.infer<typeof timeZoneRequest>;
export const timeZoneResponse = z.object({ success: z.literal(true), time_zone: z.string().nullable() });

export const unsubscribeQuery = z.object({ token: z.string({ error: 'token is required.' }).min(10).max(400) });
export const unsubscribeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: notificationKindSchema,
  delivery: emailDeliverySchema,
  label: z.string(),
});
/** GET notifications/unsubscribe: what the link would change, before anything changes. */
export const unsubscribePreviewResponse = unsubscribeResponse
  .omit({ message: true })
  .extend({ success: z.literal(true) });

/** POST notifications/:id/acknowledge/: the notification as it is now. */
export const acknowledgeResponseSchema = z.object({ success: z.literal(true), notification: notificationDtoSchema });
export type AcknowledgeResponse = z.infer<typeof acknowledgeResponseSchema>;

// ---- Donor updates ---------------------------------------------------------------------------------------------

export const DONOR_UPDATE_KINDS = ['medical', 'availability', 'withdrawal', 'family_limit'] as const;
export type DonorUpdateKind = (typeof DONOR_UPDATE_KINDS)[number];
export const MEDICAL_CATEGORIES = ['new_diagnosis', 'genetic_result', 'other'] as const;
export type MedicalCategory = (typeof MEDICAL_CATEGORIES)[number];
export const DONOR_UPDATE_KIND_LABELS: Record<DonorUpdateKind, string> = {
  medical: 'Medical update',
  availability: 'Availability',
  withdrawal: 'Withdrawal',
  family_limit: 'Family limit reached',
};
export const MEDICAL_CATEGORY_LABELS: Record<MedicalCategory, string> = {
  new_diagnosis: 'New diagnosis in the donor or their family',
  genetic_result: 'Genetic result',
  other: 'Other medical information',
};

export const donorUpdateRequest = z
  .object({
    kind: z.enum(DONOR_UPDATE_KINDS, { error: 'Choose medical, availability, withdrawal or family_limit.' }),
    category: z.enum(MEDICAL_CATEGORIES, { error: 'Choose new_diagnosis, genetic_result or other.' }).optional(),
    gene: z
      .string()
      .trim()
      .regex(/^[A-Z0-9-]{2,15}$/, { error: NOTIFICATION_MSG.geneInvalid })
      .optional(),
    text: z
      .string({ error: NOTIFICATION_MSG.textRequired })
      .trim()
      .min(1, { error: NOTIFICATION_MSG.textRequired })
      .max(4000, { error: 'At most 4,000 characters.' }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'medical' && !v.category)
      ctx.addIssue({ code: 'custom', path: ['category'], message: NOTIFICATION_MSG.categoryRequired });
    if (v.kind !== 'medical' && v.category)
      ctx.addIssue({ code: 'custom', path: ['category'], message: NOTIFICATION_MSG.categoryOnlyMedical });
    if (v.gene && v.category !== 'genetic_result')
      ctx.addIssue({ code: 'custom', path: ['gene'], message: NOTIFICATION_MSG.geneOnlyGenetic });
  });
export type DonorUpdateRequest = z.infer<typeof donorUpdateRequest>;

/** An update as a family sees it on the donor page: date, source and text. */
export const donorUpdateDtoSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DONOR_UPDATE_KINDS),
  category: z.enum(MEDICAL_CATEGORIES).nullable(),
  gene: z.string().nullable(),
  text: z.string(),
  source: z.string(),
  created_at: z.string(),
});
export type DonorUpdateDto = z.infer<typeof donorUpdateDtoSchema>;

/** Staff's view: the update plus counts of affected families (never who). */
export const staffDonorUpdateDtoSchema = donorUpdateDtoSchema.extend({
  delivered: z.boolean(),
  counts: z.object({ affected: z.number().int(), read: z.number().int(), acknowledged: z.number().int() }),
});
export type StaffDonorUpdateDto = z.infer<typeof staffDonorUpdateDtoSchema>;

/** :reference_id of the donor an update concerns: anything but a donor reference is refused. */
export const donorUpdateParams = z.object({
  reference_id: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{4,32}$/, { error: 'reference_id is not a donor reference.' }),
});
export const donorUpdatesResponse = z.object({ success: z.literal(true), updates: z.array(donorUpdateDtoSchema) });
export const staffDonorUpdatesResponse = z.object({
  success: z.literal(true),
  updates: z.array(staffDonorUpdateDtoSchema),
});
export const donorUpdatePostedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  update: staffDonorUpdateDtoSchema,
});

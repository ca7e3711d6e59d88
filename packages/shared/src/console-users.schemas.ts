import { z } from 'zod';
import { USER_ROLES } from './constants.ts';

/**
 * The operator console's Users page (issue 15, ADR 022): the list (search, filters, server-side sort and paging),
 * one user's page and the actions on an account. Health data is masked unless an admin reveals it with a reason;
 * payments are left out of support's answers altogether.
 */

export const CONSOLE_USERS_MSG = {
  reasonRequired: 'Give a reason (at least 3 characters).',
  reasonTooLong: 'Keep the reason under 500 characters.',
  notFound: 'We could not find this user.',
  notYourself: 'You cannot do this to your own account.',
  lastAdmin: 'This would leave no administrator who can sign in.',
  adminsOnly: 'Only an administrator can do this to an administrator’s account.',
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  alreadyVerified: 'This address is already verified.',
  planNotFound: 'Choose an existing parent plan.',
  parentsOnly: 'Only parent accounts hold plans.',
  bulkTooMany: 'Choose at most 500 users at a time.',
  bulkEmpty: 'Choose at least one user.',
  disabled: 'Account disabled. Its sessions were ended.',
  enabled: 'Account enabled. The user can sign in again.',
  sessionsEnded: 'Every session of this account was ended.',
  verificationSent: 'A new verification link was sent.',
  deletionStarted: 'Account deletion started. The user was mailed a link to cancel it within the grace period.',
  complimentaryGranted: 'Complimentary plan granted.',
  planFilterAdminsOnly: 'Only an administrator can filter users by plan.',
} as const;

/** Most users one bulk action touches (issue 15). */
export const BULK_MAX = 500;

export const CONSOLE_USER_STATUSES = ['active', 'disabled', 'unverified', 'deletion_pending'] as const;
export type ConsoleUserStatus = (typeof CONSOLE_USER_STATUSES)[number];
export const CONSOLE_USER_SORTS = ['created', 'name', 'email', 'last_sign_in'] as const;
export type ConsoleUserSort = (typeof CONSOLE_USER_SORTS)[number];
export const CONSOLE_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * Ids are lower-cased once valid: PostgreSQL reads `AAAA…` and `aaaa…` as the same uuid, so every comparison the
 * service makes (your own account, the bulk action's skips) must see the form the database returns.
 */
const uuid = z.uuid({ error: 'This id is not valid.' }).toLowerCase();

/** A reason an operator gives for a sensitive action (kept in the audit log). */
export const reasonField = z
  .string({ error: CONSOLE_USERS_MSG.reasonRequired })
  .trim()
  .min(3, { error: CONSOLE_USERS_MSG.reasonRequired })
  .max(500, { error: CONSOLE_USERS_MSG.reasonTooLong });

export const consoleUsersQuery = z.object({
  /** Part of a name or an e-mail address (case-insensitive). */
  q: z.string().trim().max(100, { error: 'Search for at most 100 characters.' }).optional(),
  role: z.enum(USER_ROLES, { error: 'Choose a role from the list.' }).optional(),
  /** A plan id (the plan the user holds now) or `none` (no plan now). */
  plan: z.union([uuid, z.literal('none')], { error: 'Choose a plan from the list.' }).optional(),
  status: z.enum(CONSOLE_USER_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  sort: z.enum(CONSOLE_USER_SORTS, { error: 'Sort by created, name, email or last_sign_in.' }).default('created'),
  dir: z.enum(['asc', 'desc'], { error: 'dir is asc or desc.' }).default('desc'),
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(10_000).default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be 10, 25, 50 or 100.' })
    .refine((n) => (CONSOLE_PAGE_SIZES as readonly number[]).includes(n), {
      error: 'per_page must be 10, 25, 50 or 100.',
    })
    .default(25),
});
export type ConsoleUsersQuery = z.infer<typeof consoleUsersQuery>;

export const consoleUserRow = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(CONSOLE_USER_STATUSES),
  /** Admin only (absent in support's answer): the plan's name carries its price (issue 25). */
  plan_name: z.string().nullable().optional(),
  /** The current plan's status and end date (null without a plan): all support sees of it. */
  plan_status: z.string().nullable(),
  plan_current_period_end: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type ConsoleUserRow = z.infer<typeof consoleUserRow>;

/** The counted total stops at this many (`total_capped`): a page never pays for counting 100,000 rows. */
export const COUNT_CAP = 10_000;

export const consoleUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(consoleUserRow),
  total: z.number().int(),
  /** True when more than `total` (COUNT_CAP) users match. */
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ConsoleUsersResponse = z.infer<typeof consoleUsersResponse>;

export const consolePlanOption = z.object({ id: z.string(), name: z.string(), duration_days: z.number().int() });
export const consolePlansResponse = z.object({ success: z.literal(true), plans: z.array(consolePlanOption) });

export const consoleUserDetail = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(CONSOLE_USER_STATUSES),
  email_verified: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  deletion_purge_after: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  /** Support gets the status and end date only; the plan (its name carries its price) and billing are admin's. */
  subscription: z
    .object({
      status: z.string(),
      current_period_end: z.string(),
      plan_id: z.string().optional(),
      plan_name: z.string().optional(),
      provider: z.string().optional(),
      started_at: z.string().optional(),
      match_credits_total: z.number().nullable().optional(),
      match_credits_used: z.number().optional(),
    })
    .nullable(),
  /** Admin only: absent (not empty) in support's answer. */
  payments: z
    .array(
      z.object({
        id: z.string(),
        created_at: z.string(),
        plan_name: z.string(),
        amount: z.string(),
        currency: z.string(),
        status: z.string(),
        kind: z.string(),
      }),
    )
    .optional(),
  /** Live visits still ahead: all support sees of appointments (a clinic or visit type is health data). */
  upcoming_appointments: z.number().int(),
  /** Admin only: absent in support's answer. */
  appointments: z
    .array(
      z.object({
        id: z.string(),
        starts_at: z.string().nullable(),
        status: z.string(),
        clinic: z.string().nullable(),
        visit: z.string().nullable(),
        /** The clinic's IANA zone: the console shows the visit in the clinic's local time (issue 25). */
        time_zone: z.string().nullable(),
      }),
    )
    .optional(),
  /** Sign-ins (refresh-token families), newest first. */
  sign_ins: z.array(
    z.object({ started_at: z.string(), last_used_at: z.string(), remember: z.boolean(), ended: z.boolean() }),
  ),
  /** Health data stays masked here: only how many preference sets there are. */
  health: z.object({ preference_sets: z.number().int(), masked: z.literal(true) }),
});
export type ConsoleUserDetail = z.infer<typeof consoleUserDetail>;
export const consoleUserResponse = z.object({ success: z.literal(true), user: consoleUserDetail });

export const consoleUserParams = z.object({ id: uuid });
export const reasonRequest = z.object({ reason: reasonField });
export type ReasonRequest = z.infer<typeof reasonRequest>;

export const revealHealthResponse = z.object({
  success: z.literal(true),
  preference_sets: z.array(
    z.object({
      id: z.string(),
      donor_type_preference: z.string(),
      location: z.string().nullable(),
      /** The stored answers, as the parent gave them (carrier conditions included). */
      answers: z.record(z.string(), z.unknown()),
      updated_at: z.string(),
    }),
  ),
});
export type RevealHealthResponse = z.infer<typeof revealHealthResponse>;

export const complimentaryRequest = z.object({
  plan_id: uuid,
  days: z.coerce
    .number({ error: 'Give the number of days (1 to 365).' })
    .int({ error: 'Give the number of days (1 to 365).' })
    .min(1, { error: 'Give the number of days (1 to 365).' })
    .max(365, { error: 'Give the number of days (1 to 365).' }),
  reason: reasonField,
});
export type ComplimentaryRequest = z.infer<typeof complimentaryRequest>;

export const actionResponse = z.object({ success: z.literal(true), message: z.string() });

export const bulkDisableRequest = z.object({
  ids: z
    .array(uuid, { error: CONSOLE_USERS_MSG.bulkEmpty })
    .min(1, { error: CONSOLE_USERS_MSG.bulkEmpty })
    .max(BULK_MAX, { error: CONSOLE_USERS_MSG.bulkTooMany }),
  reason: reasonField,
  dry_run: z.boolean().default(false),
});
export type BulkDisableRequest = z.infer<typeof bulkDisableRequest>;

export const bulkDisableResponse = z.object({
  success: z.literal(true),
  dry_run: z.boolean(),
  /** The accounts disabled (or, on a dry run, that would be). */
  disabled: z.array(z.string()),
  /** The ones left alone and why: not found, already disabled, your own account. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  message: z.string(),
});
export type BulkDisableResponse = z.infer<typeof bulkDisableResponse>;

import { z } from 'zod';
import {
  APPOINTMENT_CATEGORIES,
  VISIT_CONFIRMATIONS,
  VISIT_DEFAULTS,
  VISIT_MODES,
  visitTypeDto,
} from './appointments.schemas.ts';
import { resetPasswordRequest } from './auth.schemas.ts';
import { MSG } from './messages.ts';
import { emailField, nameField, scheduleDate } from './validation.ts';

/**
 * Clinic accounts and the clinic portal (issue 14, ADR 021): the admin's invitations, the set-password link, and
 * what clinic staff edit (weekly hours, date overrides, visit types) and read (shared shortlists, bank donors).
 * Times of day are wall-clock "HH:MM" in the clinic's zone; dates are the clinic's local YYYY-MM-DD.
 */

export const CLINIC_MSG = {
  invited: 'Invitation sent. It is valid for 7 days.',
  emailTaken: 'An account with this email already exists.',
  bankNotOfClinic: 'This clinic does not work with that bank.',
  invitationInvalid: 'This invitation link is not valid. Ask your Kindred administrator for a new one.',
  invitationExpired: 'This invitation has expired. Ask your Kindred administrator for a new one.',
  invitationUsed: 'This invitation has already been used. Sign in with your email and password.',
  invitationAccepted: 'Your password is set. Sign in to open the clinic portal.',
  clinicianNotFound: 'We could not find this clinician at your clinic.',
  overrideNotFound: 'We could not find this date change.',
  visitTypeNotFound: 'We could not find this visit type at your clinic.',
  scheduleSaved: 'Working hours saved.',
  overrideSaved: 'Date change saved.',
  visitTypeSaved: 'Visit type saved.',
  timeFormat: 'Give the time as HH:MM (24-hour).',
  endAfterStart: 'The end must be after the start.',
  endNotStart: 'The end must differ from the start (an end before the start is on the next day).',
  overlapping: 'These hours overlap another interval that day.',
  weekdayInvalid: 'Choose a day from Monday to Sunday.',
  extraNeedsTimes: 'Give the start and end of the extra hours.',
  closedHasNoTimes: 'A closed day has no hours.',
  noShortlists: 'No parent has shared a shortlist with your clinic yet.',
  noDonors: 'No donors from your banks yet.',
} as const;

/** An invitation's set-password link is valid this long. */
export const INVITATION_TTL_DAYS = 7;

export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string({ error: CLINIC_MSG.timeFormat }).regex(TIME, { error: CLINIC_MSG.timeFormat });
const localDate = scheduleDate('Give the date as YYYY-MM-DD.');
const uuid = z.uuid({ error: 'This id is not valid.' });
const minutes = (max: number, label: string) =>
  z
    .number({ error: `${label} must be a whole number of minutes.` })
    .int({ error: `${label} must be a whole number of minutes.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(max, { error: `${label} is at most ${max} minutes.` });

// Admin: clinics and their staff ---------------------------------------------------------------------------

export const inviteStaffRequest = z.object({
  email: emailField,
  first_name: nameField(MSG.firstNameRequired, MSG.firstNameInvalid),
  last_name: nameField(MSG.lastNameRequired, MSG.lastNameInvalid),
  /** Which of the clinic's banks the account imports donors for; the first (alphabetically) when absent. */
  bank_name: z.string().trim().min(1).max(200).optional(),
});
export type InviteStaffRequest = z.infer<typeof inviteStaffRequest>;

export const clinicStaffDto = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** active: the password is set; invited: the link is still valid; expired: the link ran out unused. */
  status: z.enum(['active', 'invited', 'expired']),
  invited_at: z.string().nullable(),
  bank_name: z.string().nullable(),
});
export type ClinicStaffDto = z.infer<typeof clinicStaffDto>;

export const adminClinicDto = z.object({
  reference_id: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  time_zone: z.string(),
  banks: z.array(z.string()),
  staff: z.array(clinicStaffDto),
});
export type AdminClinicDto = z.infer<typeof adminClinicDto>;
export const adminClinicsResponse = z.object({ success: z.literal(true), clinics: z.array(adminClinicDto) });
export const inviteStaffResponse = z.object({ success: z.literal(true), message: z.string(), staff: clinicStaffDto });

// The set-password link --------------------------------------------------------------------------------------

export const invitationTokenField = z
  .string({ error: CLINIC_MSG.invitationInvalid })
  .min(1, { error: CLINIC_MSG.invitationInvalid })
  .max(200, { error: CLINIC_MSG.invitationInvalid });
export const invitationQuery = z.object({ token: invitationTokenField });
export const invitationResponse = z.object({ success: z.literal(true), email: z.string(), clinic_name: z.string() });
/** The create-password form's fields (resetPasswordRequest) plus the link's token. */
export const acceptInvitationRequest = resetPasswordRequest.safeExtend({ token: invitationTokenField });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;
export const acceptInvitationResponse = z.object({ success: z.literal(true), message: z.string(), email: z.string() });

// The portal: the clinic itself ----------------------------------------------------------------------------

export const portalClinicResponse = z.object({
  success: z.literal(true),
  clinic: z.object({
    reference_id: z.string(),
    name: z.string(),
    time_zone: z.string(),
    banks: z.array(z.string()),
    /** The bank this account imports donors for (users.bank_name). */
    import_bank: z.string().nullable(),
  }),
});

// Weekly hours ---------------------------------------------------------------------------------------------

export const hoursInterval = z
  .object({
    weekday: z
      .number({ error: CLINIC_MSG.weekdayInvalid })
      .int({ error: CLINIC_MSG.weekdayInvalid })
      .min(1, { error: CLINIC_MSG.weekdayInvalid })
      .max(7, { error: CLINIC_MSG.weekdayInvalid }),
    start_time: timeOfDay,
    end_time: timeOfDay,
  })
  .refine((v) => v.start_time !== v.end_time, { error: CLINIC_MSG.endNotStart, path: ['end_time'] });
export type HoursInterval = z.infer<typeof hoursInterval>;

const WEEK_MINUTES = 7 * 1440;
const minuteOfDay = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/**
 * An interval as minutes of the week [start, end): an end at or before the start is on the next day (a night
 * shift, 20:00–02:00, issue 25), so Sunday night runs into Monday morning.
 */
export function weekMinutes(h: Pick<HoursInterval, 'weekday' | 'start_time' | 'end_time'>): [number, number] {
  const start = (h.weekday - 1) * 1440 + minuteOfDay(h.start_time);
  const end = minuteOfDay(h.end_time);
  const length =
    end > minuteOfDay(h.start_time) ? end - minuteOfDay(h.start_time) : 1440 - minuteOfDay(h.start_time) + end;
  return [start, start + length];
}
/** Whether two weekly intervals share any time, across midnight and from Sunday into Monday. */
export function intervalsOverlap(a: HoursInterval, b: HoursInterval): boolean {
  const [a0, a1] = weekMinutes(a);
  const [b0, b1] = weekMinutes(b);
  return [-WEEK_MINUTES, 0, WEEK_MINUTES].some((shift) => a0 < b1 + shift && b0 + shift < a1);
}

/** PUT /api/v1/clinic/schedule/: the whole week of one clinician (several intervals a day leave breaks). */
export const weeklyHoursRequest = z
  .object({
    clinician_id: uuid,
    hours: z.array(hoursInterval).max(70, { error: 'At most 70 intervals a week.' }),
  })
  .superRefine((v, ctx) => {
    v.hours.forEach((h, i) => {
      const overlaps = v.hours.some((o, j) => j !== i && intervalsOverlap(o, h));
      if (overlaps) ctx.addIssue({ code: 'custom', path: ['hours', i, 'start_time'], message: CLINIC_MSG.overlapping });
    });
  });
export type WeeklyHoursRequest = z.infer<typeof weeklyHoursRequest>;

export const scheduleClinicianDto = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  active: z.boolean(),
  hours: z.array(z.object({ weekday: z.number().int(), start_time: z.string(), end_time: z.string() })),
});
export type ScheduleClinicianDto = z.infer<typeof scheduleClinicianDto>;
export const scheduleResponse = z.object({
  success: z.literal(true),
  time_zone: z.string(),
  clinicians: z.array(scheduleClinicianDto),
});

// Date overrides -------------------------------------------------------------------------------------------

export const overrideRequest = z
  .object({
    clinician_id: uuid,
    on_date: localDate,
    kind: z.enum(['closed', 'extra'], { error: 'Choose closed or extra hours.' }),
    start_time: timeOfDay.nullish(),
    end_time: timeOfDay.nullish(),
    note: z.string().trim().max(200, { error: 'The note is at most 200 characters.' }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'extra') {
      if (!v.start_time) ctx.addIssue({ code: 'custom', path: ['start_time'], message: CLINIC_MSG.extraNeedsTimes });
      if (!v.end_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: CLINIC_MSG.extraNeedsTimes });
      if (v.start_time && v.end_time && v.start_time >= v.end_time)
        ctx.addIssue({ code: 'custom', path: ['end_time'], message: CLINIC_MSG.endAfterStart });
    } else if (v.start_time || v.end_time) {
      ctx.addIssue({ code: 'custom', path: ['start_time'], message: CLINIC_MSG.closedHasNoTimes });
    }
  });
export type OverrideRequest = z.infer<typeof overrideRequest>;
export const overrideDto = z.object({
  id: z.string(),
  clinician_id: z.string(),
  on_date: z.string(),
  kind: z.enum(['closed', 'extra']),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  note: z.string().nullable(),
});
export type OverrideDto = z.infer<typeof overrideDto>;
export const overridesQuery = z.object({ from: localDate.optional() });
export const overridesResponse = z.object({ success: z.literal(true), overrides: z.array(overrideDto) });
export const overrideResponse = z.object({ success: z.literal(true), message: z.string(), override: overrideDto });

// Visit types ----------------------------------------------------------------------------------------------

export const visitTypeRequest = z.object({
  name: z
    .string({ error: 'Give the visit type a name.' })
    .trim()
    .min(1, { error: 'Give the visit type a name.' })
    .max(120, { error: 'The name is at most 120 characters.' }),
  category: z.enum(APPOINTMENT_CATEGORIES, { error: 'Choose a category.' }),
  mode: z.enum(VISIT_MODES, { error: 'Choose video or in person.' }),
  duration_minutes: minutes(480, 'The duration').min(5, { error: 'The duration is at least 5 minutes.' }),
  buffer_before_minutes: minutes(240, 'The buffer before'),
  buffer_after_minutes: minutes(240, 'The buffer after'),
  min_notice_minutes: minutes(43200, 'The minimum notice'),
  horizon_days: z
    .number({ error: 'The horizon must be a whole number of days.' })
    .int({ error: 'The horizon must be a whole number of days.' })
    .min(1, { error: 'The horizon is at least 1 day.' })
    .max(365, { error: 'The horizon is at most 365 days.' }),
  change_notice_minutes: minutes(43200, 'The change window'),
  /** Absent from older clients: requests wait for the clinic, as before issue 25. */
  confirmation: z
    .enum(VISIT_CONFIRMATIONS, { error: 'Choose "confirm requests" or "instant confirmation".' })
    .default('request'),
  active: z.boolean({ error: 'active must be true or false.' }),
});
export type VisitTypeRequest = z.infer<typeof visitTypeRequest>;
export const NEW_VISIT_TYPE: VisitTypeRequest = {
  name: '',
  category: 'general',
  mode: 'video',
  duration_minutes: 30,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: VISIT_DEFAULTS.minNoticeMinutes,
  horizon_days: VISIT_DEFAULTS.horizonDays,
  change_notice_minutes: VISIT_DEFAULTS.changeNoticeMinutes,
  confirmation: 'request',
  active: true,
};
export const visitTypesResponse = z.object({ success: z.literal(true), visit_types: z.array(visitTypeDto) });
export const visitTypeResponse = z.object({ success: z.literal(true), message: z.string(), visit_type: visitTypeDto });

// Shared shortlists and bank donors ------------------------------------------------------------------------

export const sharedShortlistDto = z.object({
  parent_id: z.string(),
  name: z.string(),
  email: z.string(),
  shared_at: z.string(),
  /** The linked partner who also shares with this clinic (issue 29): the clinic sees both names; else null. */
  partner_name: z.string().nullable().default(null),
  donors: z.array(
    z.object({
      reference_id: z.string(),
      donor_type: z.string(),
      /** The score the parent last saw for this donor (0–100), or null when none is stored. */
      score: z.number().nullable(),
    }),
  ),
});
export type SharedShortlistDto = z.infer<typeof sharedShortlistDto>;
export const sharedShortlistsResponse = z.object({
  success: z.literal(true),
  shortlists: z.array(sharedShortlistDto),
});

export const BANK_DONORS_PAGE_SIZE = 25;
export const bankDonorsQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(10_000).optional(),
  page_size: z.coerce.number({ error: 'page_size must be a number.' }).int().min(1).max(100).optional(),
});
export const bankDonorDto = z.object({
  reference_id: z.string(),
  bank_name: z.string(),
  donor_type: z.string(),
  availability: z.string(),
  updated_at: z.string(),
});
export type BankDonorDto = z.infer<typeof bankDonorDto>;
export const bankDonorsResponse = z.object({
  success: z.literal(true),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  donors: z.array(bankDonorDto),
});

/** :reference_id of the clinic an admin invites staff to: the reference's own pattern. */
export const clinicReferenceParams = z.object({
  reference_id: z.string().regex(/^[A-Z0-9-]{2,50}$/, { error: 'This is not a clinic reference.' }),
});
/** :id of a date override of the portal's clinic: a malformed id reads as not found. */
export const overrideParams = z.object({ id: z.uuid({ error: CLINIC_MSG.overrideNotFound }) });
/** :id of a visit type of the portal's clinic: a malformed id reads as not found. */
export const portalVisitTypeParams = z.object({ id: z.uuid({ error: CLINIC_MSG.visitTypeNotFound }) });

import { z } from 'zod';
import { scheduleDate } from './validation.ts';

/**
 * Clinic appointments (issue 14, ADR 021): the API contract the booking page, the profile's Appointment Info, the
 * signed manage link and the clinic portal share with the server. Instants are ISO 8601 strings in UTC; every
 * appointment and slot carries the clinic's IANA zone, and the web app shows times in the parent's own zone with
 * the zone named.
 */

export const APPOINTMENT_MSG = {
  /** Spec section 8. */
  bookingFailed: 'Failed to book appointment. Please try again.',
  slotTaken: 'This time was just taken. Please pick another.',
  booked: 'Your appointment request has been sent to the clinic.',
  noAppointments: 'No appointments found.',
  signInToBook: 'Please sign in to confirm your booking.',
  verifyEmailFirst:
    'Please verify your email address before booking: use the link we sent you, or send a new one from your profile.',
  clinicNotFound: 'We could not find this clinic.',
  visitTypeNotFound: 'This clinic does not offer that kind of visit.',
  slotUnavailable: 'This time is not available. Please pick another.',
  slotInPast: 'This time has already passed. Please pick another.',
  slotTooSoon: 'This time is too soon for the clinic to prepare. Please pick a later one.',
  slotBeyondHorizon: 'The clinic does not take bookings that far ahead yet.',
  holdExpired: 'Your hold on this time ran out. Please pick a time again.',
  tooLateToChange: 'This appointment is too close to change online. Please contact the clinic.',
  notChangeable: 'This appointment can no longer be changed.',
  appointmentNotFound: 'We could not find this appointment.',
  linkInvalid: 'This link is not valid any more. Sign in to manage your appointments.',
  cancelled: 'Your appointment has been cancelled.',
  rescheduled: 'Your appointment has been moved.',
  ratingOnlyAfterVisit: 'You can rate a clinic after a completed visit.',
  waitlisted: 'We will email you if a time opens up that day.',
  /** Lifecycle and the clinic portal (issue 14, h-lifecycle). */
  confirmed: 'The appointment is confirmed.',
  meetingLinkSaved: 'The meeting link is saved.',
  meetingLinkRequired: 'Add the meeting link for this video visit before confirming it.',
  meetingLinkHttps: 'The meeting link must be a secure https:// address.',
  completed: 'The visit is marked as completed.',
  noShow: 'The visit is marked as a no-show.',
  notStartedYet: 'This visit has not started yet.',
  cancelReasonRequired: 'Please tell the parent why the appointment is cancelled.',
  rated: 'Thank you for rating the clinic.',
  waitlistDateInPast: 'That day has already passed.',
  appointmentDetails: 'Your appointment',
  /** The reason the parent reads on a request the clinic did not confirm by its deadline (issue 25). */
  notConfirmedInTime: 'The clinic did not confirm your request in time, so it was cancelled. Please book another time.',
} as const;

/** The search form's Category (spec: Find and Book). */
export const APPOINTMENT_CATEGORIES = ['egg', 'sperm', 'surrogate', 'ivf', 'general'] as const;
export type AppointmentCategory = (typeof APPOINTMENT_CATEGORIES)[number];
export const APPOINTMENT_CATEGORY_LABELS: Record<AppointmentCategory, string> = {
  egg: 'Egg donor consultation',
  sperm: 'Sperm donor consultation',
  surrogate: 'Surrogacy consultation',
  ivf: 'IVF consultation',
  general: 'General fertility consultation',
};
export const VISIT_MODES = ['video', 'in_person'] as const;
/**
 * How a visit type's bookings are confirmed (issue 25): `request` waits for the clinic (pending until it confirms),
 * `instant` is confirmed at booking.
 */
export const VISIT_CONFIRMATIONS = ['request', 'instant'] as const;
export type VisitConfirmation = (typeof VISIT_CONFIRMATIONS)[number];
export const VISIT_CONFIRMATION_LABELS: Record<VisitConfirmation, string> = {
  request: 'Confirm requests',
  instant: 'Instant confirmation',
};
/** An unconfirmed request closes at most this long before its start (ADR 021 "Confirmation deadline"). */
export const CONFIRM_WINDOW_MINUTES = 120;

/**
 * When a request that became pending at `requestedAt` for a visit at `startsAt` is cancelled unless the clinic
 * confirms it: CONFIRM_WINDOW_MINUTES before the start, or halfway between the request and the start when it was
 * made less than twice that window ahead (a request 13 minutes ahead closes 6.5 minutes before the visit, so the
 * parent learns before they set off). Never later than the start.
 */
export function confirmDeadline(requestedAt: Date, startsAt: Date): Date {
  const lead = Math.max(0, startsAt.getTime() - requestedAt.getTime());
  return new Date(startsAt.getTime() - Math.min(CONFIRM_WINDOW_MINUTES * 60_000, lead / 2));
}
export type VisitMode = (typeof VISIT_MODES)[number];

export const APPOINTMENT_STATUSES = [
  'held',
  'pending',
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
  'expired',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** How long a slot is held while the parent fills the form. */
export const HOLD_MINUTES = 10;
/** How long a freed time is held for a waiting parent before it passes to the next one (the waitlist offer). */
export const OFFER_MINUTES = 30;
/** Defaults of a new visit type (the issue's): 24 h notice, 60 days ahead, 24 h to cancel or reschedule. */
export const VISIT_DEFAULTS = { minNoticeMinutes: 1440, horizonDays: 60, changeNoticeMinutes: 1440 } as const;
/** Star rating shown before the parent has rated (spec section 9). */
export const DEFAULT_STAR_RATING = 3;

const isoInstant = z.iso.datetime({ offset: true, error: 'Give the time as an ISO 8601 date and time.' });
/** A day a parent browses: any real day (far ones give no slots). */
const localDate = z.iso.date({ error: 'Give the date as YYYY-MM-DD.' });
/** A day of a clinic's own calendar or of a waiting-list entry: within the schedule's years. */
const calendarDate = scheduleDate('Give the date as YYYY-MM-DD.');
const uuid = z.uuid({ error: 'This id is not valid.' });

export const visitTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(APPOINTMENT_CATEGORIES),
  mode: z.enum(VISIT_MODES),
  duration_minutes: z.number().int(),
  buffer_before_minutes: z.number().int(),
  buffer_after_minutes: z.number().int(),
  min_notice_minutes: z.number().int(),
  horizon_days: z.number().int(),
  change_notice_minutes: z.number().int(),
  confirmation: z.enum(VISIT_CONFIRMATIONS),
  active: z.boolean(),
});
export type VisitTypeDto = z.infer<typeof visitTypeDto>;

export const clinicianDto = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  languages: z.array(z.string()),
  photo_url: z.string().nullable(),
});
export type ClinicianDto = z.infer<typeof clinicianDto>;

/** A bookable time: start and end instants of the visit itself (buffers are the server's business). */
export const slotDto = z.object({
  clinician_id: z.string(),
  visit_type_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type SlotDto = z.infer<typeof slotDto>;

/** Parents' ratings after completed visits: null until someone has rated. */
export const clinicRatingDto = z.object({ average: z.number(), count: z.number().int() }).nullable();

export const clinicSummaryDto = z.object({
  reference_id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  time_zone: z.string(),
  specialties: z.array(z.string()),
  photo_url: z.string().nullable(),
  is_fictional: z.boolean(),
  /** Miles from the searched location, or null when no location was given. */
  distance_miles: z.number().nullable(),
  rating: clinicRatingDto,
  visit_types: z.array(visitTypeDto),
  /** The first free times from the searched date on (at most 3). */
  next_slots: z.array(slotDto),
});
export type ClinicSummaryDto = z.infer<typeof clinicSummaryDto>;

export const clinicDetailDto = clinicSummaryDto.extend({
  description: z.string(),
  clinicians: z.array(clinicianDto),
  banks: z.array(z.string()),
});
export type ClinicDetailDto = z.infer<typeof clinicDetailDto>;

/** GET /api/v1/clinics/search/ */
export const clinicSearchQuery = z.object({
  category: z.enum(APPOINTMENT_CATEGORIES, { error: 'Choose a category.' }).optional(),
  /** Free text as the autocomplete gave it; with lat/lon the results are sorted by distance. */
  location: z.string().trim().max(200, { error: 'The location is at most 200 characters.' }).optional(),
  lat: z.coerce.number({ error: 'lat must be a number.' }).min(-90).max(90).optional(),
  lon: z.coerce.number({ error: 'lon must be a number.' }).min(-180).max(180).optional(),
  /** The first day to look for free times (the parent's Choose Date), YYYY-MM-DD; today when absent. */
  date: localDate.optional(),
  mode: z.enum(VISIT_MODES, { error: 'mode must be video or in_person.' }).optional(),
  /** How many days from `date` to look in (1–14, default 7). */
  days: z.coerce.number().int().min(1).max(14).optional(),
});
export type ClinicSearchQuery = z.infer<typeof clinicSearchQuery>;
export const clinicSearchResponse = z.object({ success: z.literal(true), clinics: z.array(clinicSummaryDto) });

/** GET /api/v1/clinics/{reference_id}/ */
export const clinicDetailResponse = z.object({ success: z.literal(true), clinic: clinicDetailDto });

/** GET /api/v1/clinics/{reference_id}/availability/ */
export const availabilityQuery = z.object({
  visit_type: uuid,
  from: localDate,
  days: z.coerce.number().int().min(1).max(14).optional(),
  clinician: uuid.optional(),
});
export const availabilityResponse = z.object({
  success: z.literal(true),
  time_zone: z.string(),
  slots: z.array(slotDto),
});

/** POST /api/v1/appointments/hold/ (bearer): holds a slot for HOLD_MINUTES. */
export const holdRequest = z.object({
  clinic: z.string().trim().min(1, { error: 'Choose a clinic.' }).max(50),
  visit_type_id: uuid,
  clinician_id: uuid,
  starts_at: isoInstant,
});
export type HoldRequest = z.infer<typeof holdRequest>;
export const holdResponse = z.object({ success: z.literal(true), hold_id: z.string(), expires_at: z.string() });

/** GET /api/v1/appointments/hold/{id}/ (bearer): the parent's own live hold, e.g. a waitlist offer from its mail. */
export const heldTime = z.object({
  hold_id: z.string(),
  expires_at: z.string(),
  /** The clinic's reference id and zone. */
  clinic: z.string(),
  time_zone: z.string(),
  /** True for a freed time held for the parent from the clinic's waitlist (OFFER_MINUTES). */
  offer: z.boolean(),
  slot: slotDto,
});
export type HeldTime = z.infer<typeof heldTime>;
export const heldTimeResponse = heldTime.extend({ success: z.literal(true) });

/**
 * POST /api/v1/appointments/create/ (bearer): the spec's payload (name, email, phone_number,
 * reason_for_consultation, clinic, doner) plus the chosen slot. With hold_id the hold becomes the appointment.
 */
export const bookAppointmentRequest = z.object({
  name: z.string().trim().min(1, { error: 'Please enter your name.' }).max(150),
  email: z.email({ error: 'Please enter a valid email address.' }).max(254),
  phone_number: z.string().trim().max(30).optional().or(z.literal('')),
  reason_for_consultation: z
    .string()
    .trim()
    .min(1, { error: 'Please tell the clinic what the consultation is about.' })
    .max(1000, { error: 'The reason is at most 1000 characters.' }),
  clinic: z.string().trim().min(1, { error: 'Choose a clinic.' }).max(50),
  /** The donor's reference when booking from a match (the spec's spelling). */
  doner: z.string().trim().max(50).optional().or(z.literal('')),
  visit_type_id: uuid,
  clinician_id: uuid,
  starts_at: isoInstant,
  hold_id: uuid.optional(),
  /** Share the parent's starred donors with this clinic (recorded as a revocable shortlist_sharing consent). */
  share_shortlist: z.boolean().optional(),
});
export type BookAppointmentRequest = z.infer<typeof bookAppointmentRequest>;

export const appointmentEventDto = z.object({
  at: z.string(),
  actor: z.enum(['parent', 'clinic', 'system']),
  action: z.string(),
  from_starts_at: z.string().nullable(),
  to_starts_at: z.string().nullable(),
  reason: z.string().nullable(),
});

/** An appointment as the parent and the clinic see it (the spec's fields first). */
export const appointmentDto = z.object({
  id: z.string(),
  appointment_id: z.string(),
  booking_date: z.string().nullable(),
  reason_for_consultation: z.string(),
  meeting_link: z.string().nullable(),
  status: z.string(),
  clinic: z.string().nullable(),
  created_at: z.string(),
  clinic_name: z.string().nullable(),
  clinician_name: z.string().nullable(),
  visit_type_name: z.string().nullable(),
  /** The visit type's id, so a reschedule asks for the same visit's free times. */
  visit_type_id: z.string().nullable(),
  mode: z.enum(VISIT_MODES).nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** The clinic's zone. */
  time_zone: z.string().nullable(),
  donor_reference: z.string().nullable(),
  /** True while the parent may still cancel or reschedule online (live and before the notice window). */
  can_change: z.boolean(),
  /** The last instant a change is possible online, or null. */
  change_deadline: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancelled_by: z.enum(['parent', 'clinic', 'system']).nullable(),
  shared_shortlist: z.boolean(),
  /** The parent's rating of the clinic for this visit (after completion), or null. */
  rating: z.number().int().nullable(),
});
export type AppointmentDto = z.infer<typeof appointmentDto>;

export const bookAppointmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  appointment: appointmentDto,
});

export const cancelAppointmentRequest = z.object({
  reason: z.string().trim().max(500, { error: 'The reason is at most 500 characters.' }).optional(),
});
export const rescheduleAppointmentRequest = z.object({
  starts_at: isoInstant,
  clinician_id: uuid.optional(),
});
export const rateClinicRequest = z.object({
  stars: z.number({ error: 'Choose 1 to 5 stars.' }).int().min(1).max(5),
});
export const waitlistRequest = z.object({ on_date: calendarDate, visit_type_id: uuid.optional() });
export type WaitlistRequest = z.infer<typeof waitlistRequest>;

export const appointmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  appointment: appointmentDto,
  /** After a move by the mail's link: the link's replacement (the old one has ended; the new mail carries it too). */
  manage_token: z.string().optional(),
});

/** The signed link from an appointment mail (GET /api/v1/appointments/manage/?token=). */
const manageToken = z.string().trim().min(1, { error: 'This link is not valid any more.' }).max(200);
export const manageQuery = z.object({ token: manageToken });
export const manageCancelRequest = cancelAppointmentRequest.extend({ token: manageToken });
export const manageRescheduleRequest = rescheduleAppointmentRequest.extend({ token: manageToken });

export const waitlistResponse = z.object({ success: z.literal(true), message: z.string() });

/** What the clinic sees of an appointment: the parent's appointment plus the booking's contact details. */
export const clinicAppointmentDto = appointmentDto.extend({
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});
export type ClinicAppointmentDto = z.infer<typeof clinicAppointmentDto>;

/** GET /api/v1/clinic/appointments/?from&to: clinic-local dates, both included (default today and 13 days on). */
export const clinicAppointmentsQuery = z.object({ from: calendarDate.optional(), to: calendarDate.optional() });
export const clinicAppointmentsResponse = z.object({
  success: z.literal(true),
  time_zone: z.string(),
  appointments: z.array(clinicAppointmentDto),
});
export const clinicAppointmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  appointment: clinicAppointmentDto,
});

/** A video visit's link: https only. */
export const meetingLink = z
  .url({ protocol: /^https$/, error: APPOINTMENT_MSG.meetingLinkHttps })
  .max(500, { error: 'The meeting link is at most 500 characters.' });
export const confirmAppointmentRequest = z.object({ meeting_link: meetingLink.optional() });
export const meetingLinkRequest = z.object({ meeting_link: meetingLink });
export const clinicCancelRequest = z.object({
  reason: z
    .string({ error: APPOINTMENT_MSG.cancelReasonRequired })
    .trim()
    .min(1, { error: APPOINTMENT_MSG.cancelReasonRequired })
    .max(500, { error: 'The reason is at most 500 characters.' }),
});

/** :id of an appointment (a parent's own, or a clinic's): a malformed id reads as not found. */
export const appointmentIdParams = z.object({ id: z.uuid({ error: APPOINTMENT_MSG.appointmentNotFound }) });
/** :reference_id of a clinic in the public directory (detail, free times): too long reads as not found. */
export const clinicDirectoryParams = z.object({
  reference_id: z.string().trim().min(1).max(50, { error: APPOINTMENT_MSG.clinicNotFound }),
});
/** :reference_id of the clinic whose waitlist a parent joins. */
export const waitlistClinicParams = z.object({ reference_id: z.string().trim().min(1).max(50) });

/** GET appointments/my-appointments/. */
export const myAppointmentsResponse = z.object({ success: z.literal(true), appointments: z.array(appointmentDto) });
export type MyAppointmentsResponse = z.infer<typeof myAppointmentsResponse>;

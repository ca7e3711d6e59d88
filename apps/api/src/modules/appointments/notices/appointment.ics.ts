import { createEvent, type EventAttributes } from 'ics';
import type { LifecycleRow } from '../lifecycle/lifecycle.repository.ts';

/** Where the visit happens, as a calendar shows it: the clinic's address, or "Video call". */
export function placeOf(row: Pick<LifecycleRow, 'mode' | 'clinic_address' | 'clinic_city' | 'clinic_state'>): string {
  if (row.mode === 'video') return 'Video call';
  return [row.clinic_address, row.clinic_city, row.clinic_state].filter(Boolean).join(', ');
}

/**
 * A person's or clinic's name as an ATTENDEE/ORGANIZER CN parameter: RFC 5545 (3.2) lets a quoted parameter value
 * hold no DQUOTE at all, and `ics` writes a `"` as `\"`, which a strict parser ends the value at (the rest reads
 * as more parameters, even another attendee). Quotes, backslashes, `;`, `:` and control characters become spaces.
 */
export function calendarName(name: string | null | undefined, fallback: string): string {
  const clean = (name ?? '')
    .replace(/["\\;:\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return clean || fallback;
}

/**
 * The calendar file of an appointment mail (RFC 5545/5546 via `ics`): the same UID for the appointment's whole
 * life, SEQUENCE = appointments.sequence (raised on every change a calendar must follow), METHOD:REQUEST, or
 * METHOD:CANCEL with STATUS:CANCELLED when it is cancelled; times in UTC. It names no reason and no donor.
 */
export function appointmentIcs(row: LifecycleRow, opts: { cancelled: boolean; fromAddress: string }): string {
  const event: EventAttributes = {
    productId: 'kindred/appointments',
    uid: `${row.id}@kindred`,
    sequence: row.sequence,
    method: calendarMethod(row, opts.cancelled),
    status: opts.cancelled ? 'CANCELLED' : row.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    start: row.starts_at!.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.ends_at!.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Consultation at ${row.clinic_name ?? 'the clinic'}`,
    location: placeOf(row),
    ...(row.mode === 'video' && row.meeting_link && !opts.cancelled ? { url: row.meeting_link } : {}),
    // The clinic organizes the visit. Without a clinic address the file is published (METHOD:PUBLISH), never a
    // REQUEST from a no-reply organizer that would invite replies to nowhere.
    organizer: { name: calendarName(row.clinic_name, 'Clinic'), email: row.clinic_email ?? opts.fromAddress },
    attendees: [
      {
        name: calendarName(row.name, 'Patient'),
        email: row.account_email,
        rsvp: false,
        role: 'REQ-PARTICIPANT',
        partstat: 'ACCEPTED',
      },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return value;
}

/** REQUEST (or CANCEL) when the clinic, with its own address, organizes the visit; PUBLISH when it has none. */
export function calendarMethod(
  row: Pick<LifecycleRow, 'clinic_email'>,
  cancelled: boolean,
): 'REQUEST' | 'CANCEL' | 'PUBLISH' {
  if (!row.clinic_email) return 'PUBLISH';
  return cancelled ? 'CANCEL' : 'REQUEST';
}

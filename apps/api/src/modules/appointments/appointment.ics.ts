import { createEvent, type EventAttributes } from 'ics';
import type { LifecycleRow } from './lifecycle.repository.ts';

/** Where the visit happens, as a calendar shows it: the clinic's address, or "Video call". */
export function placeOf(row: Pick<LifecycleRow, 'mode' | 'clinic_address' | 'clinic_city' | 'clinic_state'>): string {
  if (row.mode === 'video') return 'Video call';
  return [row.clinic_address, row.clinic_city, row.clinic_state].filter(Boolean).join(', ');
}

/**
 * The calendar file of an appointment mail (RFC 5545/5546 via `ics`): the same UID for the appointment's whole
 * life, SEQUENCE = appointments.sequence (raised on every change a calendar must follow), METHOD:REQUEST, or
 * METHOD:CANCEL with STATUS:CANCELLED when it is cancelled; times in UTC. It names no reason and no donor.
 */
export function appointmentIcs(row: LifecycleRow, opts: { cancelled: boolean; organizerEmail: string }): string {
  const event: EventAttributes = {
    productId: 'kindred/appointments',
    uid: `${row.id}@kindred`,
    sequence: row.sequence,
    method: opts.cancelled ? 'CANCEL' : 'REQUEST',
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
    organizer: { name: row.clinic_name ?? 'Clinic', email: opts.organizerEmail },
    attendees: [
      { name: row.name, email: row.account_email, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return value;
}

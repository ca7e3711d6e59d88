import type { AppointmentDto } from '@kindred/shared/appointments.schemas';
import type { AppointmentRow } from './appointment.repository.ts';

const LIVE = new Set(['pending', 'confirmed']);
const isoOrNull = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The shared appointmentDto of a row. `change_deadline` is the start minus the visit type's change notice;
 * `can_change` is true while the appointment is live (pending or confirmed) and `now` is before that deadline.
 */
export function toAppointmentDto(row: AppointmentRow, now: Date): AppointmentDto {
  const startsAt = row.starts_at ? new Date(row.starts_at) : null;
  const deadline =
    startsAt && row.change_notice_minutes !== null
      ? new Date(startsAt.getTime() - row.change_notice_minutes * 60_000)
      : null;
  return {
    id: row.id,
    appointment_id: row.id,
    booking_date: isoOrNull(row.booking_date),
    reason_for_consultation: row.reason_for_consultation,
    meeting_link: row.meeting_link,
    status: row.status,
    clinic: row.clinic,
    created_at: new Date(row.created_at).toISOString(),
    clinic_name: row.clinic_name,
    clinician_name: row.clinician_name,
    visit_type_name: row.visit_type_name,
    visit_type_id: row.visit_type_id,
    mode: row.mode,
    starts_at: isoOrNull(startsAt),
    ends_at: isoOrNull(row.ends_at),
    time_zone: row.time_zone,
    donor_reference: row.donor_reference,
    can_change: LIVE.has(row.status) && deadline !== null && now < deadline,
    change_deadline: isoOrNull(deadline),
    cancel_reason: row.cancel_reason,
    cancelled_by: row.cancelled_by,
    shared_shortlist: row.shared_shortlist,
    rating: row.rating,
  };
}

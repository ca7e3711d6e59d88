import type { AppointmentDto, ClinicAppointmentDto } from '@kindred/shared/appointments.schemas';
import type { LifecycleRow } from './lifecycle.repository.ts';

/** Statuses a visit can still be changed in (a hold is the booking's business, not a change). */
export const LIVE_STATUSES = ['pending', 'confirmed'] as const;
export const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/** The last instant the parent may change the visit online: its start less the visit type's notice window. */
export function changeDeadline(row: Pick<LifecycleRow, 'starts_at' | 'change_notice_minutes'>): Date | null {
  if (!row.starts_at) return null;
  return new Date(row.starts_at.getTime() - (row.change_notice_minutes ?? 0) * 60_000);
}

/** Can the parent still cancel or reschedule online at `now`? */
export function parentMayChange(row: LifecycleRow, now: Date): boolean {
  const deadline = changeDeadline(row);
  return isLive(row.status) && deadline !== null && now.getTime() < deadline.getTime();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The appointment as its parent sees it (appointmentDto). */
export function toLifecycleDto(row: LifecycleRow, now: Date): AppointmentDto {
  return {
    id: row.id,
    appointment_id: row.id,
    booking_date: iso(row.booking_date ?? row.starts_at),
    reason_for_consultation: row.reason_for_consultation,
    meeting_link: row.meeting_link,
    status: row.status,
    clinic: row.clinic ?? row.clinic_reference,
    created_at: row.created_at.toISOString(),
    clinic_name: row.clinic_name,
    clinician_name: row.clinician_name,
    visit_type_name: row.visit_type_name,
    mode: row.mode,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    time_zone: row.time_zone,
    donor_reference: row.donor_reference,
    can_change: parentMayChange(row, now),
    change_deadline: isLive(row.status) ? iso(changeDeadline(row)) : null,
    cancel_reason: row.cancel_reason,
    cancelled_by: row.cancelled_by,
    shared_shortlist: row.shared_shortlist,
    rating: row.rating,
  };
}

/** The appointment as its clinic sees it: with the booking's contact details. */
export function toClinicDto(row: LifecycleRow, now: Date): ClinicAppointmentDto {
  return { ...toLifecycleDto(row, now), name: row.name, email: row.email, phone_number: row.phone_number };
}

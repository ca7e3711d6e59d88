import type { ClinicAppointmentDto } from '@kindred/shared/appointments.schemas';
import { toAppointmentDto } from '../appointment.mapper.ts';
import type { LifecycleRow } from './lifecycle.repository.ts';

/** Statuses a visit can still be changed in (a hold is the booking's business, not a change). */
export const isLive = (status: string) => status === 'pending' || status === 'confirmed';

/** Can the parent still cancel or reschedule online at `now` (live, before the notice window)? */
export const parentMayChange = (row: LifecycleRow, now: Date) => toAppointmentDto(row, now).can_change;

/** The appointment as its clinic sees it: the parent's view plus the booking's contact details. */
export function toClinicDto(row: LifecycleRow, now: Date): ClinicAppointmentDto {
  return { ...toAppointmentDto(row, now), name: row.name, email: row.email, phone_number: row.phone_number };
}

import type { Queryable } from '../../db/db.ts';

/** An appointment with what its DTO shows of the clinic, clinician, visit type and rating (appointment.mapper.ts). */
export type AppointmentRow = {
  id: string;
  user_id: string;
  booking_date: Date | null;
  reason_for_consultation: string;
  meeting_link: string | null;
  status: string;
  clinic: string | null;
  created_at: Date;
  clinic_id: string | null;
  clinician_id: string | null;
  visit_type_id: string | null;
  clinic_name: string | null;
  clinician_name: string | null;
  visit_type_name: string | null;
  mode: 'video' | 'in_person' | null;
  starts_at: Date | null;
  ends_at: Date | null;
  time_zone: string | null;
  donor_reference: string | null;
  change_notice_minutes: number | null;
  cancel_reason: string | null;
  cancelled_by: 'parent' | 'clinic' | 'system' | null;
  shared_shortlist: boolean;
  rating: number | null;
};

/** The select every appointment read shares; `where`/`order` are appended by the caller. */
export const APPOINTMENT_SELECT = `select a.id, a.user_id, a.booking_date, a.reason_for_consultation, a.meeting_link,
    a.status, a.clinic, a.created_at, a.clinic_id, a.clinician_id, a.visit_type_id, c.name as clinic_name,
    cl.name as clinician_name, vt.name as visit_type_name, vt.mode, a.starts_at, a.ends_at, a.time_zone,
    a.donor_reference, vt.change_notice_minutes, a.cancel_reason, a.cancelled_by, a.shared_shortlist,
    r.stars::int as rating
  from appointments a
  left join clinics c on c.id = a.clinic_id
  left join clinicians cl on cl.id = a.clinician_id
  left join visit_types vt on vt.id = a.visit_type_id
  left join clinic_ratings r on r.appointment_id = a.id`;

/** One appointment by id (any owner: callers check who may see it). */
export async function findAppointment(q: Queryable, id: string): Promise<AppointmentRow | undefined> {
  return (await q.query<AppointmentRow>(`${APPOINTMENT_SELECT} where a.id = $1`, [id]))[0];
}

/** The user's appointments (never holds, live or lapsed), newest first (at most 200). */
export function listUserAppointments(q: Queryable, userId: string): Promise<AppointmentRow[]> {
  return q.query<AppointmentRow>(
    `${APPOINTMENT_SELECT} where a.user_id = $1 and a.status not in ('held', 'expired')
     order by a.created_at desc limit 200`,
    [userId],
  );
}

/** Appends to an appointment's history. */
export async function insertAppointmentEvent(
  q: Queryable,
  e: {
    appointmentId: string;
    at: Date;
    actor: 'parent' | 'clinic' | 'system';
    action: string;
    fromStartsAt?: Date | null;
    toStartsAt?: Date | null;
    reason?: string | null;
  },
): Promise<void> {
  await q.query(
    `insert into appointment_events (appointment_id, at, actor, action, from_starts_at, to_starts_at, reason)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [e.appointmentId, e.at, e.actor, e.action, e.fromStartsAt ?? null, e.toStartsAt ?? null, e.reason ?? null],
  );
}

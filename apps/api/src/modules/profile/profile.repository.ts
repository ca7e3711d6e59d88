import type { Queryable } from '../../db/db.ts';

/** SQL for the parent's own records beyond the account itself: appointments. */

export type AppointmentRow = {
  id: string;
  booking_date: Date | null;
  reason_for_consultation: string;
  meeting_link: string | null;
  status: string;
  clinic: string | null;
  created_at: Date;
};

/** The user's appointments, newest first (at most 200). */
export function listAppointments(db: Queryable, userId: string): Promise<AppointmentRow[]> {
  return db.query<AppointmentRow>(
    `select id, booking_date, reason_for_consultation, meeting_link, status, clinic, created_at
     from appointments where user_id = $1 order by created_at desc limit 200`,
    [userId],
  );
}

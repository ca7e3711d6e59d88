import type { Queryable } from '../../db/db.ts';

/** SQL for the waitlist (appointment_waitlist): parents waiting for a freed time at a clinic on a local date. */

/** Joins (or rejoins, waiting afresh) the waitlist of a clinic for a day. */
export async function upsertWaitlist(
  db: Queryable,
  w: { userId: string; clinicId: string; onDate: string; visitTypeId: string | null; at: Date },
): Promise<void> {
  await db.query(
    `insert into appointment_waitlist (user_id, clinic_id, on_date, visit_type_id, created_at)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id, clinic_id, on_date) do update
       set visit_type_id = excluded.visit_type_id, offered_at = null, created_at = excluded.created_at`,
    [w.userId, w.clinicId, w.onDate, w.visitTypeId, w.at],
  );
}

export type WaitingParent = { id: string; email: string; first_name: string };

/**
 * Takes the first `limit` parents waiting (oldest first) for a day at a clinic, not yet offered a time, and marks
 * them offered: each is offered once. Rows another transaction is offering are skipped.
 */
export function takeWaiting(
  db: Queryable,
  o: { clinicId: string; onDate: string; visitTypeId: string | null; exceptUser: string; at: Date; limit: number },
): Promise<WaitingParent[]> {
  return db.query<WaitingParent>(
    `with picked as (
       select w.id from appointment_waitlist w
       where w.clinic_id = $1 and w.on_date = $2 and w.offered_at is null and w.user_id <> $4
         and (w.visit_type_id is null or $3::uuid is null or w.visit_type_id = $3::uuid)
       order by w.created_at, w.id limit $6 for update skip locked)
     update appointment_waitlist w set offered_at = $5 from picked, users u
     where w.id = picked.id and u.id = w.user_id
     returning w.id, u.email, u.first_name`,
    [o.clinicId, o.onDate, o.visitTypeId, o.exceptUser, o.at, o.limit],
  );
}

import type { Queryable } from '../../../db/db.ts';

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

export type WaitingParent = { id: string; user_id: string; email: string; first_name: string; name: string };

/**
 * Takes the first parent waiting (oldest first) for a day at a clinic, not yet offered a time, and marks them
 * offered: each entry is offered once. Only a parent account with a verified address, still active, is taken (the
 * offer goes to that address; mail to an unverified one is held). Rows another transaction is offering are skipped.
 */
export async function takeWaiting(
  db: Queryable,
  o: { clinicId: string; onDate: string; visitTypeId: string | null; exceptUser: string | null; at: Date },
): Promise<WaitingParent | undefined> {
  const rows = await db.query<WaitingParent>(
    `with picked as (
       select w.id from appointment_waitlist w join users u on u.id = w.user_id
       where w.clinic_id = $1 and w.on_date = $2 and w.offered_at is null and w.user_id is distinct from $4
         and (w.visit_type_id is null or $3::uuid is null or w.visit_type_id = $3::uuid)
         and u.role = 'parent' and u.email_verified_at is not null and u.erased_at is null
         and u.password_hash not like '!%'
       order by w.created_at, w.id limit 1 for update of w skip locked)
     update appointment_waitlist w set offered_at = $5 from picked, users u
     where w.id = picked.id and u.id = w.user_id
     returning w.id, w.user_id, u.email, u.first_name, trim(u.first_name || ' ' || u.last_name) as name`,
    [o.clinicId, o.onDate, o.visitTypeId, o.exceptUser, o.at],
  );
  return rows[0];
}

/** Waitlist offers whose 30 minutes are up and that have not been passed on yet (the waitlist-offers job). */
export function lapsedOffers(db: Queryable, now: Date): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `select id from appointments where status = 'held' and waitlist_id is not null and hold_expires_at <= $1
     order by hold_expires_at limit 500`,
    [now],
  );
}

/** The parent whose visit freed an offered time (never offered it back), or null. */
export async function freedBy(db: Queryable, appointmentId: string | null): Promise<string | null> {
  if (!appointmentId) return null;
  const rows = await db.query<{ user_id: string }>('select user_id from appointments where id = $1', [appointmentId]);
  return rows[0]?.user_id ?? null;
}

/** An offer's hold, locked: its slot, and the visit that freed it. */
export async function lockOffer(db: Queryable, id: string) {
  const rows = await db.query<{
    id: string;
    status: string;
    hold_expires_at: Date | null;
    waitlist_id: string | null;
    offered_from: string | null;
    clinic: string | null;
    clinician_id: string | null;
    visit_type_id: string | null;
    starts_at: Date | null;
  }>(
    `select id, status, hold_expires_at, waitlist_id, offered_from, clinic, clinician_id, visit_type_id, starts_at
     from appointments where id = $1 for update`,
    [id],
  );
  return rows[0];
}

/** Ends an offer's hold (lapsed or declined): its time is free for the next offer. */
export async function endOffer(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query("update appointments set status = 'expired', updated_at = $2 where id = $1", [id, now]);
}

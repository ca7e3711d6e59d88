import type { Queryable } from '../../../db/db.ts';

/** SQL for holds and bookings. The exclusion constraint appointments_no_overlap refuses overlapping live rows. */

/** SQLSTATE of an exclusion constraint violation: the slot (with buffers) overlaps a live appointment. */
export const isOverlapError = (err: unknown) => (err as { code?: unknown } | null)?.code === '23P01';

/**
 * Marks the clinician's lapsed holds 'expired', so that they no longer block the constraint. A lapsed waitlist offer
 * is left to the waitlist-offers job, which passes its time on to the next waiting parent (ADR 021).
 */
export async function expireLapsedHolds(q: Queryable, clinicianId: string, now: Date): Promise<void> {
  await q.query(
    `update appointments set status = 'expired', updated_at = $2
     where clinician_id = $1 and status = 'held' and hold_expires_at <= $2 and waitlist_id is null`,
    [clinicianId, now],
  );
}

/**
 * Ends the user's live holds (a parent holds one time at once), or only `holdId`: returns how many. A waitlist offer
 * held for the parent is not one of them (it ends when declined by its id, booked, or lapsed).
 */
export async function releaseUserHolds(q: Queryable, userId: string, now: Date, holdId?: string): Promise<number> {
  const rows = await q.query(
    `update appointments set status = 'expired', updated_at = $2
     where user_id = $1 and status = 'held'
       and (case when $3::uuid is null then waitlist_id is null else id = $3 end) returning id`,
    [userId, now, holdId ?? null],
  );
  return rows.length;
}

export type NewAppointment = {
  userId: string;
  status: 'held' | 'pending' | 'confirmed';
  name: string;
  email: string;
  phoneNumber: string | null;
  reason: string;
  clinicRef: string;
  clinicId: string;
  clinicianId: string;
  visitTypeId: string;
  donorReference: string | null;
  startsAt: Date;
  endsAt: Date;
  blockStart: Date;
  blockEnd: Date;
  holdExpiresAt: Date | null;
  timeZone: string;
  sharedShortlist: boolean;
  now: Date;
  /** A waitlist offer's hold: the entry it is offered to and the visit that freed the time. */
  waitlistId?: string;
  offeredFrom?: string;
  /** A pending request's confirmation deadline (ADR 021 "Confirmation"). */
  confirmBy?: Date | null;
};

/**
 * Inserts a hold or a pending (or instantly confirmed) appointment; throws the database's 23P01 when the block
 * overlaps a live one.
 */
export async function insertAppointment(q: Queryable, a: NewAppointment): Promise<string> {
  const rows = await q.query<{ id: string }>(
    `insert into appointments (user_id, status, name, email, phone_number, reason_for_consultation, clinic,
       clinic_id, clinician_id, visit_type_id, donor_reference, booking_date, starts_at, ends_at, block_start,
       block_end, hold_expires_at, time_zone, shared_shortlist, created_at, updated_at, waitlist_id, offered_from,
       confirm_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20, $21,
       $22)
     returning id`,
    [
      a.userId,
      a.status,
      a.name,
      a.email,
      a.phoneNumber,
      a.reason,
      a.clinicRef,
      a.clinicId,
      a.clinicianId,
      a.visitTypeId,
      a.donorReference,
      a.startsAt,
      a.endsAt,
      a.blockStart,
      a.blockEnd,
      a.holdExpiresAt,
      a.timeZone,
      a.sharedShortlist,
      a.now,
      a.waitlistId ?? null,
      a.offeredFrom ?? null,
      a.confirmBy ?? null,
    ],
  );
  return rows[0]!.id;
}

export type HoldRow = {
  id: string;
  user_id: string;
  status: string;
  hold_expires_at: Date | null;
  clinician_id: string | null;
  visit_type_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  clinic: string | null;
  time_zone: string | null;
  /** Set on a waitlist offer's hold. */
  waitlist_id: string | null;
};

/** A hold (or any appointment) by id, locked for the transaction (`lock` false: just read). */
export async function lockHold(q: Queryable, id: string, lock = true): Promise<HoldRow | undefined> {
  const rows = await q.query<HoldRow>(
    `select id, user_id, status, hold_expires_at, clinician_id, visit_type_id, starts_at, ends_at, clinic, time_zone,
       waitlist_id
     from appointments where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  return rows[0];
}

/** Turns a live hold into a pending (or instantly confirmed) appointment with the booking form's details. */
export async function convertHold(
  q: Queryable,
  id: string,
  a: Pick<
    NewAppointment,
    'name' | 'email' | 'phoneNumber' | 'reason' | 'donorReference' | 'sharedShortlist' | 'now' | 'confirmBy'
  > & { status: 'pending' | 'confirmed' },
): Promise<void> {
  await q.query(
    `update appointments set status = $10, hold_expires_at = null, name = $2, email = $3, phone_number = $4,
       reason_for_consultation = $5, donor_reference = $6, shared_shortlist = $7, created_at = $8, updated_at = $8,
       confirm_by = $9
     where id = $1`,
    [
      id,
      a.name,
      a.email,
      a.phoneNumber,
      a.reason,
      a.donorReference,
      a.sharedShortlist,
      a.now,
      a.confirmBy ?? null,
      a.status,
    ],
  );
}

/** The name and address a hold is written with (the booking form replaces them), and whether it is verified. */
export async function findContact(
  q: Queryable,
  userId: string,
): Promise<{ name: string; email: string; verified: boolean } | undefined> {
  const rows = await q.query<{ name: string; email: string; verified: boolean }>(
    `select trim(first_name || ' ' || last_name) as name, email, email_verified_at is not null as verified
     from users where id = $1`,
    [userId],
  );
  return rows[0];
}

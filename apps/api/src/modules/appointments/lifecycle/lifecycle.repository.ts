import type { Queryable } from '../../../db/db.ts';

/** SQL for an appointment's life after booking (ADR 021): reads with what the mails and DTOs need, and changes. */

export type LifecycleRow = {
  id: string;
  user_id: string;
  name: string;
  email: string;
  phone_number: string | null;
  reason_for_consultation: string;
  clinic: string | null;
  donor_reference: string | null;
  booking_date: Date | null;
  meeting_link: string | null;
  status: string;
  created_at: Date;
  clinic_id: string | null;
  clinician_id: string | null;
  visit_type_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  time_zone: string | null;
  cancelled_by: 'parent' | 'clinic' | 'system' | null;
  cancel_reason: string | null;
  sequence: number;
  /** Signed into the manage link; raised when the visit moves or the account's deletion starts (migration 053). */
  link_version: number;
  shared_shortlist: boolean;
  clinic_name: string | null;
  clinic_address: string | null;
  clinic_city: string | null;
  clinic_state: string | null;
  clinic_email: string | null;
  clinic_reference: string | null;
  clinician_name: string | null;
  visit_type_name: string | null;
  mode: 'video' | 'in_person' | null;
  duration_minutes: number | null;
  buffer_before_minutes: number | null;
  buffer_after_minutes: number | null;
  change_notice_minutes: number | null;
  /** The visit type's confirmation rule (null when the type is gone: treated as 'request'). */
  confirmation: 'request' | 'instant' | null;
  /** While pending: when the request is cancelled unless the clinic confirms it. */
  confirm_by: Date | null;
  rating: number | null;
  /** The parent's account address: their mails go there, never to an address typed in the form. */
  account_email: string;
};

const SELECT = `
  select a.id, a.user_id, a.name, a.email, a.phone_number, a.reason_for_consultation, a.clinic, a.donor_reference,
    a.booking_date, a.meeting_link, a.status, a.created_at, a.clinic_id, a.clinician_id, a.visit_type_id,
    a.starts_at, a.ends_at, coalesce(a.time_zone, c.time_zone) as time_zone, a.cancelled_by, a.cancel_reason,
    a.sequence, a.link_version, a.shared_shortlist, u.email as account_email,
    c.name as clinic_name, c.address as clinic_address, c.city as clinic_city, c.state as clinic_state,
    c.email as clinic_email, c.reference_id as clinic_reference,
    cl.name as clinician_name, v.name as visit_type_name, v.mode, v.duration_minutes, v.buffer_before_minutes,
    v.buffer_after_minutes, v.change_notice_minutes, v.confirmation, a.confirm_by, r.stars::int as rating
  from appointments a
  join users u on u.id = a.user_id
  left join clinics c on c.id = a.clinic_id
  left join clinicians cl on cl.id = a.clinician_id
  left join visit_types v on v.id = a.visit_type_id
  left join clinic_ratings r on r.appointment_id = a.id`;

/** One appointment; `lock` takes its row for the change being made (the transaction's other readers wait). */
export async function findAppointment(db: Queryable, id: string, lock = false): Promise<LifecycleRow | undefined> {
  const rows = await db.query<LifecycleRow>(`${SELECT} where a.id = $1${lock ? ' for update of a' : ''}`, [id]);
  return rows[0];
}

/** A clinic's appointments starting in [from, to), never holds or lapsed holds, earliest first. */
export function listClinicAppointments(db: Queryable, clinicId: string, from: Date, to: Date): Promise<LifecycleRow[]> {
  return db.query<LifecycleRow>(
    `${SELECT} where a.clinic_id = $1 and a.starts_at >= $2 and a.starts_at < $3
       and a.status not in ('held', 'expired') order by a.starts_at, a.id`,
    [clinicId, from, to],
  );
}

export async function setStatus(
  db: Queryable,
  id: string,
  status: string,
  extra: { cancelledBy?: string; reason?: string | null; meetingLink?: string; bumpSequence?: boolean } = {},
): Promise<void> {
  await db.query(
    `update appointments set status = $2, updated_at = now(),
       cancelled_by = coalesce($3, cancelled_by), cancel_reason = coalesce($4, cancel_reason),
       meeting_link = coalesce($5, meeting_link), sequence = sequence + case when $6::boolean then 1 else 0 end
     where id = $1`,
    [id, status, extra.cancelledBy ?? null, extra.reason ?? null, extra.meetingLink ?? null, !!extra.bumpSequence],
  );
}

export async function setMeetingLink(db: Queryable, id: string, link: string): Promise<void> {
  await db.query(
    'update appointments set meeting_link = $2, sequence = sequence + 1, updated_at = now() where id = $1',
    [id, link],
  );
}

/** Moves the visit: new instants and busy block, the next SEQUENCE. The exclusion constraint may refuse it. */
export async function moveAppointment(
  db: Queryable,
  id: string,
  m: {
    status: string;
    clinicianId: string;
    startsAt: Date;
    endsAt: Date;
    blockStart: Date;
    blockEnd: Date;
    confirmBy: Date | null;
  },
): Promise<void> {
  await db.query(
    `update appointments set status = $2, clinician_id = $3, starts_at = $4, ends_at = $5, block_start = $6,
       block_end = $7, booking_date = $4, confirm_by = $8, sequence = sequence + 1, link_version = link_version + 1,
       updated_at = now()
     where id = $1`,
    [id, m.status, m.clinicianId, m.startsAt, m.endsAt, m.blockStart, m.blockEnd, m.confirmBy],
  );
}

/** The user's live visits still ahead, locked for the change (the account's deletion cancels them). */
export function lockLiveAheadOfUser(db: Queryable, userId: string, now: Date): Promise<LifecycleRow[]> {
  return db.query<LifecycleRow>(
    `${SELECT} where a.user_id = $1 and a.status in ('pending', 'confirmed') and a.starts_at > $2
       order by a.starts_at, a.id for update of a`,
    [userId, now],
  );
}

/** Ends every manage link of the user's appointments and their shortlist flag (the account's deletion started). */
export async function endLinksOfUser(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'update appointments set link_version = link_version + 1, shared_shortlist = false where user_id = $1',
    [userId],
  );
}

/** The clinic a clinic-staff account belongs to, with its zone. */
export async function clinicOfUser(
  db: Queryable,
  userId: string,
): Promise<{ id: string; time_zone: string } | undefined> {
  const rows = await db.query<{ id: string; time_zone: string }>(
    `select c.id, c.time_zone from users u join clinics c on c.id = u.clinic_id
     where u.id = $1 and u.role = 'clinic'`,
    [userId],
  );
  return rows[0];
}

/** The addresses the clinic's mails go to: its own and its staff's (once they have accepted their invitation). */
export async function clinicAddresses(db: Queryable, clinicId: string): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `select email from clinics where id = $1 and email is not null
     union select email from users where clinic_id = $1 and role = 'clinic' and email_verified_at is not null`,
    [clinicId],
  );
  return [...new Set(rows.map((r) => r.email.toLowerCase()))];
}

export async function upsertRating(
  db: Queryable,
  r: { appointmentId: string; userId: string; clinicId: string; stars: number },
): Promise<void> {
  await db.query(
    `insert into clinic_ratings (appointment_id, user_id, clinic_id, stars) values ($1, $2, $3, $4)
     on conflict (appointment_id) do update set stars = excluded.stars, updated_at = now()`,
    [r.appointmentId, r.userId, r.clinicId, r.stars],
  );
}

import type { Queryable } from '../../../db/db.ts';

/**
 * Reminders due at `now`: pending or confirmed visits within 24 h (or 2 h) of their start that have no reminder of
 * that kind for that start time yet. The 24 h one is skipped for a visit already inside 2 h, and a request past its
 * confirmation deadline gets none. At most 500, soonest first.
 */
export async function dueReminders(db: Queryable, now: Date): Promise<{ id: string; kind: '24h' | '2h' }[]> {
  return db.query(
    `select a.id, k.kind from appointments a
     cross join (values ('24h', interval '24 hours'), ('2h', interval '2 hours')) as k(kind, ahead)
     where a.status in ('pending', 'confirmed') and a.starts_at > $1 and a.starts_at <= $1::timestamptz + k.ahead
       and (k.kind = '2h' or a.starts_at > $1::timestamptz + interval '2 hours')
       and not (a.status = 'pending' and coalesce(a.confirm_by, a.starts_at) <= $1)
       and not exists (select 1 from appointment_reminders r
                       where r.appointment_id = a.id and r.kind = k.kind and r.starts_at = a.starts_at)
     order by a.starts_at limit 500`,
    [now],
  );
}

/** Claims one reminder (its primary key: visit, kind, start time); false when another run already sent it. */
export async function claimReminder(
  tx: Queryable,
  r: { appointmentId: string; kind: string; startsAt: Date; at: Date },
): Promise<boolean> {
  const claimed = await tx.query(
    `insert into appointment_reminders (appointment_id, kind, starts_at, sent_at) values ($1, $2, $3, $4)
     on conflict do nothing returning appointment_id`,
    [r.appointmentId, r.kind, r.startsAt, r.at],
  );
  return claimed.length > 0;
}

/** Requests still pending at their confirmation deadline (`confirm_by`, else the start), at most 500. */
export async function unconfirmedPastDeadline(db: Queryable, now: Date): Promise<{ id: string }[]> {
  return db.query(
    `select id from appointments where status = 'pending' and coalesce(confirm_by, starts_at) <= $1
     order by starts_at limit 500`,
    [now],
  );
}

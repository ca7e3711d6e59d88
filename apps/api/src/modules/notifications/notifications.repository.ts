import type { Queryable } from '../../db/db.ts';

/** SQL for notifications and their e-mail preferences (ADR 025). */

export type NotificationRow = {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  safety: boolean;
  created_at: Date | string;
  read_at: Date | string | null;
  acknowledged_at: Date | string | null;
  email: 'none' | 'instant' | 'digest' | 'digested';
  resent_at: Date | string | null;
};
const COLUMNS = 'id, user_id, kind, title, body, link, safety, created_at, read_at, acknowledged_at, email, resent_at';

export type Recipient = { email: string; first_name: string | null; email_updates: boolean; delivery: string | null };

/** What a notification's e-mail depends on: the address, the email_updates consent and the kind's preference. */
export async function recipient(db: Queryable, userId: string, kind: string): Promise<Recipient | undefined> {
  const rows = await db.query<Recipient>(
    `select u.email, u.first_name,
       coalesce((select c.granted from consent_events c where c.user_id = u.id and c.kind = 'email_updates'
                  and c.scope = '' order by c.id desc limit 1), false) as email_updates,
       (select p.delivery from notification_preferences p where p.user_id = u.id and p.kind = $2) as delivery
     from users u where u.id = $1`,
    [userId, kind],
  );
  return rows[0];
}

export async function insertNotification(
  db: Queryable,
  n: {
    userId: string;
    kind: string;
    title: string;
    body: string;
    link: string;
    dedupeKey: string | null;
    safety: boolean;
    email: NotificationRow['email'];
    at: Date;
  },
): Promise<NotificationRow | undefined> {
  const rows = await db.query<NotificationRow>(
    `insert into notifications (user_id, kind, title, body, link, dedupe_key, safety, email, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict do nothing
     returning ${COLUMNS}`,
    [n.userId, n.kind, n.title, n.body, n.link, n.dedupeKey, n.safety, n.email, n.at],
  );
  return rows[0];
}

export async function listNotifications(
  db: Queryable,
  q: { userId: string; kind?: string; unread: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const where = `user_id = $1 and ($2::text is null or kind = $2) and (not $3::boolean or read_at is null)`;
  const params = [q.userId, q.kind ?? null, q.unread];
  const [rows, counts] = await Promise.all([
    db.query<NotificationRow>(
      `select ${COLUMNS} from notifications where ${where}
       order by coalesce(resent_at, created_at) desc, id desc limit $4 offset $5`,
      [...params, q.limit, q.offset],
    ),
    db.query<{ total: string | number; unread: string | number }>(
      `select (select count(*) from notifications where ${where}) as total,
              (select count(*) from notifications where user_id = $1 and read_at is null) as unread`,
      params,
    ),
  ]);
  return { rows, total: Number(counts[0]!.total), unread: Number(counts[0]!.unread) };
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    'select count(*) as n from notifications where user_id = $1 and read_at is null',
    [userId],
  );
  return Number(rows[0]!.n);
}

/** Marks the user's own notifications read (a safety notice stays unacknowledged until acknowledged). */
export async function markRead(db: Queryable, userId: string, ids: string[] | null, at: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update notifications set read_at = $3
     where user_id = $1 and read_at is null and ($2::uuid[] is null or id = any($2::uuid[]))
     returning id`,
    [userId, ids, at],
  );
  return rows.length;
}

export async function acknowledge(
  db: Queryable,
  userId: string,
  id: string,
  at: Date,
): Promise<NotificationRow | undefined> {
  const rows = await db.query<NotificationRow>(
    `update notifications set acknowledged_at = coalesce(acknowledged_at, $3), read_at = coalesce(read_at, $3)
     where user_id = $1 and id = $2
     returning ${COLUMNS}`,
    [userId, id, at],
  );
  return rows[0];
}

export function preferences(db: Queryable, userId: string): Promise<{ kind: string; delivery: string }[]> {
  return db.query('select kind, delivery from notification_preferences where user_id = $1', [userId]);
}

export async function setPreference(db: Queryable, userId: string, kind: string, delivery: string, at: Date) {
  await db.query(
    `insert into notification_preferences (user_id, kind, delivery, updated_at) values ($1, $2, $3, $4)
     on conflict (user_id, kind) do update set delivery = excluded.delivery, updated_at = excluded.updated_at`,
    [userId, kind, delivery, at],
  );
}

export async function userExists(db: Queryable, userId: string): Promise<boolean> {
  return (await db.query('select 1 from users where id = $1', [userId])).length > 0;
}

/** The user's time zone for the digest (null: UTC). */
export async function timeZoneOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ time_zone: string | null }>('select time_zone from users where id = $1', [userId]);
  return rows[0]?.time_zone ?? null;
}

export async function setTimeZone(db: Queryable, userId: string, zone: string): Promise<void> {
  await db.query('update users set time_zone = $2 where id = $1 and time_zone is distinct from $2', [userId, zone]);
}

/** The time zones (null: UTC) of users with notifications waiting for the digest. */
export async function digestZones(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ zone: string }>(
    `select distinct coalesce(u.time_zone, 'UTC') as zone
     from notifications n join users u on u.id = n.user_id where n.email = 'digest'`,
  );
  return rows.map((r) => r.zone);
}

/**
 * Claims, for up to `limit` users of time zone `zone` with notifications written before `cutoff` (07:00 of their
 * local `day`) waiting for the digest, that day's digest: an upsert that only moves each user's last digest day
 * forward, so a second run (another instance, at the same time or later that day) gets nobody twice. Returns the
 * users claimed.
 */
export async function claimDigestUsers(
  db: Queryable,
  w: { zone: string; cutoff: Date; day: string; limit: number },
): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `with due as (
       select distinct n.user_id from notifications n join users u on u.id = n.user_id
       where n.email = 'digest' and n.created_at < $2 and coalesce(u.time_zone, 'UTC') = $1
         and not exists (select 1 from notification_digest_days d where d.user_id = n.user_id and d.local_day >= $3::date)
       order by n.user_id limit $4)
     insert into notification_digest_days (user_id, local_day) select user_id, $3::date from due
     on conflict (user_id) do update set local_day = excluded.local_day
       where notification_digest_days.local_day < excluded.local_day
     returning user_id`,
    [w.zone, w.cutoff, w.day, w.limit],
  );
  return rows.map((r) => r.user_id);
}

/** The claimed users' notifications written before `cutoff` and waiting for the digest, marked digested. */
export function takeDigest(db: Queryable, userIds: readonly string[], cutoff: Date): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `update notifications set email = 'digested'
     where user_id = any($1::uuid[]) and email = 'digest' and created_at < $2
     returning ${COLUMNS}`,
    [userIds, cutoff],
  );
}

/** Safety notices unread 48 h after they were written and not yet re-sent: claimed (re-sent once). */
export function claimResends(db: Queryable, before: Date, at: Date, limit: number): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `update notifications n set resent_at = $2
     from (select id from notifications
           where safety and read_at is null and acknowledged_at is null and resent_at is null and created_at <= $1
           order by created_at for update skip locked limit $3) t
     where n.id = t.id
     returning n.id, n.user_id, n.kind, n.title, n.body, n.link, n.safety, n.created_at, n.read_at,
       n.acknowledged_at, n.email, n.resent_at`,
    [before, at, limit],
  );
}

/** Counts for staff: how many families a subject reached, read and acknowledged it (never who). */
export async function subjectCounts(
  db: Queryable,
  dedupeKeys: string[],
): Promise<Map<string, { affected: number; read: number; acknowledged: number }>> {
  const rows = await db.query<{ key: string; affected: string | number; read: string | number; ack: string | number }>(
    `select dedupe_key as key, count(*) as affected, count(read_at) as read, count(acknowledged_at) as ack
     from notifications where dedupe_key = any($1::text[]) group by dedupe_key`,
    [dedupeKeys],
  );
  return new Map(
    rows.map((r) => [r.key, { affected: Number(r.affected), read: Number(r.read), acknowledged: Number(r.ack) }]),
  );
}

/** The export (rights module): every notification of the user. */
export function allOfUser(db: Queryable, userId: string): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `select ${COLUMNS} from notifications where user_id = $1 order by coalesce(resent_at, created_at) desc, id desc`,
    [userId],
  );
}

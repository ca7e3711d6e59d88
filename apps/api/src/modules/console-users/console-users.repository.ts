import type { UserRole } from '@kindred/shared';
import type { ConsoleUserSort, ConsoleUserStatus } from '@kindred/shared/console-users.schemas';
import type { Queryable } from '../../db/db.ts';
import { DEACTIVATED_HASH_PREFIX } from '../account/deactivated.ts';

/** SQL of the console's Users page (issue 15): the list, one user's records, and the account switches. */

export type ListFilter = {
  q?: string;
  role?: UserRole;
  plan?: string;
  status?: ConsoleUserStatus;
  sort: ConsoleUserSort;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  countCap: number;
};

export type ListRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  status: ConsoleUserStatus;
  plan_name: string | null;
  plan_status: string | null;
  plan_current_period_end: Date | null;
  created_at: Date;
  last_sign_in_at: Date | null;
};

/** An account waiting for its purge has an unusable password hash (ADR 020): no join needed to tell. */
const DEACTIVATED = `u.password_hash like '${DEACTIVATED_HASH_PREFIX}%'`;
export const STATUS_SQL = `case when u.disabled_at is not null then 'disabled'
  when ${DEACTIVATED} then 'deletion_pending'
  when u.email_verified_at is null then 'unverified' else 'active' end`;
const STATUS_WHERE: Record<ConsoleUserStatus, string> = {
  disabled: 'u.disabled_at is not null',
  deletion_pending: `u.disabled_at is null and ${DEACTIVATED}`,
  unverified: `u.disabled_at is null and not ${DEACTIVATED} and u.email_verified_at is null`,
  active: `u.disabled_at is null and not ${DEACTIVATED} and u.email_verified_at is not null`,
};
/** What the search box matches: the expression of the trigram index (migration 030), so `like` uses it. */
const SEARCH_TEXT = `lower(u.first_name || ' ' || u.last_name || ' ' || u.email)`;
const HOLDS_PLAN = `exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ('active', 'past_due')`;

function orderBy(sort: ConsoleUserSort, dir: 'asc' | 'desc'): string {
  const d = dir === 'asc' ? 'asc' : 'desc';
  switch (sort) {
    case 'name':
      return `lower(u.last_name) ${d}, lower(u.first_name) ${d}, u.id ${d}`;
    case 'email':
      return `lower(u.email) ${d}`;
    case 'last_sign_in':
      return `u.last_sign_in_at ${d} nulls last, u.id ${d}`;
    default:
      return `u.created_at ${d}, u.id ${d}`;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: Omit<ListFilter, 'sort' | 'dir' | 'limit' | 'offset' | 'countCap'>) {
  const where = ['u.erased_at is null'];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  const q = f.q?.toLowerCase();
  if (q) add(`${SEARCH_TEXT} like ?`, `%${escapeLike(q)}%`);
  if (f.role) add('u.role = ?', f.role);
  if (f.plan === 'none') where.push(`not ${HOLDS_PLAN})`);
  else if (f.plan) add(`${HOLDS_PLAN} and s.plan_id = ?)`, f.plan);
  if (f.status) where.push(STATUS_WHERE[f.status]);
  return { where: where.join(' and '), params };
}

/** One page of users and the number matching, counted up to `countCap` (+1 tells that there are more). */
export async function listUsers(db: Queryable, f: ListFilter): Promise<{ rows: ListRow[]; total: number }> {
  const { where, params } = whereOf(f);
  const n = params.length;
  const [rows, count] = await Promise.all([
    // The page's ids first (the rows skipped by the offset cost an index entry each, nothing more), then the
    // columns, status and plan of those rows only.
    db.query<ListRow>(
      `select u.id, u.first_name, u.last_name, u.email, u.role, ${STATUS_SQL} as status,
         cur.plan_name, cur.status as plan_status, cur.current_period_end as plan_current_period_end,
         u.created_at, u.last_sign_in_at
       from (select u.id from users u where ${where}
              order by ${orderBy(f.sort, f.dir)} limit $${n + 1} offset $${n + 2}) page
       join users u on u.id = page.id
       left join lateral (
         select p.name as plan_name, s.status, s.current_period_end from subscriptions s join plans p on p.id = s.plan_id
          where s.user_id = u.id and s.status in ('active', 'past_due') order by s.started_at desc limit 1) cur on true
       order by ${orderBy(f.sort, f.dir)}`,
      [...params, f.limit, f.offset],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from (select 1 from users u where ${where} limit $${n + 1}) x`, [
      ...params,
      f.countCap + 1,
    ]),
  ]);
  return { rows, total: count[0]!.n };
}

export type DetailRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  role: UserRole;
  status: ConsoleUserStatus;
  email_verified_at: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  last_sign_in_at: Date | null;
  purge_after: Date | null;
  preference_sets: number;
};

export const findUser = async (db: Queryable, id: string) =>
  (
    await db.query<DetailRow>(
      `select u.id, u.first_name, u.last_name, u.email, u.phone_number, u.role, ${STATUS_SQL} as status,
         u.email_verified_at, u.disabled_at, u.disabled_reason, u.created_at, u.last_sign_in_at,
         (select d.purge_after from account_deletions d where d.user_id = u.id and d.status = 'pending') as purge_after,
         (select count(*)::int from fertility_profiles f where f.user_id = u.id) as preference_sets
       from users u where u.id = $1 and u.erased_at is null`,
      [id],
    )
  )[0];

export const latestSubscription = async (db: Queryable, userId: string) =>
  (
    await db.query<{
      plan_id: string;
      plan_name: string;
      status: string;
      provider: string;
      started_at: Date;
      current_period_end: Date;
      match_credits_total: number | null;
      match_credits_used: number;
    }>(
      `select s.plan_id, p.name as plan_name, s.status, s.provider, s.started_at, s.current_period_end,
         s.match_credits_total, s.match_credits_used
       from subscriptions s join plans p on p.id = s.plan_id where s.user_id = $1
       order by s.started_at desc limit 1`,
      [userId],
    )
  )[0];

export const listAppointments = (db: Queryable, userId: string) =>
  db.query<{
    id: string;
    starts_at: Date | null;
    status: string;
    clinic: string | null;
    visit: string | null;
    time_zone: string | null;
  }>(
    `select a.id, a.starts_at, a.status, c.name as clinic, v.name as visit,
       coalesce(a.time_zone, c.time_zone) as time_zone
       from appointments a left join clinics c on c.id = a.clinic_id left join visit_types v on v.id = a.visit_type_id
      where a.user_id = $1 and a.status <> 'held' order by coalesce(a.starts_at, a.created_at) desc limit 50`,
    [userId],
  );

/** How many of the user's visits are live and still ahead (support's whole view of appointments). */
export const countUpcomingAppointments = async (db: Queryable, userId: string, now: Date) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from appointments
        where user_id = $1 and status in ('pending', 'confirmed') and starts_at > $2`,
      [userId, now],
    )
  )[0]!.n;

/** Sign-ins are refresh-token families: when each began, when it was last refreshed, and whether it is over. */
export const listSignIns = (db: Queryable, userId: string, now: Date) =>
  db.query<{ started_at: Date; last_used_at: Date; remember: boolean; ended: boolean }>(
    `select min(created_at) as started_at, max(created_at) as last_used_at, bool_or(remember) as remember,
       (bool_or(revoked_at is not null) or max(expires_at) <= $2) as ended
       from refresh_tokens where user_id = $1 group by family_id order by min(created_at) desc limit 20`,
    [userId, now],
  );

export const listPreferenceSets = (db: Queryable, userId: string) =>
  db.query<{
    id: string;
    donor_type_preference: string;
    location: string | null;
    raw: Record<string, unknown>;
    updated_at: Date;
  }>(
    `select id, donor_type_preference, location, raw, updated_at from fertility_profiles where user_id = $1
      order by created_at`,
    [userId],
  );

/** Disables the account; false when there is none or it already was. */
export async function disableUser(db: Queryable, id: string, reason: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update users set disabled_at = $2, disabled_reason = $3, updated_at = $2
      where id = $1 and disabled_at is null and erased_at is null returning id`,
    [id, at, reason],
  );
  return rows.length === 1;
}

/** Enables the account; false when it was not disabled. */
export async function enableUser(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update users set disabled_at = null, disabled_reason = null, updated_at = $2
      where id = $1 and disabled_at is not null returning id`,
    [id, at],
  );
  return rows.length === 1;
}

/** Of `ids`, those that exist and are not disabled yet (the bulk action's targets). */
export const enabledAmong = async (db: Queryable, ids: string[]) =>
  (
    await db.query<{ id: string }>(
      `select id from users where id = any($1::uuid[]) and disabled_at is null and erased_at is null`,
      [ids],
    )
  ).map((r) => r.id);

export const existingAmong = async (db: Queryable, ids: string[]) =>
  (await db.query<{ id: string }>(`select id from users where id = any($1::uuid[]) and erased_at is null`, [ids])).map(
    (r) => r.id,
  );

/** Disables every account of `ids` not disabled yet, in one statement; returns the ids it disabled. */
export const disableMany = async (db: Queryable, ids: string[], reason: string, at: Date) =>
  (
    await db.query<{ id: string }>(
      `update users set disabled_at = $2, disabled_reason = $3, updated_at = $2
        where id = any($1::uuid[]) and disabled_at is null and erased_at is null returning id`,
      [ids, at, reason],
    )
  ).map((r) => r.id);

export const parentPlans = (db: Queryable) =>
  db.query<{ id: string; name: string; duration_days: number; match_credits: number | null; currency: string }>(
    `select id, name, duration_days, match_credits, currency from plans where plan_for = 'parent' and is_active
      order by sort_order, price`,
  );

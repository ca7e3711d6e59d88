import type { Queryable } from '../../db/db.ts';

/** One row of `audit_log` (migration 029) as read back. */
export type AuditRow = {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  diff: Record<string, [unknown, unknown]>;
  reason: string | null;
  client_ip: string | null;
};

export type AuditInsert = Omit<AuditRow, 'id' | 'at'> & { at: Date };

/** Appends one row; runs on the caller's transaction so the row commits (or rolls back) with the change. */
export async function insertAudit(tx: Queryable, row: AuditInsert): Promise<void> {
  await tx.query(
    `insert into audit_log (at, actor_id, actor_role, action, target_type, target_id, diff, reason, client_ip)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
    [
      row.at,
      row.actor_id,
      row.actor_role,
      row.action,
      row.target_type,
      row.target_id,
      JSON.stringify(row.diff),
      row.reason,
      row.client_ip,
    ],
  );
}

export type AuditFilter = {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Keyset paging: rows older than this id (newest first). */
  beforeId?: string;
  limit: number;
};

/** Newest first, filtered; keyset-paged on id so a page costs the same however deep it is. */
export async function listAudit(db: Queryable, f: AuditFilter): Promise<AuditRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.actorId) add('actor_id = ?', f.actorId);
  if (f.action) add('action = ?', f.action);
  if (f.targetType) add('target_type = ?', f.targetType);
  if (f.targetId) add('target_id = ?', f.targetId);
  if (f.from) add('at >= ?', f.from);
  if (f.to) add('at < ?', f.to);
  if (f.beforeId) add('id < ?', f.beforeId);
  params.push(f.limit);
  return db.query<AuditRow>(
    `select id::text as id, at, actor_id, actor_role, action, target_type, target_id, diff, reason, client_ip
       from audit_log ${where.length ? `where ${where.join(' and ')}` : ''}
      order by id desc limit $${params.length}`,
    params,
  );
}

/**
 * An audit row with the actor's name as the users table has it today (null once the account is gone), and its
 * target's current name (issue 25): `target_named` says whether the target type has names at all, so a null
 * `target_name` of a named type means the target is gone.
 */
export type AuditRowWithActor = AuditRow & {
  actor_name: string | null;
  target_name: string | null;
  target_named: boolean;
};

/** The current name of each target type that has one, read at request time (never written into the log). */
const TARGET_NAMES: Record<string, string> = {
  user: `select first_name || ' ' || last_name from users t where t.id::text = a.target_id`,
  team_member: 'select name from team_members t where t.id::text = a.target_id',
  clinic: 'select name from clinics t where t.reference_id = a.target_id',
  clinician: 'select name from clinicians t where t.id::text = a.target_id',
  visit_type: 'select name from visit_types t where t.id::text = a.target_id',
  plan: 'select name from plans t where t.id::text = a.target_id',
  article: 'select coalesce(title, slug) from blogs t where t.id::text = a.target_id',
  contact_message: 'select name from contact_messages t where t.id::text = a.target_id',
};
const TARGET_NAME_SQL = `case a.target_type ${Object.entries(TARGET_NAMES)
  .map(([type, sql]) => `when '${type}' then (${sql})`)
  .join(' ')} end as target_name,
  a.target_type in (${Object.keys(TARGET_NAMES)
    .map((t) => `'${t}'`)
    .join(', ')}) as target_named`;

/**
 * `listAudit` for the console: the same filters and order, each row with its actor's current name (joined at read
 * time: names are never written into the log, so a purge leaves none behind).
 */
export async function listAuditWithActors(db: Queryable, f: AuditFilter): Promise<AuditRowWithActor[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.actorId) add('a.actor_id = ?', f.actorId);
  if (f.action) add('a.action = ?', f.action);
  if (f.targetType) add('a.target_type = ?', f.targetType);
  if (f.targetId) add('a.target_id = ?', f.targetId);
  if (f.from) add('a.at >= ?', f.from);
  if (f.to) add('a.at < ?', f.to);
  if (f.beforeId) add('a.id < ?', f.beforeId);
  params.push(f.limit);
  return db.query<AuditRowWithActor>(
    `select a.id::text as id, a.at, a.actor_id, a.actor_role, a.action, a.target_type, a.target_id, a.diff, a.reason,
            a.client_ip, case when u.id is null then null else u.first_name || ' ' || u.last_name end as actor_name,
            ${TARGET_NAME_SQL}
       from audit_log a left join users u on u.id = a.actor_id
       ${where.length ? `where ${where.join(' and ')}` : ''}
      order by a.id desc limit $${params.length}`,
    params,
  );
}

/** The id of the account with this e-mail address (any role), for the actor filter. */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>('select id from users where lower(email) = lower($1)', [email]);
  return rows[0]?.id;
}

/**
 * An account purge (ADR 020) keeps the audit trail but not the erased id: the one update the append-only trigger
 * allows, inside the purge's transaction.
 */
export async function pseudonymiseAuditUser(tx: Queryable, userId: string, pseudonym: string): Promise<void> {
  // A SECURITY DEFINER function (migration 056): the application's role has no UPDATE on audit_log.
  await tx.query('select audit_log_pseudonymise($1::uuid, $2::uuid)', [userId, pseudonym]);
}

import type { ConsentKind, DataExportDto } from '@kindred/shared/data-rights.schemas';
import type { Queryable } from '../../db/db.ts';

/** SQL for consents (consent_events, append-only) and data exports (data_exports). */

export type ConsentEventRow = { kind: ConsentKind; scope: string; granted: boolean; at: Date; source: string };

/** Every event of the user's consent log, oldest first (the export holds the whole log). */
export function consentLog(db: Queryable, userId: string): Promise<ConsentEventRow[]> {
  return db.query<ConsentEventRow>(
    'select kind, scope, granted, at, source from consent_events where user_id = $1 order by id',
    [userId],
  );
}

/** Whether `reference` names a clinic (`active` too when asked): the scope of a shortlist-sharing consent. */
export async function clinicReferenceExists(db: Queryable, reference: string, active: boolean): Promise<boolean> {
  const rows = await db.query('select 1 from clinics where reference_id = $1 and (active or not $2)', [
    reference,
    active,
  ]);
  return rows.length > 0;
}

/** The latest event per kind and scope: the current state of each consent ever given or withdrawn. */
export function latestConsents(db: Queryable, userId: string): Promise<ConsentEventRow[]> {
  return db.query<ConsentEventRow>(
    `select distinct on (kind, scope) kind, scope, granted, at, source from consent_events
     where user_id = $1 order by kind, scope, id desc`,
    [userId],
  );
}

export async function consentGranted(db: Queryable, userId: string, kind: ConsentKind, scope: string) {
  const rows = await db.query<{ granted: boolean }>(
    'select granted from consent_events where user_id = $1 and kind = $2 and scope = $3 order by id desc limit 1',
    [userId, kind, scope],
  );
  return rows[0]?.granted === true;
}

/** Which of `userIds` currently grant the unscoped consent `kind` (the latest event of each is a grant). */
export async function usersGranting(
  db: Queryable,
  userIds: readonly string[],
  kind: ConsentKind,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `select u.id from unnest($1::uuid[]) as u(id)
     where (select c.granted from consent_events c where c.user_id = u.id and c.kind = $2 and c.scope = ''
            order by c.id desc limit 1)`,
    [[...new Set(userIds)], kind],
  );
  return new Set(rows.map((r) => r.id));
}

export async function insertConsentEvent(
  db: Queryable,
  userId: string,
  e: Omit<ConsentEventRow, 'kind'> & { kind: string },
) {
  await db.query(
    'insert into consent_events (user_id, kind, scope, granted, at, source) values ($1, $2, $3, $4, $5, $6)',
    [userId, e.kind, e.scope, e.granted, e.at, e.source],
  );
}

/** Withdraws every shortlist sharing whose latest event is a grant (source account_deletion; migration 053). */
export async function withdrawAllSharing(db: Queryable, userId: string, at: Date): Promise<number> {
  const rows = await db.query(
    `insert into consent_events (user_id, kind, scope, granted, at, source)
     select $1, 'shortlist_sharing', l.scope, false, $2, 'account_deletion' from (
       select distinct on (scope) scope, granted from consent_events
        where user_id = $1 and kind = 'shortlist_sharing' order by scope, id desc) l
     where l.granted
     returning id`,
    [userId, at],
  );
  return rows.length;
}

export type ExportRow = {
  id: string;
  user_id: string;
  status: DataExportDto['status'];
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
};
const COLUMNS = 'id, user_id, status, requested_at, ready_at, expires_at';

/**
 * Records a request unless the user made `max` since `since`. Run it in a transaction: a lock per user (held to the
 * commit) makes concurrent requests count one after another, so a burst cannot slip past the limit.
 */
export async function insertExportUnderLimit(
  db: Queryable,
  userId: string,
  now: Date,
  since: Date,
  max: number,
): Promise<ExportRow | undefined> {
  await db.query("select pg_advisory_xact_lock(hashtext('data-export:' || $1))", [userId]);
  const rows = await db.query<ExportRow>(
    `insert into data_exports (user_id, requested_at)
     select $1, $2 where (select count(*) from data_exports where user_id = $1 and requested_at > $3) < $4
     returning ${COLUMNS}`,
    [userId, now, since, max],
  );
  return rows[0];
}

/** When the oldest of the user's requests since `since` was made (for Retry-After). */
export async function oldestExportSince(db: Queryable, userId: string, since: Date): Promise<Date | null> {
  const rows = await db.query<{ at: Date | null }>(
    'select min(requested_at) as at from data_exports where user_id = $1 and requested_at > $2',
    [userId, since],
  );
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

export async function findExport(db: Queryable, id: string): Promise<ExportRow | undefined> {
  return (await db.query<ExportRow>(`select ${COLUMNS} from data_exports where id = $1`, [id]))[0];
}

/** One of the user's exports with the file asked for (null once purged). */
export async function findOwnExportFile(
  db: Queryable,
  userId: string,
  id: string,
  format: 'json' | 'html',
): Promise<(ExportRow & { body: string | null }) | undefined> {
  const rows = await db.query<ExportRow & { body: string | null }>(
    `select ${COLUMNS}, ${format === 'json' ? 'json_body' : 'html_body'} as body
     from data_exports where id = $1 and user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/** Stores a prepared export; false when it was no longer being prepared (another run finished it). */
export async function markExportReady(
  db: Queryable,
  id: string,
  e: { readyAt: Date; expiresAt: Date; json: string; html: string },
): Promise<boolean> {
  const rows = await db.query(
    `update data_exports set status = 'ready', ready_at = $2, expires_at = $3, json_body = $4, html_body = $5
     where id = $1 and status = 'preparing' returning id`,
    [id, e.readyAt, e.expiresAt, e.json, e.html],
  );
  return rows.length > 0;
}

export function listExports(db: Queryable, userId: string): Promise<ExportRow[]> {
  return db.query<ExportRow>(
    `select ${COLUMNS} from data_exports where user_id = $1 order by requested_at desc limit 10`,
    [userId],
  );
}

/** Exports still being prepared that were requested before `before` (their job was lost). */
export async function strandedExports(db: Queryable, before: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    "select id from data_exports where status = 'preparing' and requested_at < $1 limit 20",
    [before],
  );
  return rows.map((r) => r.id);
}

export type PurgeCounts = Record<
  'passwordResets' | 'mailCopies' | 'contactIps' | 'contactMessages' | 'viewRecords' | 'exportFiles' | 'exportRows',
  number
>;

/**
 * Deletes (or, for contact IP addresses and export files, blanks) what is older than each cutoff; counts what each
 * statement touched. Every statement is idempotent: a second run finds nothing left.
 */
export async function purgeRecords(db: Queryable, before: Record<keyof PurgeCounts, Date>): Promise<PurgeCounts> {
  const count = async (sql: string, at: Date) => (await db.query(`${sql} returning 1`, [at])).length;
  return {
    passwordResets: await count('delete from password_resets where expires_at < $1', before.passwordResets),
    mailCopies: await count(
      `delete from mail_messages where (status = 'sent' and sent_at < $1)
         or (status in ('failed', 'held') and coalesce(sent_at, created_at) < $1)`,
      before.mailCopies,
    ),
    contactIps: await count(
      'update contact_messages set ip = null where ip is not null and created_at < $1',
      before.contactIps,
    ),
    contactMessages: await count('delete from contact_messages where created_at < $1', before.contactMessages),
    viewRecords: await count('delete from blog_views where viewed_at < $1', before.viewRecords),
    exportFiles: await count(
      `update data_exports set status = 'expired', json_body = null, html_body = null
       where status = 'ready' and expires_at <= $1`,
      before.exportFiles,
    ),
    exportRows: await count(
      "delete from data_exports where requested_at < $1 and status <> 'preparing'",
      before.exportRows,
    ),
  };
}

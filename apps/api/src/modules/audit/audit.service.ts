import type { UserRole } from '@kindred/shared';
import {
  AUDIT_MSG,
  toBound,
  type AuditEntryDto,
  type AuditFilterQuery,
  type AuditListQuery,
  type AuditPageResponse,
} from '@kindred/shared/console-audit.schemas';
import { fieldError } from '../../lib/errors.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  findUserIdByEmail,
  insertAudit,
  listAudit,
  listAuditWithActors,
  pseudonymiseAuditUser as pseudonymise,
  type AuditFilter,
  type AuditRow,
  type AuditRowWithActor,
} from './audit.repository.ts';

/** Who made a change: the signed-in staff member and the client address the request came from. */
export type AuditActor = { id: string; role: UserRole; ip: string | null };

/** What changed. `before`/`after` are plain records; the diff keeps changed fields only, secrets removed. */
export type AuditEntry = {
  /** Dotted verb, e.g. `user.disable`, `plan.update`, `donor.availability`, `inbox.reply`, `health.reveal`. */
  action: string;
  /** What was changed: `user`, `clinic`, `plan`, `donor`, `contact_message`, `article`, … */
  targetType: string;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Required by the console for sensitive actions (disable, complimentary plan, revealing health data). */
  reason?: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toEntryDto = (r: AuditRowWithActor): AuditEntryDto => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  actor: { id: r.actor_id, role: r.actor_role, name: r.actor_name },
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  target_name: r.target_name,
  target_deleted: r.target_named && r.target_id !== null && r.target_name === null,
  diff: r.diff,
  reason: r.reason,
  client_ip: r.client_ip,
});

/** Field names never written to the audit log, whatever the change (values replaced by a marker). */
const SECRET_FIELD = /pass(word)?|hash|token|secret|code|otp|key$/i;
export const REDACTED = '[redacted]';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `{field: [before, after]}` for every field whose value differs; secret fields keep only the fact that they
 * changed. A create has no `before`, a delete no `after`.
 */
export function auditDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (same(b, a)) continue;
    diff[key] = SECRET_FIELD.test(key) ? [b === null ? null : REDACTED, a === null ? null : REDACTED] : [b, a];
  }
  return diff;
}

/**
 * The audit log (issue 15, ADR 022): every change made through the console or an admin API appends a row in the
 * transaction of the change (`record(tx, …)`), so a change without its row cannot commit. Append-only in the
 * database (a trigger refuses updates and deletes).
 */
export function createAuditService(deps: { db: Db; clock: Clock }) {
  async function record(tx: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
    await insertAudit(tx, {
      at: deps.clock.now(),
      actor_id: actor.id,
      actor_role: actor.role,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      diff: auditDiff(entry.before, entry.after),
      reason: entry.reason ?? null,
      client_ip: actor.ip,
    });
  }

  /** A change and its audit row in one transaction: `fn` makes the change and returns what to record. */
  async function change<T>(
    actor: AuditActor,
    fn: (tx: Queryable) => Promise<{ result: T; audit: AuditEntry | AuditEntry[] | null }>,
  ): Promise<T> {
    return deps.db.transaction(async (tx) => {
      const { result, audit } = await fn(tx);
      for (const entry of audit === null ? [] : Array.isArray(audit) ? audit : [audit]) await record(tx, actor, entry);
      return result;
    });
  }

  const list = (filter: AuditFilter): Promise<AuditRow[]> => listAudit(deps.db, filter);

  /** The console's filters as the repository's: an actor given by e-mail is looked up (400 when unknown). */
  async function filterOf(q: AuditFilterQuery): Promise<Omit<AuditFilter, 'limit'>> {
    let actorId: string | undefined;
    if (q.actor !== undefined) {
      if (q.actor.includes('@')) {
        actorId = await findUserIdByEmail(deps.db, q.actor);
        if (!actorId) throw fieldError('actor', AUDIT_MSG.actorUnknown);
      } else if (UUID.test(q.actor)) actorId = q.actor.toLowerCase();
      else throw fieldError('actor', AUDIT_MSG.actorInvalid);
    }
    return {
      actorId,
      action: q.action,
      targetType: q.target_type,
      targetId: q.target_id,
      from: q.from === undefined ? undefined : toBound(q.from, 'start'),
      to: q.to === undefined ? undefined : toBound(q.to, 'end'),
    };
  }

  /** One page of the console's audit log, newest first; `next_before` continues after its last row. */
  async function page(q: AuditListQuery): Promise<AuditPageResponse> {
    const filter = await filterOf(q);
    // One row more than asked tells whether another page follows.
    const rows = await listAuditWithActors(deps.db, { ...filter, beforeId: q.before, limit: q.limit + 1 });
    const shown = rows.slice(0, q.limit);
    return {
      results: shown.map(toEntryDto),
      next_before: rows.length > q.limit ? shown[shown.length - 1]!.id : null,
    };
  }

  /**
   * Every row the filters select, newest first, read in batches (keyset): what the CSV export streams. The filters
   * are checked (and an actor's e-mail looked up) before the first row, so a bad filter is a 400, not a broken file.
   */
  async function exportRows(q: AuditFilterQuery, batch = 500): Promise<AsyncGenerator<AuditEntryDto>> {
    const filter = await filterOf(q);
    return (async function* rows() {
      let beforeId: string | undefined;
      for (;;) {
        const got = await listAuditWithActors(deps.db, { ...filter, beforeId, limit: batch });
        for (const row of got) yield toEntryDto(row);
        if (got.length < batch) return;
        beforeId = got[got.length - 1]!.id;
      }
    })();
  }

  return { record, change, list, page, exportRows };
}
export type AuditService = ReturnType<typeof createAuditService>;

/** Account deletion (ADR 020) replaces the user's id in the log by a pseudonym, in the purge's transaction. */
export const pseudonymiseAuditUser: typeof pseudonymise = (...args) => pseudonymise(...args);

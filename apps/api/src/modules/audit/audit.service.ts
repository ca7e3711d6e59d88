import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@kindred/shared';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { insertAudit, listAudit, type AuditFilter, type AuditRow } from './audit.repository.ts';

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

/** The request's actor: call in a route after the guard has run (every console route is guarded). */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return { id: user.id, role: user.role, ip: request.ip ?? null };
}

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

  return { record, change, list };
}
export type AuditService = ReturnType<typeof createAuditService>;

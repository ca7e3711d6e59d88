import {
  CONSENT_KINDS,
  DATA_RIGHTS_MSG,
  SCOPED_CONSENT_KINDS,
  type ConsentChangeRequest,
  type ConsentKind,
  type ConsentState,
} from '@kindred/shared/data-rights.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';

export type ConsentEventRow = {
  kind: ConsentKind;
  scope: string;
  granted: boolean;
  at: Date;
  source: string;
};

/** Every event of the user's consent log, oldest first (the export holds the whole log). */
export function consentLog(db: Queryable, userId: string): Promise<ConsentEventRow[]> {
  return db.query<ConsentEventRow>(
    'select kind, scope, granted, at, source from consent_events where user_id = $1 order by id',
    [userId],
  );
}

/** The latest event per kind and scope: the current state of each consent ever given or withdrawn. */
function latestEvents(db: Queryable, userId: string): Promise<ConsentEventRow[]> {
  return db.query<ConsentEventRow>(
    `select distinct on (kind, scope) kind, scope, granted, at, source from consent_events
     where user_id = $1 order by kind, scope, id desc`,
    [userId],
  );
}

const toState = (r: ConsentEventRow): ConsentState => ({
  kind: r.kind,
  scope: r.scope,
  granted: r.granted,
  at: new Date(r.at).toISOString(),
  source: r.source,
});

/**
 * Recorded consents (ADR 019): an append-only log of grants and withdrawals per user, kind and scope (a clinic's
 * id for shortlist sharing); the current state is the latest event. Health data is used for matching only while
 * `health_data_matching` is granted.
 */
export function createConsentService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;

  /** The current state: the unscoped kinds always (never given: not granted), scoped ones as recorded. */
  async function current(userId: string): Promise<ConsentState[]> {
    const latest = await latestEvents(db, userId);
    const unscoped = CONSENT_KINDS.filter((k) => !SCOPED_CONSENT_KINDS.includes(k)).map((kind) => {
      const r = latest.find((e) => e.kind === kind && e.scope === '');
      return r ? toState(r) : { kind, scope: '', granted: false, at: null, source: null };
    });
    return [...unscoped, ...latest.filter((r) => SCOPED_CONSENT_KINDS.includes(r.kind)).map(toState)];
  }

  async function granted(userId: string, kind: ConsentKind, scope = ''): Promise<boolean> {
    const rows = await db.query<{ granted: boolean }>(
      `select granted from consent_events where user_id = $1 and kind = $2 and scope = $3 order by id desc limit 1`,
      [userId, kind, scope],
    );
    return rows[0]?.granted === true;
  }

  return {
    current,
    granted,

    /** Appends a grant or withdrawal (recorded even when it repeats the current state: the log is the history). */
    async change(userId: string, c: ConsentChangeRequest): Promise<ConsentState[]> {
      const scoped = SCOPED_CONSENT_KINDS.includes(c.kind);
      const scope = c.scope ?? '';
      if (scoped && !scope) throw fieldError('scope', DATA_RIGHTS_MSG.scopeRequired);
      if (!scoped && scope) throw fieldError('scope', DATA_RIGHTS_MSG.scopeNotAllowed);
      await db.query(
        'insert into consent_events (user_id, kind, scope, granted, at, source) values ($1, $2, $3, $4, $5, $6)',
        [userId, c.kind, scope, c.granted, deps.clock.now(), c.source ?? 'api'],
      );
      return current(userId);
    },

    /**
     * Refuses (403) unless the user currently consents to their health data being used for matching: saving a
     * preference set needs it first (`before` the first save), and matching stops once it is withdrawn.
     */
    async requireHealthData(userId: string, message: string = DATA_RIGHTS_MSG.healthConsentRequired) {
      if (!(await granted(userId, 'health_data_matching'))) throw new AppError('consent_required', message, 403);
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;

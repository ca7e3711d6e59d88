import {
  CONSENT_KINDS,
  type CONSENT_SOURCES,
  DATA_RIGHTS_MSG,
  FAMILY_CONSENT_KINDS,
  SCOPED_CONSENT_KINDS,
  type ConsentChangeRequest,
  type ConsentKind,
  type ConsentState,
} from '@kindred/shared/data-rights.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  clinicReferenceExists,
  consentGranted,
  insertConsentEvent,
  latestConsents,
  usersGranting,
  withdrawAllSharing,
  type ConsentEventRow,
} from './rights.repository.ts';

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
    const latest = await latestConsents(db, userId);
    const unscoped = CONSENT_KINDS.filter((k) => !SCOPED_CONSENT_KINDS.includes(k)).map((kind) => {
      const r = latest.find((e) => e.kind === kind && e.scope === '');
      return r ? toState(r) : { kind, scope: '', granted: false, at: null, source: null };
    });
    // The family's consents are shown (and changed) on the family panel, not among these.
    const scoped = latest.filter(
      (r) => SCOPED_CONSENT_KINDS.includes(r.kind) && !FAMILY_CONSENT_KINDS.includes(r.kind),
    );
    return [...unscoped, ...scoped.map(toState)];
  }

  const granted = (userId: string, kind: ConsentKind, scope = '') => consentGranted(db, userId, kind, scope);

  return {
    current,
    granted,

    /**
     * Which of `userIds` currently consent to `kind`, read in the caller's transaction: a job working for many
     * parents at once (the saved-search alerts) asks once, not per parent.
     */
    grantedAmong: (tx: Queryable, userIds: readonly string[], kind: ConsentKind) => usersGranting(tx, userIds, kind),

    /** Appends a grant or withdrawal (recorded even when it repeats the current state: the log is the history). */
    async change(userId: string, c: ConsentChangeRequest): Promise<ConsentState[]> {
      const scoped = SCOPED_CONSENT_KINDS.includes(c.kind);
      const scope = c.scope ?? '';
      if (scoped && !scope) throw fieldError('scope', DATA_RIGHTS_MSG.scopeRequired);
      if (!scoped && scope) throw fieldError('scope', DATA_RIGHTS_MSG.scopeNotAllowed);
      // A grant names a partner clinic that takes bookings; a withdrawal any clinic (one since deactivated too), or
      // any scope this user already holds a consent for, so nothing given can become impossible to withdraw.
      if (scoped && !(await clinicReferenceExists(db, scope, c.granted))) {
        const held =
          !c.granted && (await latestConsents(db, userId)).some((e) => e.kind === c.kind && e.scope === scope);
        if (!held) throw fieldError('scope', DATA_RIGHTS_MSG.scopeUnknownClinic);
      }
      await insertConsentEvent(db, userId, {
        kind: c.kind,
        scope,
        granted: c.granted,
        at: deps.clock.now(),
        source: c.source ?? 'api',
      });
      return current(userId);
    },

    /**
     * Records a grant inside the caller's transaction, so that it stands or falls with what it came with (a booking
     * that shares the parent's shortlist with a clinic: kind shortlist_sharing, scope the clinic's reference id).
     */
    async grantWithin(
      tx: Queryable,
      userId: string,
      kind: ConsentKind,
      scope: string,
      source: (typeof CONSENT_SOURCES)[number],
    ) {
      await insertConsentEvent(tx, userId, { kind, scope, granted: true, at: deps.clock.now(), source });
    },

    /** Appends a grant or withdrawal of one of the family's consents inside the caller's transaction (ADR 028). */
    async recordWithin(tx: Queryable, userId: string, kind: ConsentKind, scope: string, granted: boolean) {
      await insertConsentEvent(tx, userId, { kind, scope, granted, at: deps.clock.now(), source: 'profile' });
    },

    /** Withdraws every clinic's shortlist sharing in `tx` (the account's deletion started: issue 25). */
    withdrawAllSharingWithin: (tx: Queryable, userId: string) => withdrawAllSharing(tx, userId, deps.clock.now()),

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

import { enteredAlerts, type AlertQuery } from '@kindred/matching';
import type { Alert, CreateAlertRequest, UpdateAlertRequest } from '@kindred/shared/alerts.schemas';
import { ALERTS_MSG, MAX_ALERTS_PER_PARENT } from '@kindred/shared/alerts.schemas';
import { withLongStatements, type Db, type Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { catalogueVersion } from '../catalogue/catalogue.service.ts';
import type { ParentScreenDto, ParentScreensReader } from '../genetics/parent-screen.service.ts';
import { findStoredSet } from '../matching/preferences.service.ts';
import { renormalize, withParentScreen } from '../matching/stored-preferences.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { ConsentService } from '../rights/consent.service.ts';
import { alertMessages, tellParents, type AlertHit } from './alerts.notify.ts';
import * as repo from './alerts.repository.ts';

/** Changed donors read per query by the alert job. */
const PAGE = 1000;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toDto = (r: repo.AlertRow): Alert => ({
  id: r.id,
  name: r.name,
  profile_id: r.profile_id,
  donor_type: r.donor_type,
  filters: r.filters ?? {},
  paused: r.paused_at !== null,
  created_at: iso(r.created_at)!,
  last_fired_at: iso(r.last_fired_at),
  hits: Number(r.hits ?? 0),
});

/**
 * Saved searches that never expire (issue 28, ADR 026): a parent's alerts (CRUD) and the job that tells parents
 * when a donor enters an alert's passing set. The job matches every active alert at once with the engine's bitsets
 * over the donors changed since its last run, as they are now and as it last saw them.
 */
export function createAlertsService(deps: {
  db: Db;
  clock: Clock;
  /** The parents' current screens, read per run: a new screen result changes what fires (not a copy of the day). */
  parentScreens: ParentScreensReader;
  notifications: Notifier;
  /** The health-data consent, read per run: an alert is matched only while its parent consents (ADR 019). */
  consents: Pick<ConsentService, 'grantedAmong'>;
}) {
  const { db, clock } = deps;
  /**
   * Normalised alerts by id and version (the alert's `updated_at` and its parent's screen's): the job reads every
   * active alert each run. The parent's own screen is the one they have now, never one copied into the alert, so a
   * new result (or a removed screen) changes what fires from the next run on.
   */
  const memo = new Map<string, { version: string; query: AlertQuery }>();
  const queryOf = (a: Omit<repo.AlertRow, 'hits'>, screen: ParentScreenDto | undefined): AlertQuery => {
    const version = `${new Date(a.updated_at).getTime()}:${screen?.updated_at ?? ''}`;
    const hit = memo.get(a.id);
    if (hit?.version === version) return hit.query;
    const refine = a.filters && Object.keys(a.filters).length > 0 ? a.filters : undefined;
    // Rows saved before this rule may still hold a copy (migration 110 removes them): it is never read.
    const { parent_screen: _copy, ...stored } = a.preferences;
    const query = { prefs: renormalize(withParentScreen(stored, screen?.screen ?? undefined)), refine };
    memo.set(a.id, { version, query });
    return query;
  };

  /**
   * The alerts whose parent consents to the use of their health data now. Withdrawing the consent stops matching
   * (ADR 019: find-matches answers 403), and an alert is matching: it is skipped, as a paused one is, and donors that
   * enter meanwhile are not announced once the consent is given again.
   */
  async function consenting<A extends { user_id: string }>(tx: Queryable, alerts: A[]): Promise<A[]> {
    const ok = await deps.consents.grantedAmong(
      tx,
      alerts.map((a) => a.user_id),
      'health_data_matching',
    );
    return alerts.filter((a) => ok.has(a.user_id));
  }

  async function get(userId: string, id: string): Promise<Alert> {
    const row = await repo.findAlert(db, userId, id);
    if (!row) throw notFound(ALERTS_MSG.notFound);
    return toDto(row);
  }

  return {
    list: async (userId: string) => (await repo.listAlerts(db, userId)).map(toDto),
    get,

    /**
     * Saves the preference set as it is now with the page's filters. The parent's own carrier screen is not copied:
     * the job reads the current one when it matches.
     */
    async create(userId: string, input: CreateAlertRequest): Promise<Alert> {
      const found = await findStoredSet(db, userId, input.profile_id);
      if (!found) throw fieldError('profile_id', ALERTS_MSG.profileNotFound);
      const { parent_screen: _screen, ...stored } = found;
      const id = await db.transaction(async (tx) => {
        await repo.lockParent(tx, userId);
        if ((await repo.countAlerts(tx, userId)) >= MAX_ALERTS_PER_PARENT) throw fieldError('name', ALERTS_MSG.tooMany);
        return repo.insertAlert(tx, {
          userId,
          profileId: input.profile_id,
          name: input.name,
          donorType: renormalize(stored).donorType,
          preferences: stored,
          filters: input.filters ?? {},
          sinceVersion: await catalogueVersion(tx),
          at: clock.now(),
        });
      });
      return get(userId, id);
    },

    async update(userId: string, id: string, input: UpdateAlertRequest): Promise<Alert> {
      const changed = await repo.updateAlert(db, {
        userId,
        id,
        name: input.name,
        paused: input.paused,
        version: await catalogueVersion(db),
        at: clock.now(),
      });
      if (!changed) throw notFound(ALERTS_MSG.notFound);
      return get(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteAlert(db, userId, id))) throw notFound(ALERTS_MSG.notFound);
    },

    /**
     * One run of the alert job: the donors changed since the last run that have entered an active alert's passing
     * set (and changed after the alert was saved or resumed) are recorded once per alert and donor and told to
     * the parent, in one transaction that also moves the job's cursor. The cursor row is locked, so a second run
     * at the same time waits and then finds nothing to do. Returns the number of new hits.
     */
    async matchChanges(): Promise<{ donors: number; hits: number }> {
      return withLongStatements(() =>
        db.transaction(async (tx) => {
          const since = await repo.lockScan(tx);
          const upTo = await catalogueVersion(tx);
          if (upTo <= since) return { donors: 0, hits: 0 };
          const rows: repo.ChangedDonorRow[] = [];
          for (let after = { afterVersion: since, afterReference: '' }; ;) {
            const page = await repo.loadChangedDonors(tx, { since, upTo, ...after, limit: PAGE });
            rows.push(...page);
            if (page.length < PAGE) break;
            after = { afterVersion: Number(page.at(-1)!.version), afterReference: page.at(-1)!.reference_id };
          }
          // A donor changed twice since the last run comes twice; the later version wins, the first `before` stays.
          const latest = new Map<string, repo.ChangedDonorRow>();
          for (const r of rows)
            latest.set(r.reference_id, { ...r, before: latest.get(r.reference_id)?.before ?? r.before });
          const changed = [...latest.values()];
          let hits = 0;
          const alerts = changed.length > 0 ? await consenting(tx, await repo.listActiveAlerts(tx)) : [];
          if (alerts.length > 0) {
            const screens = await deps.parentScreens.getManyWithin(
              tx,
              alerts.map((a) => a.user_id),
            );
            const entered = enteredAlerts(
              {
                refs: changed.map((r) => r.reference_id),
                before: changed.map((r) => r.before),
                after: changed.map((r) => r.source),
              },
              alerts.map((a) => queryOf(a, screens.get(a.user_id))),
              clock.now().toISOString().slice(0, 10),
            );
            const versionOf = new Map(changed.map((r) => [r.reference_id, Number(r.version)]));
            const idOf = new Map(changed.map((r) => [r.reference_id, r.id]));
            const alertIds: string[] = [];
            const refs: string[] = [];
            alerts.forEach((a, k) => {
              for (const ref of entered[k]!) {
                if (versionOf.get(ref)! <= Number(a.since_version)) continue;
                alertIds.push(a.id);
                refs.push(ref);
              }
            });
            const at = clock.now();
            const fresh = await repo.insertHits(tx, { alertIds, refs, at });
            hits = fresh.length;
            if (fresh.length > 0) {
              const byId = new Map(alerts.map((a) => [a.id, a]));
              await repo.markFired(tx, [...new Set(fresh.map((h) => h.alert_id))], at);
              const told: AlertHit[] = fresh.map((h) => {
                const a = byId.get(h.alert_id)!;
                return {
                  alertId: a.id,
                  alertName: a.name,
                  userId: a.user_id,
                  referenceId: h.donor_reference_id,
                  donorId: idOf.get(h.donor_reference_id)!,
                  profileId: a.profile_id,
                };
              });
              await tellParents(tx, deps.notifications, await alertMessages(tx, clock, told));
            }
          }
          if (changed.length > 0)
            await repo.saveDonorStates(
              tx,
              changed.map((r) => r.reference_id),
            );
          await repo.setScan(tx, upTo);
          return { donors: changed.length, hits };
        }),
      );
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;

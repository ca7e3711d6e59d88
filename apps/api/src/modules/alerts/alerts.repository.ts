import type { IndexSource } from '@kindred/matching';
import type { MatchFilters } from '@kindred/shared/matching.schemas';
import type { Queryable } from '../../db/db.ts';
import type { StoredPreferenceSet } from '../matching/stored-preferences.ts';

/** SQL for saved-search alerts (migration 085). */
export type AlertRow = {
  id: string;
  user_id: string;
  profile_id: string | null;
  name: string;
  donor_type: string | null;
  preferences: StoredPreferenceSet;
  filters: MatchFilters;
  paused_at: Date | string | null;
  since_version: string;
  created_at: Date | string;
  updated_at: Date | string;
  last_fired_at: Date | string | null;
  hits: number;
};

const COLUMNS = `a.id, a.user_id, a.profile_id, a.name, a.donor_type, a.preferences, a.filters, a.paused_at,
  a.since_version::text as since_version, a.created_at, a.updated_at, a.last_fired_at`;

export const listAlerts = (db: Queryable, userId: string) =>
  db.query<AlertRow>(
    `select ${COLUMNS}, (select count(*)::int from search_alert_hits h where h.alert_id = a.id) as hits
     from search_alerts a where a.user_id = $1 order by a.created_at desc, a.id`,
    [userId],
  );

export const findAlert = async (db: Queryable, userId: string, id: string) =>
  (
    await db.query<AlertRow>(
      `select ${COLUMNS}, (select count(*)::int from search_alert_hits h where h.alert_id = a.id) as hits
       from search_alerts a where a.id = $1 and a.user_id = $2`,
      [id, userId],
    )
  )[0];

export const countAlerts = async (db: Queryable, userId: string) =>
  Number(
    (await db.query<{ n: string }>('select count(*)::text as n from search_alerts where user_id = $1', [userId]))[0]!.n,
  );

/** Serialises one parent's alert writes (the per-parent limit is counted under it). */
export const lockParent = (tx: Queryable, userId: string) =>
  tx.query('select id from users where id = $1 for update', [userId]);

export async function insertAlert(
  tx: Queryable,
  a: {
    userId: string;
    profileId: string;
    name: string;
    donorType: string | null;
    preferences: StoredPreferenceSet;
    filters: MatchFilters;
    sinceVersion: number;
    at: Date;
  },
): Promise<string> {
  const rows = await tx.query<{ id: string }>(
    `insert into search_alerts (user_id, profile_id, name, donor_type, preferences, filters, since_version,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $8) returning id`,
    [
      a.userId,
      a.profileId,
      a.name,
      a.donorType,
      JSON.stringify(a.preferences),
      JSON.stringify(a.filters),
      a.sinceVersion,
      a.at,
    ],
  );
  return rows[0]!.id;
}

/** Renames, pauses or resumes; resuming moves `since_version` on, so what entered meanwhile is not announced. */
export async function updateAlert(
  db: Queryable,
  u: { userId: string; id: string; name?: string; paused?: boolean; version: number; at: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update search_alerts set
       name = coalesce($3, name),
       paused_at = case when $4::boolean is null then paused_at when $4 then coalesce(paused_at, $6) else null end,
       since_version = case when $4::boolean = false and paused_at is not null then $5 else since_version end,
       updated_at = $6
     where id = $1 and user_id = $2 returning id`,
    [u.id, u.userId, u.name ?? null, u.paused ?? null, u.version, u.at],
  );
  return rows.length > 0;
}

export async function deleteAlert(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from search_alerts where id = $1 and user_id = $2 returning id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** The catalogue version the alert job has matched up to, locked until the run's transaction ends. */
export const lockScan = async (tx: Queryable) =>
  Number(
    (
      await tx.query<{ v: string }>(
        'select catalogue_version::text as v from search_alert_scan where id = 1 for update',
      )
    )[0]?.v ?? 0,
  );

export const setScan = (tx: Queryable, version: number) =>
  tx.query('update search_alert_scan set catalogue_version = $1 where id = 1', [version]);

export type ChangedDonorRow = {
  id: string;
  reference_id: string;
  version: string;
  source: IndexSource;
  before: IndexSource | null;
};

/**
 * One page of donors changed after catalogue version `since` up to `upTo`, in (version, reference id) order
 * after the cursor (the index of migration 075 serves it), each with its index source now and as the alert job
 * last saw it (null for a donor it never saw: a new one).
 */
export const loadChangedDonors = (
  tx: Queryable,
  range: { since: number; upTo: number; afterVersion: number; afterReference: string; limit: number },
) =>
  tx.query<ChangedDonorRow>(
    `select d.id, d.reference_id, d.catalogue_version::text as version, d.index_source as source, s.source as before
     from donors d left join search_alert_donor_states s on s.reference_id = d.reference_id
     where d.catalogue_version > $1 and d.catalogue_version <= $2
       and (d.catalogue_version, d.reference_id) > ($3::bigint, $4::text)
     order by d.catalogue_version, d.reference_id limit $5`,
    [range.since, range.upTo, range.afterVersion, range.afterReference, range.limit],
  );

/** Remembers these donors' index sources as seen now (the "before" of their next change). */
export const saveDonorStates = (tx: Queryable, refs: readonly string[]) =>
  tx.query(
    `insert into search_alert_donor_states (reference_id, source)
     select reference_id, index_source from donors where reference_id = any($1::text[])
     on conflict (reference_id) do update set source = excluded.source`,
    [refs],
  );

/** Alerts that are not paused (the job matches all of them at once). */
export const listActiveAlerts = (tx: Queryable) =>
  tx.query<Omit<AlertRow, 'hits'>>(`select ${COLUMNS} from search_alerts a where a.paused_at is null order by a.id`);

/**
 * Records the hits not recorded before and returns those (alert id, reference id): the dedupe of "once per donor
 * per alert", whatever runs twice.
 */
export async function insertHits(
  tx: Queryable,
  hits: { alertIds: readonly string[]; refs: readonly string[]; at: Date },
): Promise<{ alert_id: string; donor_reference_id: string }[]> {
  if (hits.alertIds.length === 0) return [];
  return tx.query<{ alert_id: string; donor_reference_id: string }>(
    `insert into search_alert_hits (alert_id, donor_reference_id, fired_at)
     select * , $3::timestamptz from unnest($1::uuid[], $2::text[])
     on conflict do nothing returning alert_id, donor_reference_id`,
    [hits.alertIds, hits.refs, hits.at],
  );
}

export const markFired = (tx: Queryable, alertIds: readonly string[], at: Date) =>
  tx.query('update search_alerts set last_fired_at = $2 where id = any($1::uuid[])', [alertIds, at]);

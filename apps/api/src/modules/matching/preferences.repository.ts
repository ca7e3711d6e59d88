import type { Queryable } from '../../db/db.ts';
import type { StoredPreferenceSet } from './stored-preferences.ts';

/** SQL for the saved preference sets (fertility_profiles): one per parent and donor type. */

export type PreferenceSetRow = {
  id: string;
  donor_type_preference: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  raw: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

export type PreferenceSetSummaryRow = Pick<
  PreferenceSetRow,
  'id' | 'donor_type_preference' | 'location' | 'created_at' | 'updated_at'
>;

/** What a save writes; `raw` and `normalized` are stored as JSON. */
export type PreferenceSetWrite = {
  userId: string;
  donorType: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  raw: unknown;
  normalized: unknown;
  now: Date;
};

/** Inserts the parent's set for a donor type, or replaces the one they have for it. */
export async function upsertPreferenceSet(
  db: Queryable,
  w: PreferenceSetWrite,
): Promise<{ id: string; inserted: boolean }> {
  const rows = await db.query<{ id: string; inserted: boolean }>(
    `insert into fertility_profiles (user_id, donor_type_preference, location, latitude, longitude, raw, normalized,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     on conflict (user_id, donor_type_preference) do update set location = excluded.location,
       latitude = excluded.latitude, longitude = excluded.longitude, raw = excluded.raw,
       normalized = excluded.normalized, updated_at = excluded.updated_at
     returning id, (xmax = 0) as inserted`,
    [
      w.userId,
      w.donorType,
      w.location,
      w.latitude,
      w.longitude,
      JSON.stringify(w.raw),
      JSON.stringify(w.normalized),
      w.now,
    ],
  );
  return rows[0]!;
}

/** Replaces one set of the parent's by id (its donor type may change); false when they have no such set. */
export async function updatePreferenceSet(db: Queryable, id: string, w: PreferenceSetWrite): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update fertility_profiles set donor_type_preference = $3, location = $4, latitude = $5, longitude = $6,
       raw = $7, normalized = $8,
       updated_at = $9
     where id = $1 and user_id = $2 returning id`,
    [
      id,
      w.userId,
      w.donorType,
      w.location,
      w.latitude,
      w.longitude,
      JSON.stringify(w.raw),
      JSON.stringify(w.normalized),
      w.now,
    ],
  );
  return rows.length === 1;
}

export async function findPreferenceSet(
  db: Queryable,
  userId: string,
  id: string,
): Promise<PreferenceSetRow | undefined> {
  const rows = await db.query<PreferenceSetRow>(
    `select id, donor_type_preference, location, latitude, longitude, raw, created_at, updated_at
     from fertility_profiles where id = $1 and user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/** The id of the parent's set for a donor type, if they have one. */
export async function findPreferenceSetIdByType(
  db: Queryable,
  userId: string,
  donorType: string,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    'select id from fertility_profiles where user_id = $1 and donor_type_preference = $2',
    [userId, donorType],
  );
  return rows[0]?.id;
}

/** The parent's sets, most recently updated first. */
export function listPreferenceSets(db: Queryable, userId: string): Promise<PreferenceSetSummaryRow[]> {
  return db.query<PreferenceSetSummaryRow>(
    `select id, donor_type_preference, location, created_at, updated_at from fertility_profiles where user_id = $1
       order by updated_at desc`,
    [userId],
  );
}

/** One of the parent's saved sets as stored (raw, coordinates, normalised at save time), if it is theirs. */
export async function findStoredSet(
  db: Queryable,
  userId: string,
  profileId: string,
): Promise<StoredPreferenceSet | undefined> {
  const rows = await db.query<StoredPreferenceSet>(
    'select raw, latitude, longitude, normalized from fertility_profiles where id = $1 and user_id = $2',
    [profileId, userId],
  );
  return rows[0];
}

/** The parent's saved sets by donor type (one set per type; the most recently updated wins if ever more). */
export async function storedSetsByType(db: Queryable, userId: string): Promise<Map<string, StoredPreferenceSet>> {
  const rows = await db.query<StoredPreferenceSet & { donor_type_preference: string }>(
    `select donor_type_preference, raw, latitude, longitude, normalized from fertility_profiles
     where user_id = $1 order by updated_at desc`,
    [userId],
  );
  const out = new Map<string, StoredPreferenceSet>();
  for (const r of rows) if (!out.has(r.donor_type_preference)) out.set(r.donor_type_preference, r);
  return out;
}

import type { Queryable } from '../../db/db.ts';
import type { StoredPreferenceSet } from './stored-preferences.ts';

/**
 * SQL for matches: the donors revealed to a parent (revealed_donors), the preference sets they were shown under
 * (shown_preferences) and the credits they spend. A revealed row holds the score shown and the fingerprint of the
 * set it was ranked with; rows from before migration 015 may still hold their old full copy (legacy_match).
 */

/** A revealed donor as stored: what was shown, and under which preference set. */
export type ShownRow = {
  reference_id: string;
  revealed_at: Date | string;
  score: string | number | null;
  preferences_fp: string | null;
  legacy_match: Record<string, unknown> | null;
};
const SHOWN_COLUMNS = 'd.reference_id, r.revealed_at, r.score, r.preferences_fp, r.legacy_match';

/** How these donors were last shown under the subscription (none for a donor never shown), by reference id. */
export async function findShown(
  db: Queryable,
  subscriptionId: string,
  referenceIds: readonly string[],
): Promise<Map<string, { score: number | null; fp: string | null }>> {
  if (referenceIds.length === 0) return new Map();
  const rows = await db.query<{ reference_id: string; score: string | number | null; preferences_fp: string | null }>(
    // Driven from the references (unique index on donors, then the revealed row's key): the embedded database
    // keeps no statistics, and a join planned from donors' side reads the whole catalogue.
    `select d.reference_id, r.score, r.preferences_fp from unnest($2::text[]) as u(reference_id)
       join donors d on d.reference_id = u.reference_id
       join revealed_donors r on r.subscription_id = $1 and r.donor_id = d.id`,
    [subscriptionId, referenceIds],
  );
  return new Map(
    rows.map((r) => [r.reference_id, { score: r.score === null ? null : Number(r.score), fp: r.preferences_fp }]),
  );
}

/** The donor as last shown to the parent (under any subscription), and when first revealed; none if never. */
export async function findLastRevealed(
  db: Queryable,
  userId: string,
  referenceId: string,
): Promise<ShownRow | undefined> {
  const rows = await db.query<ShownRow>(
    `select ${SHOWN_COLUMNS} from revealed_donors r join donors d on d.id = r.donor_id
     where r.user_id = $1 and d.reference_id = $2 order by r.revealed_at desc limit 1`,
    [userId, referenceId],
  );
  return rows[0];
}

/** Donors revealed under one subscription, newest first. */
export function listRevealed(db: Queryable, subscriptionId: string): Promise<ShownRow[]> {
  return db.query<ShownRow>(
    `select ${SHOWN_COLUMNS} from revealed_donors r join donors d on d.id = r.donor_id
     where r.subscription_id = $1 order by r.revealed_at desc, d.reference_id`,
    [subscriptionId],
  );
}

/** How each of these donors was last shown to the parent (under any subscription). */
export function lastShown(db: Queryable, userId: string, referenceIds: readonly string[]): Promise<ShownRow[]> {
  if (referenceIds.length === 0) return Promise.resolve([]);
  return db.query<ShownRow>(
    `select distinct on (d.reference_id) ${SHOWN_COLUMNS} from revealed_donors r
       join donors d on d.id = r.donor_id
     where r.user_id = $1 and d.reference_id = any($2::text[]) order by d.reference_id, r.revealed_at desc`,
    [userId, referenceIds],
  );
}

/** The preference sets with these fingerprints the parent was shown matches under, by fingerprint. */
export async function findShownPreferences(
  db: Queryable,
  userId: string,
  fingerprints: readonly string[],
): Promise<Map<string, StoredPreferenceSet>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await db.query<{ fingerprint: string; preferences: StoredPreferenceSet }>(
    'select fingerprint, preferences from shown_preferences where user_id = $1 and fingerprint = any($2::text[])',
    [userId, [...new Set(fingerprints)]],
  );
  return new Map(rows.map((r) => [r.fingerprint, r.preferences]));
}

/** Keeps a preference set matches were shown under; a set already kept is left as it is. */
export async function keepShownPreferences(
  db: Queryable,
  p: { userId: string; fingerprint: string; preferences: StoredPreferenceSet; at: Date },
): Promise<void> {
  await db.query(
    `insert into shown_preferences (user_id, fingerprint, preferences, created_at) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [p.userId, p.fingerprint, JSON.stringify(p.preferences), p.at],
  );
}

export type ShownWrite = { referenceId: string; score: number };

/** Records donors revealed for the first time under a subscription; returns how many were recorded. */
export async function insertShown(
  db: Queryable,
  r: { subscriptionId: string; userId: string; at: Date; fingerprint: string; rows: readonly ShownWrite[] },
): Promise<number> {
  if (r.rows.length === 0) return 0;
  const inserted = await db.query(
    `insert into revealed_donors (subscription_id, donor_id, user_id, revealed_at, score, preferences_fp)
     select $1, d.id, $2, $3, u.score, $4
     from unnest($5::text[], $6::numeric[]) as u(reference_id, score) join donors d on d.reference_id = u.reference_id
     returning donor_id`,
    [r.subscriptionId, r.userId, r.at, r.fingerprint, r.rows.map((x) => x.referenceId), r.rows.map((x) => x.score)],
  );
  return inserted.length;
}

/** Donors shown again with another score or under another preference set: the new one replaces the old. */
export async function updateShown(
  db: Queryable,
  r: { subscriptionId: string; fingerprint: string; rows: readonly ShownWrite[] },
): Promise<void> {
  if (r.rows.length === 0) return;
  await db.query(
    `update revealed_donors r set score = u.score, preferences_fp = $2, legacy_match = null
     from unnest($3::text[], $4::numeric[]) as u(reference_id, score), donors d
     where d.reference_id = u.reference_id and r.donor_id = d.id and r.subscription_id = $1`,
    [r.subscriptionId, r.fingerprint, r.rows.map((x) => x.referenceId), r.rows.map((x) => x.score)],
  );
}

/** Locks the subscription's credit counters for the rest of the transaction. */
export async function lockCredits(
  db: Queryable,
  subscriptionId: string,
): Promise<{ used: number; total: number | null }> {
  const rows = await db.query<{ match_credits_used: number; match_credits_total: number | null }>(
    'select match_credits_used, match_credits_total from subscriptions where id = $1 for update',
    [subscriptionId],
  );
  return { used: rows[0]!.match_credits_used, total: rows[0]!.match_credits_total };
}

export async function setCreditsUsed(db: Queryable, subscriptionId: string, used: number): Promise<void> {
  await db.query('update subscriptions set match_credits_used = $2 where id = $1', [subscriptionId, used]);
}

/**
 * The row version (xmin) of one of the parent's saved sets, if it is theirs: it changes with every save, so a set
 * already read and normalised can be used again without reading its JSON.
 */
/**
 * The version of a saved set (its row version) and when the parent's own carrier screen last changed (null:
 * none), in one statement: what find-matches reads on every request to know whether its memo of the set holds.
 */
export async function storedSetVersion(
  db: Queryable,
  userId: string,
  profileId: string,
): Promise<{ set: string; screenAt: string | null } | undefined> {
  const rows = await db.query<{ v: string; screen_at: string | null }>(
    `select f.xmin::text as v,
       (select s.updated_at::text from parent_carrier_screenings s where s.user_id = f.user_id) as screen_at
     from fertility_profiles f where f.id = $1 and f.user_id = $2`,
    [profileId, userId],
  );
  return rows[0] && { set: rows[0].v, screenAt: rows[0].screen_at };
}

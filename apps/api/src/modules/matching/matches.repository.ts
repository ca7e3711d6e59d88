import type { Queryable } from '../../db/db.ts';

/** SQL for matches: the donors revealed to a parent (revealed_donors) and the credits they spend. */

/** The match a donor was last shown with to the parent (under any subscription), and when; none if never. */
export async function findLastRevealed(
  db: Queryable,
  userId: string,
  referenceId: string,
): Promise<{ match: Record<string, unknown>; revealed_at: Date } | undefined> {
  const rows = await db.query<{ match: Record<string, unknown>; revealed_at: Date }>(
    `select r.match, r.revealed_at from revealed_donors r join donors d on d.id = r.donor_id
     where r.user_id = $1 and d.reference_id = $2 order by r.revealed_at desc limit 1`,
    [userId, referenceId],
  );
  return rows[0];
}

export type RevealedRow = { reference_id: string; revealed_at: Date | string; match: Record<string, unknown> };

/** Donors revealed under one subscription, newest first, with the match as last shown. */
export function listRevealed(db: Queryable, subscriptionId: string): Promise<RevealedRow[]> {
  return db.query<RevealedRow>(
    `select d.reference_id, r.revealed_at, r.match from revealed_donors r join donors d on d.id = r.donor_id
     where r.subscription_id = $1 order by r.revealed_at desc, d.reference_id`,
    [subscriptionId],
  );
}

/** The match each of these donors was last shown with to the parent (under any subscription), by reference id. */
export async function lastSeenMatches(
  db: Queryable,
  userId: string,
  referenceIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (referenceIds.length === 0) return new Map();
  const rows = await db.query<{ reference_id: string; match: Record<string, unknown> }>(
    `select distinct on (d.reference_id) d.reference_id, r.match from revealed_donors r
       join donors d on d.id = r.donor_id
     where r.user_id = $1 and d.reference_id = any($2::text[]) order by d.reference_id, r.revealed_at desc`,
    [userId, referenceIds],
  );
  return new Map(rows.map((r) => [r.reference_id, r.match]));
}

/** Records a donor shown under a subscription, or refreshes the match last shown; true when it was new. */
export async function recordShown(
  db: Queryable,
  r: { subscriptionId: string; donorId: string; userId: string; at: Date; match: unknown; mayInsert: boolean },
): Promise<'updated' | 'inserted' | 'withheld'> {
  const seen = await db.query(
    'update revealed_donors set match = $3 where subscription_id = $1 and donor_id = $2 returning donor_id',
    [r.subscriptionId, r.donorId, JSON.stringify(r.match)],
  );
  if (seen.length > 0) return 'updated';
  if (!r.mayInsert) return 'withheld';
  await db.query(
    'insert into revealed_donors (subscription_id, donor_id, user_id, revealed_at, match) values ($1, $2, $3, $4, $5)',
    [r.subscriptionId, r.donorId, r.userId, r.at, JSON.stringify(r.match)],
  );
  return 'inserted';
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

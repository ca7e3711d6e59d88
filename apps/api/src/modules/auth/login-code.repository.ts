import type { Queryable } from '../../db/db.ts';

export type LoginCodeRow = { id: string; code_hash: string; attempts: number; expires_at: Date };

/** Stores a new code for `userId`; every older unused code of the account stops working. */
export async function insertLoginCode(
  db: Queryable,
  c: { id: string; userId: string; codeHash: string; now: Date; expiresAt: Date },
) {
  await db.query('update login_codes set used_at = $2 where user_id = $1 and used_at is null', [c.userId, c.now]);
  await db.query(
    'insert into login_codes (id, user_id, code_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [c.id, c.userId, c.codeHash, c.now, c.expiresAt],
  );
}

/** The account's one live code (unused, unexpired), if any. */
export async function findLiveLoginCode(db: Queryable, userId: string, now: Date) {
  const rows = await db.query<LoginCodeRow>(
    `select id, code_hash, attempts, expires_at from login_codes
      where user_id = $1 and used_at is null and expires_at > $2 order by created_at desc limit 1`,
    [userId, now],
  );
  return rows[0];
}

/** Spends one try of a code; null when it has none left. */
export async function claimLoginCodeAttempt(db: Queryable, id: string, max: number): Promise<number | null> {
  const rows = await db.query<{ attempts: number }>(
    `update login_codes set attempts = attempts + 1
      where id = $1 and attempts < $2 and used_at is null returning attempts`,
    [id, max],
  );
  return rows[0]?.attempts ?? null;
}

/** Uses a code up; false when it was already used (a second request with the same code). */
export async function useLoginCode(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db.query('update login_codes set used_at = $2 where id = $1 and used_at is null returning id', [
    id,
    at,
  ]);
  return rows.length > 0;
}

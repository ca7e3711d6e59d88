import type { Queryable } from '../../db/db.ts';
import { sessionRevokedSql } from './auth.sql.ts';

export type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  date_of_birth: string;
  relationship_to_child: string;
  highest_education: string;
  race: string;
  ethnicity: string;
  role: string;
  created_at: Date;
  password_changed_at: Date;
  email_verified_at: Date | null;
  /** Set by an operator (issue 15): the account cannot sign in and its tokens are refused. */
  disabled_at: Date | null;
};

const USER_COLUMNS = `id, email, password_hash, first_name, last_name, phone_number,
  to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth,
  relationship_to_child, highest_education, race, ethnicity, role, created_at, password_changed_at, email_verified_at, disabled_at`;

export type NewUser = Omit<
  UserRow,
  'id' | 'role' | 'created_at' | 'password_changed_at' | 'email_verified_at' | 'disabled_at'
> & {
  role?: string;
  /** Created with its address already verified (the demo accounts). */
  email_verified?: boolean;
};

export const findUserByEmail = async (db: Queryable, email: string) =>
  (await db.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = lower($1)`, [email]))[0];

export const findUserById = async (db: Queryable, id: string) =>
  (await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]))[0];

/** Inserts a user; returns undefined when the e-mail is already taken (unique index), never throws for that. */
export async function insertUser(db: Queryable, u: NewUser, now: Date): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `insert into users (email, password_hash, first_name, last_name, phone_number, date_of_birth,
       relationship_to_child, highest_education, race, ethnicity, role, created_at, updated_at, password_changed_at,
       email_verified_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12, $12, case when $13::boolean then $12::timestamptz end)
     on conflict (lower(email)) do nothing
     returning ${USER_COLUMNS}`,
    [
      u.email,
      u.password_hash,
      u.first_name,
      u.last_name,
      u.phone_number,
      u.date_of_birth,
      u.relationship_to_child,
      u.highest_education,
      u.race,
      u.ethnicity,
      u.role ?? 'parent',
      now,
      u.email_verified ?? false,
    ],
  );
  return rows[0];
}

export async function updateUserProfile(
  db: Queryable,
  id: string,
  p: { first_name: string; last_name: string; phone_number: string },
) {
  return (
    await db.query<UserRow>(
      `update users set first_name = $2, last_name = $3, phone_number = $4, updated_at = now() where id = $1
         returning ${USER_COLUMNS}`,
      [id, p.first_name, p.last_name, p.phone_number],
    )
  )[0];
}

export async function updateUserPassword(db: Queryable, id: string, passwordHash: string, at: Date) {
  await db.query(
    `update users set password_hash = $2, password_changed_at = $3, updated_at = $3, password_change_recommended = false
      where id = $1`,
    [id, passwordHash, at],
  );
}

/** Records a successful sign-in (the console's "last sign-in"). */
/**
 * Records a sign-in, and whether the password it was made with falls short of today's rule for new passwords (a
 * legacy password: its owner is asked to choose a new one, issue 25).
 */
export async function markSignedIn(db: Queryable, id: string, at: Date, changeRecommended = false) {
  await db.query('update users set last_sign_in_at = $2, password_change_recommended = $3 where id = $1', [
    id,
    at,
    changeRecommended,
  ]);
}

/** Marks the address verified; false when it already was (a link used twice, or two at once). */
export async function markEmailVerified(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    'update users set email_verified_at = $2 where id = $1 and email_verified_at is null returning id',
    [id, at],
  );
  return rows.length === 1;
}

// Refresh tokens ---------------------------------------------------------------------------------------------

export type RefreshRow = {
  id: string;
  user_id: string;
  family_id: string;
  remember: boolean;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  /** Whether any token of its sign-in was revoked (a logout, or a reuse taken for theft): the sign-in is over. */
  family_revoked: boolean;
};

export async function insertRefreshToken(
  db: Queryable,
  t: { userId: string; familyId: string; hash: string; remember: boolean; expiresAt: Date },
) {
  await db.query(
    'insert into refresh_tokens (user_id, family_id, token_hash, remember, expires_at) values ($1, $2, $3, $4, $5)',
    [t.userId, t.familyId, t.hash, t.remember, t.expiresAt],
  );
}

export const findRefreshToken = async (db: Queryable, hash: string) =>
  (
    await db.query<RefreshRow>(
      `select t.id, t.user_id, t.family_id, t.remember, t.expires_at, t.rotated_at, t.revoked_at,
         ${sessionRevokedSql('t.family_id')} as family_revoked
       from refresh_tokens t where t.token_hash = $1`,
      [hash],
    )
  )[0];

/** Marks a token rotated only if nobody rotated it first; false means it was already used (reuse). */
export async function markRotated(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update refresh_tokens set rotated_at = $2 where id = $1 and rotated_at is null and revoked_at is null
       returning id`,
    [id, at],
  );
  return rows.length === 1;
}

export async function revokeFamily(db: Queryable, familyId: string, at: Date) {
  await db.query('update refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [
    familyId,
    at,
  ]);
}

export async function revokeAllForUser(db: Queryable, userId: string, at: Date) {
  await db.query('update refresh_tokens set revoked_at = $2 where user_id = $1 and revoked_at is null', [userId, at]);
}

// Password resets --------------------------------------------------------------------------------------------

export type ResetRow = {
  id: string;
  user_id: string | null;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  verified_at: Date | null;
  used_at: Date | null;
  superseded_at: Date | null;
};

const RESET_COLUMNS = 'id, user_id, code_hash, attempts, expires_at, verified_at, used_at, superseded_at';

/** Namespace of the per-address advisory locks (two-key form, apart from the migration lock's one-key space). */
const RESET_LOCK_NAMESPACE = 7_412_004;

/**
 * Voids every open code for this address and records the new one. Call it inside a transaction: the address's
 * advisory lock makes simultaneous requests take turns, so exactly one code stays live.
 */
export async function insertResetSession(
  db: Queryable,
  r: { id: string; userId: string | null; emailKey: string; codeHash: string; expiresAt: Date; now: Date },
) {
  await db.query('select pg_advisory_xact_lock($1, hashtext($2))', [RESET_LOCK_NAMESPACE, r.emailKey]);
  await db.query(
    'update password_resets set superseded_at = $2 where email_key = $1 and superseded_at is null and used_at is null',
    [r.emailKey, r.now],
  );
  await db.query(
    `insert into password_resets (id, user_id, email_key, code_hash, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
    [r.id, r.userId, r.emailKey, r.codeHash, r.expiresAt, r.now],
  );
}

/**
 * Replaces a live session's code (a code mail re-sent after its code was lost): only while the session is unused,
 * not superseded, for an account and not yet expired. Returns the account's first name for the new mail.
 */
export async function refreshResetCode(
  db: Queryable,
  id: string,
  r: { codeHash: string; now: Date; expiresAt: Date },
): Promise<{ first_name: string } | undefined> {
  const rows = await db.query<{ first_name: string }>(
    `update password_resets p set code_hash = $2, expires_at = $4, attempts = 0
       from users u
      where p.id = $1 and u.id = p.user_id and p.used_at is null and p.superseded_at is null
        and p.verified_at is null and p.expires_at > $3
      returning u.first_name`,
    [id, r.codeHash, r.now, r.expiresAt],
  );
  return rows[0];
}

export const findResetSession = async (db: Queryable, id: string) =>
  (
    await db.query<ResetRow & { email_key: string }>(
      `select ${RESET_COLUMNS}, email_key from password_resets where id = $1`,
      [id],
    )
  )[0];

/**
 * Takes one of the session's `max` attempts before a code is checked, atomically, so simultaneous guesses cannot
 * all slip past the limit. Returns the attempts made including this one, or null when none is left.
 */
export async function claimResetAttempt(db: Queryable, id: string, max: number): Promise<number | null> {
  const rows = await db.query<{ attempts: number }>(
    'update password_resets set attempts = attempts + 1 where id = $1 and attempts < $2 returning attempts',
    [id, max],
  );
  return rows[0]?.attempts ?? null;
}

export async function markResetVerified(db: Queryable, id: string, at: Date) {
  await db.query('update password_resets set verified_at = coalesce(verified_at, $2) where id = $1', [id, at]);
}

/** Claims a verified session for the one password change it allows; false if it was already used. */
export async function claimResetSession(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update password_resets set used_at = $2
       where id = $1 and used_at is null and superseded_at is null and verified_at is not null returning id`,
    [id, at],
  );
  return rows.length === 1;
}

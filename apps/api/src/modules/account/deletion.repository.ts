import type { Queryable } from '../../db/db.ts';

import { DEACTIVATED_HASH_PREFIX } from './deactivated.ts';

export { DEACTIVATED_HASH_PREFIX };

export type DeletionRow = {
  id: string;
  user_id: string | null;
  held_password_hash: string | null;
  requested_at: Date;
  purge_after: Date;
  status: 'pending' | 'cancelled' | 'purged';
};

const COLUMNS = 'id, user_id, held_password_hash, requested_at, purge_after, status';

/**
 * Records the deletion and swaps the user's password hash for an unusable one in one statement pair. Returns
 * undefined when a deletion is already pending for the user (the partial unique index).
 */
export async function insertDeletion(
  db: Queryable,
  d: { userId: string; heldHash: string; deactivatedHash: string; now: Date; purgeAfter: Date },
): Promise<DeletionRow | undefined> {
  const rows = await db.query<DeletionRow>(
    `insert into account_deletions (user_id, held_password_hash, requested_at, purge_after)
       values ($1, $2, $3, $4) on conflict do nothing returning ${COLUMNS}`,
    [d.userId, d.heldHash, d.now, d.purgeAfter],
  );
  if (!rows[0]) return undefined;
  await db.query('update users set password_hash = $2, updated_at = $3 where id = $1', [
    d.userId,
    d.deactivatedHash,
    d.now,
  ]);
  return rows[0];
}

export const findPendingForUser = async (db: Queryable, userId: string) =>
  (
    await db.query<DeletionRow>(`select ${COLUMNS} from account_deletions where user_id = $1 and status = 'pending'`, [
      userId,
    ])
  )[0];

export const findPending = async (db: Queryable, id: string) =>
  (
    await db.query<DeletionRow>(`select ${COLUMNS} from account_deletions where id = $1 and status = 'pending'`, [id])
  )[0];

/** Locks a pending deletion for the rest of the transaction; undefined when it is no longer pending. */
export const lockPending = async (db: Queryable, id: string) =>
  (
    await db.query<DeletionRow>(
      `select ${COLUMNS} from account_deletions where id = $1 and status = 'pending' for update`,
      [id],
    )
  )[0];

/** Cancels a pending deletion and gives the user their password hash back. */
export async function restore(db: Queryable, d: DeletionRow, now: Date) {
  await db.query(
    `update account_deletions set status = 'cancelled', cancelled_at = $2, held_password_hash = null where id = $1`,
    [d.id, now],
  );
  if (d.user_id && d.held_password_hash)
    await db.query('update users set password_hash = $2, updated_at = $3 where id = $1', [
      d.user_id,
      d.held_password_hash,
      now,
    ]);
}

/** A pending deletion of a user whose password was set again (a reset through the mailbox) ends: nothing to hold. */
export async function dropPendingForUser(db: Queryable, userId: string, now: Date) {
  await db.query(
    `update account_deletions set status = 'cancelled', cancelled_at = $2, held_password_hash = null
       where user_id = $1 and status = 'pending'`,
    [userId, now],
  );
}

/** Pending deletions whose time is up, oldest first, leaving out `skip` (ids this run already failed on). */
export const findDue = (db: Queryable, now: Date, limit: number, skip: string[]) =>
  db.query<DeletionRow>(
    `select ${COLUMNS} from account_deletions where status = 'pending' and purge_after <= $1
       and not (id::text = any($3)) order by purge_after limit $2`,
    [now, limit, skip],
  );

/** The Stripe Checkout sessions of a user: Stripe knows the customer each one made. */
export const stripeCheckoutIds = async (db: Queryable, userId: string) =>
  (
    await db.query<{ id: string }>(
      `select id from checkout_sessions where user_id = $1 and provider = 'stripe' order by created_at`,
      [userId],
    )
  ).map((r) => r.id);

export async function insertTombstone(db: Queryable, emailKey: string, now: Date) {
  await db.query(
    `insert into account_tombstones (email_key, trial_used, created_at) values ($1, true, $2)
       on conflict (email_key) do nothing`,
    [emailKey, now],
  );
}

export async function hasTombstone(db: Queryable, emailKey: string): Promise<boolean> {
  return (
    (await db.query('select 1 from account_tombstones where email_key = $1 and trial_used', [emailKey])).length > 0
  );
}

/**
 * A pseudonymous user row: holds an erased account's payment records. Nothing in it names anyone; its password
 * hash verifies nothing, and its address is on a reserved domain that cannot receive mail.
 */
export async function insertPseudonym(db: Queryable, id: string, role: string, now: Date) {
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, phone_number, date_of_birth,
       relationship_to_child, highest_education, race, ethnicity, role, created_at, updated_at, password_changed_at,
       erased_at)
     values ($1, $2, $3, '', '', '', '1900-01-01', '', '', '', '', $4, $5, $5, $5, $5)`,
    [id, `erased-${id}@erased.invalid`, `${DEACTIVATED_HASH_PREFIX}erased`, role, now],
  );
}

/**
 * Erases an account inside the caller's transaction: payments, subscriptions and checkouts move to the pseudonym
 * (active subscriptions end); everything else of the user goes, most of it through the user row's cascades
 * (sessions, password resets, appointments, preference sets, matches shown, favourites, saved-search alerts).
 */
export async function eraseAccount(db: Queryable, userId: string, email: string, pseudonymId: string, now: Date) {
  await db.query(
    `update subscriptions set status = 'cancelled', cancelled_at = $2, updated_at = $2
       where user_id = $1 and status in ('active', 'past_due')`,
    [userId, now],
  );
  for (const table of ['checkout_sessions', 'subscriptions', 'payments'])
    await db.query(`update ${table} set user_id = $2 where user_id = $1`, [userId, pseudonymId]);
  // Support's copy of each contact-form message goes with the message; mail about the account to others (the
  // clinic's booking mails) goes with the user row (about_user_id, on delete cascade; migration 052).
  await db.query(
    `delete from mail_messages where kind = 'contact_message'
       and (ref in (select id::text from contact_messages where lower(email) = lower($1))
            or strpos(lower(text_body), lower($1)) > 0)`,
    [email],
  );
  await db.query('delete from contact_messages where lower(email) = lower($1)', [email]);
  await db.query('delete from mail_messages where lower(to_address) = lower($1)', [email]);
  // Uploads: an image an article or team member used stays (the page needs it) without its uploader.
  await db.query('update media_images set uploaded_by = null where uploaded_by = $1 and last_used_at is not null', [
    userId,
  ]);
  await db.query('delete from media_images where uploaded_by = $1', [userId]);
  // The parent's family reports stay without them (on delete set null), each its own anonymous family: the caller
  // recounts the ledger's stored counts for those donors in this transaction (migration 105).
  await db.query('delete from users where id = $1', [userId]);
}

export async function markPurged(db: Queryable, id: string, receiptKey: string | null, now: Date) {
  await db.query(
    `update account_deletions set status = 'purged', purged_at = $2, held_password_hash = null, receipt_key = $3
       where id = $1`,
    [id, now, receiptKey],
  );
}

/** Deletes purge receipts that have been sent (or failed for good): the last rows holding an erased address. */
export async function dropSettledReceipts(db: Queryable): Promise<number> {
  const rows = await db.query<{ message_key: string }>(
    `delete from mail_messages where status in ('sent', 'failed')
       and message_key in (select receipt_key from account_deletions where receipt_key is not null)
     returning message_key`,
  );
  if (rows.length)
    await db.query('update account_deletions set receipt_key = null where receipt_key = any($1)', [
      rows.map((r) => r.message_key),
    ]);
  return rows.length;
}

/** The pseudonym row goes again when the account had no payment records to hold. */
export async function dropUnusedPseudonym(db: Queryable, id: string) {
  await db.query(
    `delete from users u where u.id = $1
       and not exists (select 1 from checkout_sessions where user_id = u.id)
       and not exists (select 1 from subscriptions where user_id = u.id)
       and not exists (select 1 from payments where user_id = u.id)`,
    [id],
  );
}

/**
 * Whether an admin outside `leaving` can still sign in (not disabled, not erased, not waiting for a purge). Every
 * admin row is locked in id order first, so two admins removing each other (or themselves) at once take turns, the
 * second seeing the first's change, instead of both going through or deadlocking; false when `leaving` would take
 * the last one.
 */
export async function lockOtherActiveAdmin(tx: Queryable, leaving: readonly string[]): Promise<boolean> {
  const admins = await tx.query<{ id: string; active: boolean }>(
    `select id, (disabled_at is null and erased_at is null
        and password_hash not like '${DEACTIVATED_HASH_PREFIX}%') as active
       from users where role = 'admin' order by id for update`,
  );
  return admins.some((a) => a.active && !leaving.includes(a.id));
}

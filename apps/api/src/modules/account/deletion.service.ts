import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { ACCOUNT_DELETION_GRACE_DAYS, DELETION_MSG } from '@kindred/shared/account-deletion';
import type { Db, Queryable } from '../../db/db.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { AppError, fieldError, notFound, unauthorized } from '../../lib/errors.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import { findUserById, type UserRow } from '../auth/users.service.ts';
import { endAllSessions } from '../auth/auth.service.ts';
import { verifyPassword } from '../auth/password.ts';
import type { MailService, QueuedMail } from '../mail/mail.service.ts';
import { hasUsedTrial } from '../subscriptions/subscriptions.service.ts';
import { accountPurgedMail, deletionCancelledMail, deletionScheduledMail } from './deletion.mail.ts';
import * as repo from './deletion.repository.ts';
import { pseudonymiseAuditUser } from '../audit/audit.service.ts';
import { liveReportRecords, refreshFamilyCounts } from '../family-ledger/family-counts.service.ts';

/**
 * Runs in the transaction that deactivates an account (the owner's request or the console's): what must stop at
 * once rather than at the purge (issue 25: shortlist sharing, visits ahead, manage links). Returns mail to send.
 */
export type DeactivationHook = (tx: Queryable, userId: string) => Promise<QueuedMail[] | void>;

/** Deletions purged per batch; a run goes on until none is due. */
const PURGE_BATCH = 50;

export type DeletionDeps = {
  db: Db;
  clock: Clock;
  limits: RateLimits;
  mail: MailService;
  /** Signs the cancel links and keys the tombstones (the server's JWT secret; purposes are kept apart). */
  secret: string;
  publicUrl: string;
  /** Tells every instance to close the user's realtime sockets (their tokens stop verifying). Required: without
   * it a deletion would leave the user's open sockets running. */
  events: Pick<EventBus, 'publish'>;
  /** Stripe, when configured: the customers a user's checkouts made are deleted there at the purge. */
  stripe?: Stripe;
  log?: FastifyBaseLogger;
};

/** The keyed hash of a normalised address that a tombstone stores (never the address). */
export function tombstoneKey(secret: string, email: string): string {
  const normalised = email.normalize('NFKC').trim().toLowerCase();
  return createHmac('sha256', secret).update(`account-tombstone:${normalised}`).digest('base64url');
}

/**
 * Account deletion (ADR 020): deactivate at once on the password, cancel within 7 days through a signed
 * single-use link, purge after that, keeping payments under a pseudonym and a tombstone against a second trial.
 */
export function createDeletionService(deps: DeletionDeps) {
  const { db, clock, mail } = deps;
  const deactivationHooks: DeactivationHook[] = [];

  /** Runs every deactivation hook in `tx`; the mails they wrote, for dispatch after the commit. */
  async function onDeactivated(tx: Queryable, userId: string): Promise<QueuedMail[]> {
    const queued: QueuedMail[] = [];
    for (const hook of deactivationHooks) queued.push(...((await hook(tx, userId)) ?? []));
    return queued;
  }

  const sign = (id: string) =>
    createHmac('sha256', deps.secret).update(`account-deletion-cancel:${id}`).digest('base64url');
  const cancelToken = (id: string) => `${id}.${sign(id)}`;

  /** The deletion id a cancel token names, when its signature is ours; null otherwise. */
  function idOfToken(token: string): string | null {
    const [id, mac, extra] = token.split('.');
    if (!id || !mac || extra !== undefined || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const want = Buffer.from(sign(id));
    const got = Buffer.from(mac);
    return want.length === got.length && timingSafeEqual(want, got) ? id : null;
  }

  /** The deactivation receipt with its cancel link (the token is withheld from the stored copy). */
  function scheduledMail(firstName: string, d: Pick<repo.DeletionRow, 'id' | 'purge_after'>) {
    const token = cancelToken(d.id);
    const url = `${deps.publicUrl}/account/restore?token=${encodeURIComponent(token)}`;
    return deletionScheduledMail(firstName, d.purge_after, { url, token });
  }

  // A receipt delivered after a restart (its in-memory copy gone) is rebuilt: the token derives from the deletion.
  mail.onRefresh('account_deletion_scheduled', async (id) => {
    const d = await repo.findPending(db, id);
    const user = d?.user_id ? await findUserById(db, d.user_id) : undefined;
    return d && user ? scheduledMail(user.first_name, d) : null;
  });

  /** Deletes the Stripe customers the user's Stripe checkouts created (deleting one ends its subscriptions). */
  async function deleteStripeCustomers(userId: string) {
    const stripe = deps.stripe;
    if (!stripe) return;
    const customers = new Set<string>();
    for (const id of await repo.stripeCheckoutIds(db, userId)) {
      const s = await stripe.checkout.sessions.retrieve(id).catch(ignoreMissing);
      const customer = typeof s?.customer === 'string' ? s.customer : s?.customer?.id;
      if (customer) customers.add(customer);
    }
    for (const c of customers) await stripe.customers.del(c).catch(ignoreMissing);
  }

  async function purgeOne(d: repo.DeletionRow, now: Date): Promise<QueuedMail | null> {
    if (d.user_id) await deleteStripeCustomers(d.user_id);
    return db.transaction(async (tx) => {
      const locked = await repo.lockPending(tx, d.id);
      if (!locked) return null;
      const user = locked.user_id ? await findUserById(tx, locked.user_id) : undefined;
      if (!user) {
        await repo.markPurged(tx, d.id, null, now);
        return null;
      }
      if (await hasUsedTrial(tx, user.id)) await repo.insertTombstone(tx, tombstoneKey(deps.secret, user.email), now);
      const pseudonym = randomUUID();
      await repo.insertPseudonym(tx, pseudonym, user.role, now);
      // The parent's family reports stay, each its own anonymous family: the ledger's stored counts follow.
      const reported = await liveReportRecords(tx, user.id);
      await repo.eraseAccount(tx, user.id, user.email, pseudonym, now);
      if (reported.length > 0) await refreshFamilyCounts(tx, reported);
      // The audit trail stays (ADR 022) under the same pseudonym: as actor and as target.
      await pseudonymiseAuditUser(tx, user.id, pseudonym);
      await repo.dropUnusedPseudonym(tx, pseudonym);
      const receipt = await mail.enqueue(tx, user.email, accountPurgedMail(), { key: `account-purged:${d.id}` });
      await repo.markPurged(tx, d.id, receipt?.key ?? null, now);
      return receipt;
    });
  }

  /**
   * Deactivation, the owner's and the operator's alike: the deletion row, every session ended, sockets closed on
   * every instance, the operator's audit row (`inTx`), what must stop at once (onDeactivate) and the mail with the
   * cancel link, in one transaction; the mails are sent after the commit.
   */
  async function deactivate(user: UserRow, inTx?: (tx: Queryable) => Promise<void>) {
    const now = clock.now();
    const purgeAfter = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    const notice = await db.transaction(async (tx) => {
      // The last active admin cannot leave: nobody could run the console or grant the role again (issue 15).
      if (user.role === 'admin' && !(await repo.lockOtherActiveAdmin(tx, [user.id])))
        throw new AppError('last_admin', DELETION_MSG.lastAdmin, 409);
      const deletion = await repo.insertDeletion(tx, {
        userId: user.id,
        heldHash: user.password_hash,
        deactivatedHash: `${repo.DEACTIVATED_HASH_PREFIX}${randomUUID()}`,
        now,
        purgeAfter,
      });
      if (!deletion) throw new AppError('conflict', DELETION_MSG.alreadyScheduled, 409);
      await endAllSessions(deps, tx, user.id, now);
      await inTx?.(tx);
      const others = await onDeactivated(tx, user.id);
      return [
        await mail.enqueue(tx, user.email, scheduledMail(user.first_name, deletion), { ref: deletion.id }),
        ...others,
      ];
    });
    mail.dispatch(...notice);
    return { purgeAfter };
  }

  return {
    /** Registers what deactivation must stop at once (services.ts: shortlist sharing, appointments). */
    onDeactivate(hook: DeactivationHook) {
      deactivationHooks.push(hook);
    },

    /** Deactivates the signed-in user's account on their password; the purge follows after the grace period. */
    async request(userId: string, password: string) {
      await deps.limits.consume('password_account', userId);
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password_hash, password)))
        throw fieldError('password', DELETION_MSG.passwordWrong);
      return deactivate(user);
    },

    /**
     * The operator console's "start account deletion" (issue 15): the same deactivation, grace and mailed cancel
     * link as the owner's own request, without their password; `inTx` writes the audit row in its transaction.
     */
    async requestByOperator(userId: string, inTx: (tx: Queryable) => Promise<void>) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound();
      return deactivate(user, inTx);
    },

    /** The cancel link: restores the account while the deletion is pending and its time has not run out. */
    async cancel(token: string) {
      const id = idOfToken(token);
      const now = clock.now();
      const restored =
        id &&
        (await db.transaction(async (tx) => {
          const d = await repo.lockPending(tx, id);
          if (!d?.user_id || d.purge_after.getTime() <= now.getTime()) return null;
          await repo.restore(tx, d, now);
          const user = await findUserById(tx, d.user_id);
          return (
            user && mail.enqueue(tx, user.email, deletionCancelledMail(user.first_name, `${deps.publicUrl}/login`))
          );
        }));
      if (!restored) throw new AppError('link_invalid', DELETION_MSG.cancelLinkInvalid, 400);
      mail.dispatch(restored);
    },

    /**
     * Sign-in refused for a wrong password: when the account waits for its purge and the password is its own,
     * say so (403) instead of "invalid email or password". A wrong password learns nothing.
     */
    async refuseIfScheduled(userId: string, password: string) {
      const d = await repo.findPendingForUser(db, userId);
      if (d?.held_password_hash && (await verifyPassword(d.held_password_hash, password)))
        throw new AppError('account_scheduled_for_deletion', DELETION_MSG.signInScheduled, 403);
    },

    /** True when a tombstone holds the user's address: a deleted account with that address used the trial. */
    async trialTombstoned(q: Queryable, userId: string) {
      const user = await findUserById(q, userId);
      return user ? repo.hasTombstone(q, tombstoneKey(deps.secret, user.email)) : false;
    },

    /** Purges every deletion whose grace period is over, then drops purge receipts already delivered. */
    async purgeDue(): Promise<number> {
      let purged = 0;
      const failed: string[] = [];
      for (;;) {
        const now = clock.now();
        const due = await repo.findDue(db, now, PURGE_BATCH, failed);
        for (const d of due) {
          try {
            mail.dispatch(await purgeOne(d, now));
            purged += 1;
          } catch (err) {
            // The others go on; this one stays pending and the job's retry (or next run) tries it again.
            failed.push(d.id);
            deps.log?.warn({ deletion: d.id, error: (err as Error).message }, 'purging a deleted account failed');
          }
        }
        if (due.length < PURGE_BATCH) break;
      }
      await mail.flush();
      await repo.dropSettledReceipts(db);
      if (failed.length) throw new Error(`${failed.length} account purge(s) failed; retrying later`);
      return purged;
    },
  };
}
export type DeletionService = ReturnType<typeof createDeletionService>;

/** Stripe's "no such object" (already deleted, or a session Stripe no longer has) is not a failure here. */
function ignoreMissing(err: unknown): undefined {
  if ((err as { code?: string })?.code === 'resource_missing') return undefined;
  throw err;
}

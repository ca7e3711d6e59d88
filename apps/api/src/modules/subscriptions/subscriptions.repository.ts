import type { UserRole } from '@kindred/shared';
import type { Queryable } from '../../db/db.ts';
import { sessionRevokedSql } from '../auth/auth.sql.ts';
import { entitledAt, inStripeRenewalGrace } from './entitlement.sql.ts';

/** SQL for subscriptions: which one entitles a user now, and their lifecycle (renewal, expiry, replacement). */

export type SubscriptionRow = {
  id: string;
  user_id: string;
  plan_id: string;
  plan_name: string;
  billing_cycle: string | null;
  duration_days: number;
  status: string;
  provider: string;
  provider_subscription_id: string | null;
  match_credits_total: number | null;
  match_credits_used: number;
  started_at: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  paid_months: number;
  /** What the subscriber pays each period: the price it was bought at (migration 032), not the plan's current one. */
  price: string;
  currency: string;
};
const SUB_SELECT = `select s.id, s.user_id, s.plan_id, p.name as plan_name, p.billing_cycle, p.duration_days,
  s.status, s.provider, s.price, s.currency,
  s.provider_subscription_id, s.match_credits_total, s.match_credits_used, s.started_at, s.current_period_end,
  s.cancel_at_period_end, s.paid_months from subscriptions s join plans p on p.id = s.plan_id`;

/** The user's current subscription: the newest that entitles them now (entitledAt). */
export const findCurrentSubscription = async (db: Queryable, userId: string, now: Date, stripeGraceMs: number) =>
  (
    await db.query<SubscriptionRow>(
      `${SUB_SELECT} where s.user_id = $1 and ${entitledAt('$2', '$3')}
     order by s.started_at desc limit 1`,
      [userId, now, new Date(now.getTime() - stripeGraceMs)],
    )
  )[0];

/**
 * A user's credentials (role, password hash, whether the sign-in `sid` has ended: what the auth guard checks a
 * token against) and the subscription that entitles them now (null when none), in one query: for signed-in routes
 * that need both on every request.
 */
export async function findUserWithSubscription(
  db: Queryable,
  userId: string,
  sid: string | null,
  now: Date,
  stripeGraceMs: number,
): Promise<
  { role: UserRole; password_hash: string; session_revoked: boolean; subscription: SubscriptionRow | null } | undefined
> {
  type Row = SubscriptionRow & {
    role: UserRole;
    password_hash: string;
    session_revoked: boolean;
    sub_id: string | null;
  };
  const rows = await db.query<Row>(
    `select u.role, u.password_hash, ${sessionRevokedSql('$4')} as session_revoked, e.id as sub_id, e.* from users u
     left join lateral (${SUB_SELECT} where s.user_id = u.id and ${entitledAt('$2', '$3')}
       order by s.started_at desc limit 1) e on true
     where u.id = $1 and u.disabled_at is null`,
    [userId, now, new Date(now.getTime() - stripeGraceMs), sid],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { role, password_hash, session_revoked, sub_id, ...subscription } = row;
  return {
    role,
    password_hash,
    session_revoked,
    subscription: sub_id === null ? null : { ...subscription, id: sub_id },
  };
}

export const findSubscriptionByProviderId = async (db: Queryable, providerSubscriptionId: string) =>
  (await db.query<SubscriptionRow>(`${SUB_SELECT} where s.provider_subscription_id = $1`, [providerSubscriptionId]))[0];

export const findSubscriptionByCheckout = async (db: Queryable, checkoutId: string) =>
  (await db.query<SubscriptionRow>(`${SUB_SELECT} where s.checkout_session_id = $1`, [checkoutId]))[0];

export async function hasUsedTrial(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from subscriptions s join plans p on p.id = s.plan_id
     where s.user_id = $1 and p.subscription_type = 'trial' limit 1`,
    [userId],
  );
  return rows.length > 0;
}

/**
 * Subscriptions the renewal and expiry job has to handle now, oldest first, at most `limit`: the period has ended
 * (by range: a period end stored with microseconds is due as soon as it has passed), a renewing Stripe one only
 * once its renewal grace is over too (renewalGraceMs; before that its invoice may still come), and none the job
 * put off after failing on it (due_retry_at).
 */
export const findDueSubscriptions = (db: Queryable, now: Date, stripeGraceMs: number, limit = 500) =>
  db.query<SubscriptionRow>(
    `${SUB_SELECT} where s.status in ('active', 'past_due') and s.current_period_end <= $1
       and (s.due_retry_at is null or s.due_retry_at <= $1)
       and not ${inStripeRenewalGrace('$2')}
     order by s.current_period_end limit $3`,
    [now, new Date(now.getTime() - stripeGraceMs), limit],
  );

/** Puts a due subscription the job failed on aside until `until`, so the next runs reach the rows after it. */
export async function deferDue(db: Queryable, id: string, until: Date): Promise<void> {
  await db.query('update subscriptions set due_retry_at = $2 where id = $1', [id, until]);
}

export async function setSubscriptionStatus(db: Queryable, id: string, status: string, now: Date, onlyIf?: string[]) {
  const rows = await db.query(
    `update subscriptions set status = $2, updated_at = $3
     where id = $1 ${onlyIf ? 'and status = any($4)' : ''} returning id`,
    onlyIf ? [id, status, now, onlyIf] : [id, status, now],
  );
  return rows.length === 1;
}

/**
 * Moves the period end forward only if nobody else has (several instances may run the same job). A past-due
 * subscription becomes active again; one that was cancelled, expired or replaced stays ended. `fromEnd` is the
 * period end as read, to the millisecond: the stored one may carry microseconds, so it is matched by range.
 */
export async function extendPeriod(db: Queryable, id: string, fromEnd: Date, toEnd: Date, now: Date) {
  const rows = await db.query(
    `update subscriptions set current_period_end = $3, status = 'active', paid_months = paid_months + 1,
       updated_at = $4, due_retry_at = null
     where id = $1 and current_period_end < $2::timestamptz + interval '1 millisecond'
       and status in ('active', 'past_due') returning id`,
    [id, fromEnd, toEnd, now],
  );
  return rows.length === 1;
}

/** Locks the user's row for the rest of the transaction: concurrent trial redemptions take turns. */
export async function lockUser(db: Queryable, userId: string): Promise<void> {
  await db.query('select id from users where id = $1 for update', [userId]);
}

/**
 * Marks the user's active or past-due subscriptions replaced; those billed by `provider` are flagged so their
 * billing is stopped there too. Returns the ids replaced.
 */
export function replaceActiveSubscriptions(
  db: Queryable,
  userId: string,
  now: Date,
  provider: string,
): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `update subscriptions set status = 'replaced', updated_at = $2,
       provider_cancel_pending = (provider = $3 and provider_subscription_id is not null)
     where user_id = $1 and status in ('active', 'past_due') returning id`,
    [userId, now, provider],
  );
}

export type NewSubscription = {
  userId: string;
  planId: string;
  checkoutId: string;
  provider: string;
  providerSubscriptionId: string | null;
  matchCredits: number | null;
  now: Date;
  periodEnd: Date;
  paidMonths: number;
  /** The price agreed at checkout (the session's amount); renewals charge it whatever the plan costs later. */
  price: string | number;
  currency: string;
};

/** An active subscription starting now; returns its id. */
export async function insertSubscription(db: Queryable, s: NewSubscription): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, provider_subscription_id,
       match_credits_total, started_at, current_period_end, paid_months, updated_at, price, currency)
     values ($1, $2, $3, 'active', $4, $5, $6, $7, $8, $9, $7, $10, $11) returning id`,
    [
      s.userId,
      s.planId,
      s.checkoutId,
      s.provider,
      s.providerSubscriptionId,
      s.matchCredits,
      s.now,
      s.periodEnd,
      s.paidMonths,
      s.price,
      s.currency,
    ],
  );
  return rows[0]!.id;
}

/** Replaced subscriptions whose billing at `provider` still has to be stopped (at most 100 at a time). */
export function findPendingProviderCancels(
  db: Queryable,
  provider: string,
): Promise<{ id: string; provider_subscription_id: string }[]> {
  return db.query<{ id: string; provider_subscription_id: string }>(
    `select id, provider_subscription_id from subscriptions
     where provider_cancel_pending and provider = $1 limit 100`,
    [provider],
  );
}

export async function clearProviderCancelPending(db: Queryable, id: string): Promise<void> {
  await db.query('update subscriptions set provider_cancel_pending = false where id = $1', [id]);
}

/** Stops the next renewal (access runs to the end of the period paid). */
export async function markCancelAtPeriodEnd(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    'update subscriptions set cancel_at_period_end = true, cancelled_at = $2, updated_at = $2 where id = $1',
    [id, now],
  );
}

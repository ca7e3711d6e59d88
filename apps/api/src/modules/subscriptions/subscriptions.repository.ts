import type { UserRole } from '@kindred/shared';
import type { Queryable } from '../../db/db.ts';
import { sessionRevokedSql } from '../auth/auth.sql.ts';
import { entitledAt, inStripeRenewalGrace } from './entitlement.sql.ts';

export type PlanRow = {
  id: string;
  name: string;
  subscription_type: string;
  plan_for: 'parent' | 'clinic';
  price: string;
  currency: string;
  billing_cycle: 'month' | 'year' | null;
  duration_days: number;
  match_credits: number | null;
  features: string[];
  most_popular: boolean;
  is_active: boolean;
  sort_order: number;
};
const PLAN_COLUMNS = `id, name, subscription_type, plan_for, price, currency, billing_cycle, duration_days,
  match_credits, features, most_popular, is_active, sort_order`;

export const listPlans = (db: Queryable, opts: { parentOnly: boolean }) =>
  db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from plans ${opts.parentOnly ? "where plan_for = 'parent' and is_active" : ''}
     order by sort_order, price`,
  );

export const findPlan = async (db: Queryable, id: string) =>
  (await db.query<PlanRow>(`select ${PLAN_COLUMNS} from plans where id = $1`, [id]))[0];

/** A plan read for a change, its row locked until the transaction ends (two admins editing take turns). */
export const findPlanForUpdate = async (db: Queryable, id: string) =>
  (await db.query<PlanRow>(`select ${PLAN_COLUMNS} from plans where id = $1 for update`, [id]))[0];

/** Subscriptions that are current (active or past due): who keeps paying the plan's price they bought at. */
const CURRENT_SUBSCRIBERS = `(select count(*)::int from subscriptions s
  where s.plan_id = plans.id and s.status in ('active', 'past_due'))`;

/** Every plan with its number of current subscribers (the operator console's list). */
export const listPlansWithSubscribers = (db: Queryable) =>
  db.query<PlanRow & { subscribers: number }>(
    `select ${PLAN_COLUMNS}, ${CURRENT_SUBSCRIBERS} as subscribers from plans order by sort_order, price, name`,
  );

export const countSubscribers = async (db: Queryable, planId: string) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from subscriptions where plan_id = $1 and status in ('active', 'past_due')`,
      [planId],
    )
  )[0]!.n;

/** No longer offered to new subscribers; current subscriptions go on at their own price. */
export const retirePlan = async (db: Queryable, id: string) =>
  (await db.query<PlanRow>(`update plans set is_active = false where id = $1 returning ${PLAN_COLUMNS}`, [id]))[0];

export type PlanWrite = Omit<PlanRow, 'id' | 'price' | 'currency' | 'sort_order'> & { price: number };
export async function insertPlan(db: Queryable, p: PlanWrite) {
  return (
    await db.query<PlanRow>(
      `insert into plans (name, subscription_type, plan_for, price, billing_cycle, duration_days, match_credits,
       features, most_popular, is_active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (name) do nothing returning ${PLAN_COLUMNS}`,
      [
        p.name,
        p.subscription_type,
        p.plan_for,
        p.price,
        p.billing_cycle,
        p.duration_days,
        p.match_credits,
        JSON.stringify(p.features),
        p.most_popular,
        p.is_active,
      ],
    )
  )[0];
}
export async function updatePlan(db: Queryable, id: string, p: PlanWrite) {
  return (
    await db.query<PlanRow>(
      `update plans set name = $2, subscription_type = $3, plan_for = $4, price = $5, billing_cycle = $6,
       duration_days = $7,
       match_credits = $8, features = $9, most_popular = $10, is_active = $11 where id = $1 returning ${PLAN_COLUMNS}`,
      [
        id,
        p.name,
        p.subscription_type,
        p.plan_for,
        p.price,
        p.billing_cycle,
        p.duration_days,
        p.match_credits,
        JSON.stringify(p.features),
        p.most_popular,
        p.is_active,
      ],
    )
  )[0];
}

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

export type PaymentRow = {
  id: string;
  created_at: Date;
  plan_id: string;
  plan_name: string;
  plan_price: string;
  currency: string;
  payment_status: string;
  kind: string;
};

export async function insertPayment(
  db: Queryable,
  p: {
    id: string;
    userId: string;
    subscriptionId: string | null;
    checkoutId: string | null;
    plan: Pick<PlanRow, 'id' | 'name' | 'currency'>;
    amount: string | number;
    status: string;
    provider: string;
    providerReference: string | null;
    kind: 'initial' | 'renewal';
    now: Date;
  },
) {
  const rows = await db.query<{ id: string }>(
    `insert into payments (id, user_id, subscription_id, checkout_session_id, plan_id, plan_name, plan_price,
       currency, payment_status, provider, provider_reference, kind, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) on conflict do nothing returning id`,
    [
      p.id,
      p.userId,
      p.subscriptionId,
      p.checkoutId,
      p.plan.id,
      p.plan.name,
      p.amount,
      p.plan.currency,
      p.status,
      p.provider,
      p.providerReference,
      p.kind,
      p.now,
    ],
  );
  return rows.length === 1;
}

export const listPayments = (db: Queryable, userId: string) =>
  db.query<PaymentRow>(
    `select id, created_at, plan_id, plan_name, plan_price, currency, payment_status, kind from payments
     where user_id = $1 order by created_at desc limit 200`,
    [userId],
  );

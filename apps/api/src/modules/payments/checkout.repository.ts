import type { Queryable } from '../../db/db.ts';

/** SQL for checkout sessions (checkout_sessions) and the Stripe events already handled (webhook_events). */

export type CheckoutRow = {
  id: string;
  user_id: string;
  plan_id: string;
  provider: string;
  amount: string;
  currency: string;
  status: string;
};

export type NewCheckoutSession = {
  id: string;
  userId: string;
  planId: string;
  provider: string;
  amount: string;
  currency: string;
  providerStatus: 'paid' | 'unpaid';
  now: Date;
};

export async function insertCheckoutSession(db: Queryable, s: NewCheckoutSession): Promise<void> {
  await db.query(
    `insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, provider_status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.id, s.userId, s.planId, s.provider, s.amount, s.currency, s.providerStatus, s.now],
  );
}

export async function findCheckoutSession(
  db: Queryable,
  id: string,
): Promise<(CheckoutRow & { provider_status: string }) | undefined> {
  const rows = await db.query<CheckoutRow & { provider_status: string }>(
    `select id, user_id, plan_id, provider, amount, currency, status, provider_status
       from checkout_sessions where id = $1`,
    [id],
  );
  return rows[0];
}

export async function checkoutSessionExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from checkout_sessions where id = $1', [id])).length > 0;
}

/** What the provider says about a session (the test provider keeps it in the row itself). */
export async function findProviderStatus(db: Queryable, id: string): Promise<string | undefined> {
  const rows = await db.query<{ provider_status: string }>(
    'select provider_status from checkout_sessions where id = $1',
    [id],
  );
  return rows[0]?.provider_status;
}

/** Completes an open session; only one caller ever gets the row back, so activation happens once. */
export async function completeOpenSession(db: Queryable, id: string, now: Date): Promise<CheckoutRow | undefined> {
  const rows = await db.query<CheckoutRow>(
    `update checkout_sessions set status = 'completed', provider_status = 'paid', completed_at = $2
     where id = $1 and status = 'open'
     returning id, user_id, plan_id, provider, amount, currency, status`,
    [id, now],
  );
  return rows[0];
}

/** A built-in test checkout session, with what its page shows. */
export type TestSessionView = {
  id: string;
  status: string;
  provider_status: string;
  amount: string;
  currency: string;
  plan_name: string;
  billing_cycle: string | null;
};

export async function findTestSession(db: Queryable, id: string): Promise<TestSessionView | undefined> {
  const rows = await db.query<TestSessionView>(
    `select c.id, c.status, c.provider_status, c.amount, c.currency, p.name as plan_name, p.billing_cycle
     from checkout_sessions c join plans p on p.id = c.plan_id where c.id = $1 and c.provider = 'test'`,
    [id],
  );
  return rows[0];
}

/** The test page's "confirm": marks an open, unpaid test session paid; false when it was not one. */
export async function markTestSessionPaid(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    `update checkout_sessions set provider_status = 'paid'
     where id = $1 and provider = 'test' and status = 'open' and provider_status = 'unpaid' returning id`,
    [id],
  );
  return rows.length > 0;
}

/** The test page's "cancel": cancels an open, unpaid test session (nothing otherwise). */
export async function cancelTestSession(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update checkout_sessions set provider_status = 'cancelled', status = 'cancelled'
     where id = $1 and provider = 'test' and status = 'open' and provider_status = 'unpaid'`,
    [id],
  );
}

export async function isWebhookEventSeen(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from webhook_events where id = $1', [id])).length > 0;
}

export async function recordWebhookEvent(db: Queryable, id: string, type: string, at: Date): Promise<void> {
  await db.query('insert into webhook_events (id, type, received_at) values ($1, $2, $3) on conflict do nothing', [
    id,
    type,
    at,
  ]);
}

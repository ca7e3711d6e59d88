import type { Queryable } from '../../db/db.ts';
import type { PlanRow } from './plans.repository.ts';

/** SQL for payment records: one row a charge (initial or renewal), written with its subscription's change. */

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

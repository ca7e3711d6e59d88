import type { Queryable } from '../../db/db.ts';

/** SQL for plans: the catalogue parents buy from and admins change (console plans, ADR 022). */

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

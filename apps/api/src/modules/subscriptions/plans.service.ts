import type { PlanDto } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { insertPlan, listPlans, updatePlan, type PlanRow, type PlanWrite } from './subscriptions.repository.ts';

/** A plan as clients see it (planDto): the price as a number. */
export const toPlanDto = (p: PlanRow): PlanDto => ({
  id: p.id,
  name: p.name,
  subscription_type: p.subscription_type,
  plan_for: p.plan_for,
  price: Number(p.price),
  currency: p.currency,
  billing_cycle: p.billing_cycle,
  duration_days: p.duration_days,
  match_credits: p.match_credits,
  features: p.features,
  most_popular: p.most_popular,
  is_active: p.is_active,
});

const duplicateName = () => conflict('A plan with this name already exists.');

/** The plan catalogue: what parents can buy, and its management by admins. */
export function createPlansService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Plans a parent can buy (clinic plans hidden), inactive ones included. */
    forParents: async () => (await listPlans(db, { parentOnly: true })).map(toPlanDto),
    /** Every plan, including clinic and inactive ones (admin). */
    all: async () => (await listPlans(db, { parentOnly: false })).map(toPlanDto),
    async create(input: PlanWrite): Promise<PlanDto> {
      const plan = await insertPlan(db, input);
      if (!plan) throw duplicateName();
      return toPlanDto(plan);
    },
    async update(id: string, input: PlanWrite): Promise<PlanDto> {
      const plan = await updatePlan(db, id, input).catch((err: { code?: string }) => {
        if (err.code === '23505') throw duplicateName();
        throw err;
      });
      if (!plan) throw notFound();
      return toPlanDto(plan);
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;

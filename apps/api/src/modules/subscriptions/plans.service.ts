import type { PlanDto } from '@kindred/shared';
import { PLAN_CONSOLE_MSG, type ConsolePlanDto } from '@kindred/shared/console-plans.schemas';
import type { Db } from '../../db/db.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import {
  countSubscribers,
  findPlanForUpdate,
  insertPlan,
  listPlans,
  listPlansWithSubscribers,
  retirePlan,
  updatePlan,
  type PlanRow,
  type PlanWrite,
} from './plans.repository.ts';

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

/** What the audit log keeps of a plan: its terms (the id is the row's target). */
const auditedPlan = ({ id: _id, ...terms }: PlanDto): Record<string, unknown> => terms;

/** 409, as the plans API has always answered a taken name. */
const duplicateName = () => conflict(PLAN_CONSOLE_MSG.duplicateName);

/**
 * The plan catalogue: what parents can buy, and its management by admins (the operator console, ADR 022). Every
 * change writes its audit row (`plan.create`, `plan.update`, `plan.retire`) in its own transaction. A price change
 * or a retirement applies to new subscribers only: a subscription renews at the price it was bought at
 * (subscriptions.price, migration 032).
 */
export function createPlansService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  return {
    /** Plans a parent can buy: parent plans that are offered (not retired). */
    forParents: async () => (await listPlans(db, { parentOnly: true })).map(toPlanDto),
    /** Every plan, including clinic and retired ones, with its current subscribers (admin). */
    all: async (): Promise<ConsolePlanDto[]> =>
      (await listPlansWithSubscribers(db)).map((p) => ({ ...toPlanDto(p), subscribers: p.subscribers })),

    create: (actor: AuditActor, input: PlanWrite): Promise<PlanDto> =>
      audit.change(actor, async (tx) => {
        const row = await insertPlan(tx, input);
        if (!row) throw duplicateName();
        const plan = toPlanDto(row);
        return {
          result: plan,
          audit: { action: 'plan.create', targetType: 'plan', targetId: plan.id, after: auditedPlan(plan) },
        };
      }),

    /**
     * Every field of a plan. The billing cycle of a plan with subscribers stays as it is: their renewals follow it,
     * so changing it would change what they pay (retire the plan and create another instead).
     */
    update: (actor: AuditActor, id: string, input: PlanWrite): Promise<PlanDto> =>
      audit.change(actor, async (tx) => {
        const current = await findPlanForUpdate(tx, id);
        if (!current) throw notFound();
        if (current.billing_cycle !== input.billing_cycle && (await countSubscribers(tx, id)) > 0)
          throw fieldError('billing_cycle', PLAN_CONSOLE_MSG.billingCycleLocked);
        const row = await updatePlan(tx, id, input).catch((err: { code?: string }) => {
          if (err.code === '23505') throw duplicateName();
          throw err;
        });
        if (!row) throw notFound();
        const before = toPlanDto(current);
        const plan = toPlanDto(row);
        return {
          result: plan,
          audit: {
            action: 'plan.update',
            targetType: 'plan',
            targetId: id,
            before: auditedPlan(before),
            after: auditedPlan(plan),
          },
        };
      }),

    /** No longer offered to new subscribers; current subscriptions keep renewing at their own price. */
    retire: (actor: AuditActor, id: string): Promise<PlanDto> =>
      audit.change(actor, async (tx) => {
        const current = await findPlanForUpdate(tx, id);
        if (!current) throw notFound();
        if (!current.is_active) throw conflict(PLAN_CONSOLE_MSG.alreadyRetired);
        const plan = toPlanDto((await retirePlan(tx, id))!);
        return {
          result: plan,
          audit: {
            action: 'plan.retire',
            targetType: 'plan',
            targetId: id,
            before: { is_active: true },
            after: { is_active: false },
          },
        };
      }),
  };
}
export type PlansService = ReturnType<typeof createPlansService>;

import { z } from 'zod';
import { planDto } from './plans.ts';

/**
 * The operator console's plans (issue 15, ADR 022): every plan with how many subscribers it has now (active or
 * past due). A price change or a retirement applies to new subscribers only: each subscription keeps the price it
 * was bought at.
 */
export const consolePlanDto = planDto.extend({
  /** Subscriptions of this plan that are active or past due now. */
  subscribers: z.number().int(),
});
export type ConsolePlanDto = z.infer<typeof consolePlanDto>;

export const consolePlanListResponse = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(consolePlanDto),
});
export type ConsolePlanListResponse = z.infer<typeof consolePlanListResponse>;

export const PLAN_CONSOLE_MSG = {
  alreadyRetired: 'This plan is already retired.',
  billingCycleLocked:
    'This plan has subscribers, so its billing cycle cannot change. Retire it and create a new plan instead.',
  duplicateName: 'A plan with this name already exists.',
} as const;

import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { z } from 'zod';
import { planInput, type PlanDto, type PlanInput } from '@kindred/shared';

/** The plan form's fields as typed (numbers may be '' while empty; features one per line). */
export type PlanFormValues = {
  name: string;
  subscription_type: string;
  plan_for: 'parent' | 'clinic';
  price: number | string;
  billing_cycle: 'one_time' | 'month' | 'year';
  duration_days: number | string;
  match_credits: number | string;
  features: string;
  most_popular: boolean;
  is_active: boolean;
};
export type PlanField = keyof PlanFormValues;
export const PLAN_FIELDS: readonly PlanField[] = [
  'name',
  'subscription_type',
  'plan_for',
  'price',
  'billing_cycle',
  'duration_days',
  'match_credits',
  'features',
  'most_popular',
  'is_active',
];

export const emptyPlanForm = (): PlanFormValues => ({
  name: '',
  subscription_type: '',
  plan_for: 'parent',
  price: '',
  billing_cycle: 'month',
  duration_days: 30,
  match_credits: '',
  features: '',
  most_popular: false,
  is_active: true,
});

export const planFormFrom = (p: PlanDto): PlanFormValues => ({
  name: p.name,
  subscription_type: p.subscription_type,
  plan_for: p.plan_for,
  price: p.price,
  billing_cycle: p.billing_cycle ?? 'one_time',
  duration_days: p.duration_days,
  match_credits: p.match_credits ?? '',
  features: p.features.join('\n'),
  most_popular: p.most_popular,
  is_active: p.is_active,
});

const numberOrUndefined = (v: number | string) => (v === '' ? undefined : Number(v));

/** The request body: empty credits mean unlimited (null); one feature per non-empty line. */
export function toPlanInput(v: PlanFormValues): PlanInput {
  return {
    name: v.name.trim(),
    subscription_type: v.subscription_type.trim(),
    plan_for: v.plan_for,
    price: numberOrUndefined(v.price) as number,
    billing_cycle: v.billing_cycle === 'one_time' ? null : v.billing_cycle,
    duration_days: numberOrUndefined(v.duration_days) as number,
    match_credits: v.match_credits === '' ? null : Number(v.match_credits),
    features: v.features
      .split('\n')
      .map((f) => f.trim())
      .filter((f) => f !== ''),
    most_popular: v.most_popular,
    is_active: v.is_active,
  };
}

const planFormSchema = z.preprocess((values) => toPlanInput(values as PlanFormValues), planInput);
const resolve = schemaResolver(planFormSchema, { sync: true });

/** The form's `validate`: the server's schema and messages; a message about one feature line shows under Features. */
export function validatePlanForm(values: PlanFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [key, message] of Object.entries(resolve(values))) {
    const field = key.startsWith('features.') ? 'features' : key;
    errors[field] ??= message;
  }
  return errors;
}

import { z } from 'zod';

export * from './plan-catalogue.ts';

export const planDto = z.object({
  id: z.string(),
  name: z.string(),
  subscription_type: z.string(),
  plan_for: z.enum(['parent', 'clinic']),
  price: z.number(),
  currency: z.string(),
  billing_cycle: z.enum(['month', 'year']).nullable(),
  duration_days: z.number().int(),
  match_credits: z.number().int().nullable(),
  features: z.array(z.string()),
  most_popular: z.boolean(),
  is_active: z.boolean(),
});
export type PlanDto = z.infer<typeof planDto>;

export const planListResponse = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(planDto),
});

/** Admin plan create/update. Prices in dollars with at most two decimals; every message names the field's rule. */
export const planInput = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(3, { error: 'Name is required.' })
    .max(80, { error: 'Name must be at most 80 characters.' }),
  subscription_type: z
    .string({ error: 'Type is required.' })
    .trim()
    .min(1, { error: 'Type is required.' })
    .max(40, { error: 'Type must be at most 40 characters.' }),
  plan_for: z.enum(['parent', 'clinic'], { error: 'Choose who the plan is for.' }).default('parent'),
  price: z
    .number({ error: 'Price must be a number.' })
    .min(0, { error: 'Price cannot be negative.' })
    .max(100_000, { error: 'Price must be at most 100,000.' })
    .multipleOf(0.01, { error: 'Price can have at most two decimals.' }),
  billing_cycle: z.enum(['month', 'year'], { error: 'Choose monthly, yearly or one-time.' }).nullable().default(null),
  duration_days: z
    .number({ error: 'Duration must be a number of days.' })
    .int({ error: 'Duration must be a whole number of days.' })
    .min(1, { error: 'Duration must be at least 1 day.' })
    .max(3660, { error: 'Duration must be at most 3,660 days.' }),
  match_credits: z
    .number({ error: 'Match credits must be a number.' })
    .int({ error: 'Match credits must be a whole number.' })
    .min(0, { error: 'Match credits cannot be negative.' })
    .max(10_000, { error: 'Match credits must be at most 10,000.' })
    .nullable()
    .default(null),
  features: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'A feature cannot be empty.' })
        .max(200, { error: 'A feature must be at most 200 characters.' }),
    )
    .max(20, { error: 'A plan can list at most 20 features.' })
    .default([]),
  most_popular: z.boolean().default(false),
  is_active: z.boolean().default(true),
});
export type PlanInput = z.infer<typeof planInput>;

/** Only the plan is chosen by the client; the price always comes from the server's plan record. */
export const checkoutRequest = z.object({
  plan_id: z.uuid({ error: 'Choose a valid plan.' }),
  skip_trial: z.boolean().optional(),
});
export const checkoutResponse = z.object({ sessionId: z.string(), url: z.string() });
export const verifyCheckoutRequest = z.object({
  session_id: z
    .string({ error: 'session_id is required.' })
    .trim()
    .min(1, { error: 'session_id is required.' })
    .max(300),
});

export const entitlementDto = z.object({
  active: z.boolean(),
  status: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  match_credits_total: z.number().nullable(),
  match_credits_used: z.number(),
  match_credits_remaining: z.number().nullable(),
  matches_shown: z.number().nullable(),
  started_at: z.string(),
  current_period_end: z.string(),
  renews: z.boolean(),
  cancel_at_period_end: z.boolean(),
  counterfactuals: z.boolean(),
  /** Granted in the console at no charge (issue 25): shown to the parent as a complimentary plan; never renews. */
  complimentary: z.boolean(),
});
export type EntitlementDto = z.infer<typeof entitlementDto>;

export const paymentDto = z.object({
  id: z.string(),
  created_at: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  plan_price: z.number(),
  currency: z.string(),
  payment_status: z.string(),
  kind: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

/** :id of a plan in the admin routes: a malformed id reads as not found. */
export const planIdParams = z.object({ id: z.uuid({ error: 'Not found.' }) });

/** GET subscriptions/me/: the current plan, or null with the message to subscribe. */
export const mySubscriptionResponse = z.object({
  success: z.literal(true),
  subscription: entitlementDto.nullable(),
  message: z.string(),
});
export type MySubscriptionResponse = z.infer<typeof mySubscriptionResponse>;

/** POST subscriptions/cancel/ and POST payments/create-checkout-session/verify/: the plan as it is now. */
export const subscriptionChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: entitlementDto,
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponse>;

/** GET payments/: the parent's payments, newest first. */
export const paymentListResponse = z.object({ success: z.literal(true), payments: z.array(paymentDto) });
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

/** GET parent/transactions/: plan purchases; data[0] is the current plan when one is active. */
export const transactionListResponse = z.object({
  message: z.string(),
  data: z.array(paymentDto.extend({ active: z.boolean() })),
});
export type TransactionListResponse = z.infer<typeof transactionListResponse>;

export const PAYMENT_MSG = {
  initiated: 'Payment initiated successfully! Redirecting...',
  initiateFailed: 'Failed to initiate payment.',
  failed: 'Payment failed. Please try again.',
  verified: 'Payment successful! Redirecting to donor matches...',
  verifyFailed: 'Payment verification failed. Please contact support.',
  notCompleted: 'This payment has not been completed.',
  trialUsed: 'The free trial can be used once per account.',
  planUnavailable: 'This plan is not available.',
  noSubscription: "You don't have an active subscription. Subscribe to unlock premium features.",
  cancelled: 'Your subscription will not renew. You keep access until the end of the period you paid for.',
} as const;

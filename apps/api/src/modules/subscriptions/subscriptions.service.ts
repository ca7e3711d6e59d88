/**
 * Other modules' way to subscriptions and payments rows (issue 27): the subscriptions repository is private to this
 * module, so checkout, the Stripe webhooks, matching, deletion and the console call these. Each takes the caller's
 * `db` or transaction handle first, as the repository does, so a caller's transaction (`tx`) carries through.
 */
import * as payments from './payment-records.repository.ts';
import * as plans from './plans.repository.ts';
import * as repo from './subscriptions.repository.ts';

export type { PaymentRow } from './payment-records.repository.ts';
export type { PlanRow } from './plans.repository.ts';
export type { NewSubscription, SubscriptionRow } from './subscriptions.repository.ts';

export const findPlan: typeof plans.findPlan = (...args) => plans.findPlan(...args);
export const findUserWithSubscription: typeof repo.findUserWithSubscription = (...args) =>
  repo.findUserWithSubscription(...args);
export const findSubscriptionByProviderId: typeof repo.findSubscriptionByProviderId = (...args) =>
  repo.findSubscriptionByProviderId(...args);
export const findSubscriptionByCheckout: typeof repo.findSubscriptionByCheckout = (...args) =>
  repo.findSubscriptionByCheckout(...args);
export const hasUsedTrial: typeof repo.hasUsedTrial = (...args) => repo.hasUsedTrial(...args);
export const findDueSubscriptions: typeof repo.findDueSubscriptions = (...args) => repo.findDueSubscriptions(...args);
export const deferDue: typeof repo.deferDue = (...args) => repo.deferDue(...args);
export const setSubscriptionStatus: typeof repo.setSubscriptionStatus = (...args) =>
  repo.setSubscriptionStatus(...args);
export const extendPeriod: typeof repo.extendPeriod = (...args) => repo.extendPeriod(...args);
export const lockUser: typeof repo.lockUser = (...args) => repo.lockUser(...args);
export const replaceActiveSubscriptions: typeof repo.replaceActiveSubscriptions = (...args) =>
  repo.replaceActiveSubscriptions(...args);
export const insertSubscription: typeof repo.insertSubscription = (...args) => repo.insertSubscription(...args);
export const findPendingProviderCancels: typeof repo.findPendingProviderCancels = (...args) =>
  repo.findPendingProviderCancels(...args);
export const clearProviderCancelPending: typeof repo.clearProviderCancelPending = (...args) =>
  repo.clearProviderCancelPending(...args);
export const markCancelAtPeriodEnd: typeof repo.markCancelAtPeriodEnd = (...args) =>
  repo.markCancelAtPeriodEnd(...args);
export const insertPayment: typeof payments.insertPayment = (...args) => payments.insertPayment(...args);
export const listPayments: typeof payments.listPayments = (...args) => payments.listPayments(...args);

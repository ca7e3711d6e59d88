import { describe, expect, it } from 'vitest';
import { FALLBACK_PLAN_FEATURES, PLAN_NAMES, type EntitlementDto, type PlanDto } from '@kindred/shared';
import {
  buyButtonLabel,
  creditsLabel,
  isMostPopular,
  periodLabel,
  planCardState,
  planFeatures,
  planPriceLabel,
  planTitle,
} from './plan-display.ts';

const plan = (over: Partial<PlanDto> = {}): PlanDto => ({
  id: 'p1',
  name: PLAN_NAMES.starter,
  subscription_type: 'starter',
  plan_for: 'parent',
  price: 129,
  currency: 'usd',
  billing_cycle: null,
  duration_days: 90,
  match_credits: 3,
  features: ['3 match credits'],
  most_popular: false,
  is_active: true,
  ...over,
});

const entitlement = (over: Partial<EntitlementDto> = {}): EntitlementDto => ({
  active: true,
  status: 'active',
  plan_id: 'p1',
  plan_name: PLAN_NAMES.starter,
  match_credits_total: 3,
  match_credits_used: 1,
  match_credits_remaining: 2,
  matches_shown: 3,
  started_at: '2026-03-01T12:00:00.000Z',
  current_period_end: '2026-05-30T12:00:00.000Z',
  renews: false,
  cancel_at_period_end: false,
  counterfactuals: false,
  complimentary: false,
  ...over,
});

describe('plan titles and prices', () => {
  it.each([
    [PLAN_NAMES.trial, 'Trial'],
    [PLAN_NAMES.starter, 'Starter'],
    [PLAN_NAMES.premium, 'Premium'],
    ['Standard', 'Standard'],
    ['(odd)', '(odd)'],
  ])('%s is titled %s', (name, title) => expect(planTitle(name)).toBe(title));

  it.each([
    [{ price: 129, currency: 'usd', billing_cycle: null }, '$129 one-time'],
    [{ price: 149, currency: 'usd', billing_cycle: 'month' }, '$149 / month'],
    [{ price: 1200, currency: 'usd', billing_cycle: 'year' }, '$1,200 / year'],
    [{ price: 0, currency: 'usd', billing_cycle: null }, 'Free one-time'],
    [{ price: 12.5, currency: 'usd', billing_cycle: 'month' }, '$12.50 / month'],
    [{ price: 129, currency: 'eur', billing_cycle: null }, '€129 one-time'],
    [{ price: 99.9, currency: 'GBP', billing_cycle: 'year' }, '£99.90 / year'],
  ] as const)('%o reads %s', (p, label) => expect(planPriceLabel(p)).toBe(label));

  it('names the price in the plan currency on the BUY NOW button', () => {
    expect(buyButtonLabel(plan({ name: 'Standard', price: 99, currency: 'eur', billing_cycle: 'month' }))).toBe(
      'BUY NOW: Standard (€99 / month)',
    );
  });
});

describe('Most Popular badge (spec section 2: Starter and Standard)', () => {
  it('follows the server flag (Starter)', () => {
    expect(isMostPopular(plan({ most_popular: true }))).toBe(true);
    expect(isMostPopular(plan({ name: PLAN_NAMES.premium }))).toBe(false);
  });
  it('always marks a plan named Standard, in any case and with a price in brackets', () => {
    expect(isMostPopular(plan({ name: 'Standard' }))).toBe(true);
    expect(isMostPopular(plan({ name: 'standard ($99 / month)' }))).toBe(true);
    expect(isMostPopular(plan({ name: 'Standard Plus' }))).toBe(false);
  });
});

describe('plan features', () => {
  it('uses the plan’s own features', () => {
    expect(planFeatures(plan({ features: ['A', 'B'] }))).toEqual(['A', 'B']);
  });
  it.each(['free', 'Basic', 'STANDARD'])('falls back to the spec texts for a plan named %s', (name) => {
    expect(planFeatures(plan({ name, subscription_type: 'x', features: [] }))).toEqual(
      FALLBACK_PLAN_FEATURES[name.toLowerCase()],
    );
  });
  it('is empty for an unknown plan without features', () => {
    expect(planFeatures(plan({ name: 'Gold', subscription_type: 'gold', features: [] }))).toEqual([]);
  });
});

describe('BUY NOW accessible name', () => {
  it('names the plan with its price', () => {
    expect(buyButtonLabel(plan())).toBe('BUY NOW: Starter ($129 one-time)');
    expect(buyButtonLabel(plan({ name: PLAN_NAMES.premium, price: 149, billing_cycle: 'month' }))).toBe(
      'BUY NOW: Premium ($149 / month)',
    );
  });
  it('adds the price when the name lacks it', () => {
    expect(buyButtonLabel(plan({ name: 'Standard', price: 99, billing_cycle: 'month' }))).toBe(
      'BUY NOW: Standard ($99 / month)',
    );
  });
});

describe('plan card state', () => {
  it('offers every plan to a parent without a plan', () => {
    expect(planCardState(plan(), null)).toEqual({ current: false, canBuy: true });
  });
  it('marks the current plan and does not sell it again while it has credits left', () => {
    expect(planCardState(plan(), entitlement())).toEqual({ current: true, canBuy: false });
    expect(planCardState(plan({ id: 'p2' }), entitlement())).toEqual({ current: false, canBuy: true });
  });
  it('sells a one-time plan again once its credits are spent', () => {
    expect(planCardState(plan(), entitlement({ match_credits_remaining: 0 }))).toEqual({ current: true, canBuy: true });
  });
  it('does not sell a renewing or cancelled-but-running plan again', () => {
    const premium = { match_credits_total: null, match_credits_remaining: null };
    expect(planCardState(plan(), entitlement({ ...premium, renews: true }))).toEqual({ current: true, canBuy: false });
    expect(planCardState(plan(), entitlement({ ...premium, cancel_at_period_end: true }))).toEqual({
      current: true,
      canBuy: false,
    });
  });
  it('treats an ended plan as no plan', () => {
    expect(planCardState(plan(), entitlement({ active: false, status: 'expired' }))).toEqual({
      current: false,
      canBuy: true,
    });
  });
});

describe('current plan summary', () => {
  it('counts credits, or says unlimited', () => {
    expect(creditsLabel(entitlement())).toBe('2 of 3 match credits left');
    expect(creditsLabel(entitlement({ match_credits_total: 1, match_credits_remaining: 1 }))).toBe(
      '1 of 1 match credit left',
    );
    expect(creditsLabel(entitlement({ match_credits_total: null, match_credits_remaining: null }))).toBe(
      'Unlimited matches',
    );
  });
  it('gives the renewal or end date as MMM DD YYYY', () => {
    expect(periodLabel(entitlement({ renews: true }))).toBe('Renews on May 30 2026');
    expect(periodLabel(entitlement())).toBe('Expires on May 30 2026');
    expect(periodLabel(entitlement({ cancel_at_period_end: true }))).toBe(
      'Cancelled: access until May 30 2026, no further charges',
    );
    expect(periodLabel(entitlement({ active: false }))).toBe('Ended on May 30 2026');
    expect(periodLabel(entitlement({ complimentary: true }))).toBe(
      'Complimentary plan, no charge: access until May 30 2026',
    );
  });
});

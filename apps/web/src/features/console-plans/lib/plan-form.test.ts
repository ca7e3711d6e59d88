import { describe, expect, it } from 'vitest';
import { emptyPlanForm, planFormFrom, toPlanInput, validatePlanForm } from './plan-form.ts';

describe('plan form', () => {
  it('shows the server’s messages under the fields', () => {
    expect(validatePlanForm({ ...emptyPlanForm(), name: 'Gold', subscription_type: 'gold', price: -1 })).toEqual({
      price: 'Price cannot be negative.',
    });
    expect(validatePlanForm({ ...emptyPlanForm(), name: 'Gold', subscription_type: 'gold', price: '' })).toEqual({
      price: 'Price must be a number.',
    });
    expect(
      validatePlanForm({
        ...emptyPlanForm(),
        name: 'Gold',
        subscription_type: 'gold',
        price: 5,
        features: 'x'.repeat(201),
      }),
    ).toEqual({ features: 'A feature must be at most 200 characters.' });
  });

  it('sends empty credits as unlimited, one-time as no billing cycle, and features one per line', () => {
    const body = toPlanInput({
      ...emptyPlanForm(),
      name: ' Gold ',
      subscription_type: 'gold',
      price: 12.5,
      billing_cycle: 'one_time',
      features: 'First\n\n  Second  \n',
    });
    expect(body).toMatchObject({
      name: 'Gold',
      price: 12.5,
      billing_cycle: null,
      match_credits: null,
      features: ['First', 'Second'],
    });
    const plan = { id: 'p', currency: 'usd', ...body, match_credits: 3 };
    expect(toPlanInput(planFormFrom(plan))).toEqual({ ...body, match_credits: 3 });
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_RENEWAL_GRACE_MS, toEntitlement } from '../src/modules/subscriptions/entitlements.ts';
import {
  findCurrentSubscription,
  findDueSubscriptions,
  findSubscriptionByCheckout,
} from '../src/modules/subscriptions/subscriptions.repository.ts';
import { findProfileRow } from '../src/modules/profile/profile.repository.ts';
import { quickParents } from './appointments-helpers.ts';
import { createTestContext, type TestContext } from './harness.ts';

/**
 * Issue 27, "one home per rule": whether a subscription entitles its holder is decided in SQL (entitlement.sql.ts:
 * which subscription is current, the profile's `subscription`, the renewal job's due list) and, for a row already in
 * memory, by `toEntitlement`. Every kind of row is put through all three here, so the two cannot drift apart.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PROVIDERS = ['test', 'stripe', 'complimentary'] as const;
const STATUSES = ['active', 'past_due', 'cancelled'] as const;
// Ahead; just past (inside Stripe's renewal grace); past the grace.
const ENDS = [DAY, -HOUR, -(STRIPE_RENEWAL_GRACE_MS + HOUR)] as const;

type Case = {
  provider: (typeof PROVIDERS)[number];
  renews: boolean;
  status: (typeof STATUSES)[number];
  cancel: boolean;
  end: number;
};
const CASES: Case[] = PROVIDERS.flatMap((provider) =>
  [true, false].flatMap((renews) =>
    STATUSES.flatMap((status) =>
      [false, true].flatMap((cancel) => ENDS.map((end) => ({ provider, renews, status, cancel, end }))),
    ),
  ),
);

describe('the entitlement rule, in SQL and in memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('agree on every kind of subscription: current, active in the profile, and due for the renewal job', async () => {
    const now = ctx.clock.now();
    const plans = await ctx.db.query<{ id: string; billing_cycle: string | null }>(
      "select id, billing_cycle from plans where plan_for = 'parent' and is_active order by sort_order",
    );
    const renewing = plans.find((p) => p.billing_cycle !== null)!;
    const oneOff = plans.find((p) => p.billing_cycle === null)!;
    expect(renewing && oneOff).toBeTruthy();
    const users = await quickParents(ctx, CASES.length);
    const rows = [];
    for (const [i, c] of CASES.entries()) {
      const user = users[i]!;
      const plan = c.renews ? renewing : oneOff;
      const checkout = `cs_rule_${randomBytes(6).toString('hex')}`;
      await ctx.db.query(
        `insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, status, provider_status,
           created_at, completed_at)
         values ($1, $2, $3, $4, 149, 'usd', 'completed', 'paid', $5, $5)`,
        [checkout, user.id, plan.id, c.provider, new Date(now.getTime() - 40 * DAY)],
      );
      await ctx.db.query(
        `insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, started_at,
           current_period_end, cancel_at_period_end, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $6)`,
        [
          user.id,
          plan.id,
          checkout,
          c.status,
          c.provider,
          new Date(now.getTime() - 40 * DAY),
          new Date(now.getTime() + c.end),
          c.cancel,
        ],
      );
      rows.push({ c, user, row: (await findSubscriptionByCheckout(ctx.db, checkout))! });
    }
    const due = new Set((await findDueSubscriptions(ctx.db, now, STRIPE_RENEWAL_GRACE_MS, 1000)).map((r) => r.id));

    const disagreements: string[] = [];
    let entitled = 0;
    for (const { c, user, row } of rows) {
      const inMemory = toEntitlement(row, now).active;
      const current = (await findCurrentSubscription(ctx.db, user.id, now, STRIPE_RENEWAL_GRACE_MS))?.id === row.id;
      // GET profile's one-statement read (the plan looked up only when the grace applies): the same answer.
      const profile = (await findProfileRow(ctx.db, user.id, null, now, STRIPE_RENEWAL_GRACE_MS))!.subscribed;
      // The job takes every active or past-due subscription at its end that does not entitle (a past-due one never
      // does); nothing else.
      const shouldBeDue = (c.status === 'active' || c.status === 'past_due') && c.end < 0 && !inMemory;
      if (current !== inMemory || profile !== inMemory || due.has(row.id) !== shouldBeDue)
        disagreements.push(
          `${JSON.stringify(c)}: sql ${current}, profile ${profile}, memory ${inMemory}, due ${due.has(row.id)}`,
        );
      if (inMemory) entitled += 1;
    }
    expect(disagreements).toEqual([]);
    // The table covers both answers, and a renewing Stripe subscription just past its end is inside the grace.
    expect(entitled).toBeGreaterThan(0);
    expect(entitled).toBeLessThan(CASES.length);
    const graceRow = rows.find(
      ({ c }) => c.provider === 'stripe' && c.renews && c.status === 'active' && !c.cancel && c.end === -HOUR,
    )!;
    expect(toEntitlement(graceRow.row, now).active).toBe(true);
  });
});

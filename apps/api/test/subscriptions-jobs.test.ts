import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG, PLAN_NAMES } from '@kindred/shared';
import { bearer, createTestContext, verifiedParent, type TestContext } from './harness.ts';
import {
  buyWithTestCheckout,
  createCheckout,
  entitlement,
  paymentRows,
  payments,
  planIds,
  profileSubscribed,
  receiptsTo,
  subscriptionRows,
  wideRates,
  type Parent,
} from './payments-helpers.ts';

/**
 * Entitlements over time and the scheduled renewal/expiry job (services.checkout.runDueJobs(), which
 * jobs/subscription-renewals.job.ts runs), driven by the injected clock. One app and database for the file (a
 * PGlite start is slow): the clock only moves forward, each test starts later than the last one ended, and
 * afterEach retires whatever subscription a test left
 * running, so the job's counts in a test are that test's own.
 */
describe('entitlements and subscription jobs at their boundaries', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    plans = await planIds(ctx.db);
  });
  afterEach(async () => {
    await ctx.db.query("update subscriptions set status = 'expired' where status in ('active', 'past_due')");
  });
  afterAll(async () => ctx.close());

  /** Moves the clock to `iso`, never backwards. */
  function at(iso: string) {
    const d = new Date(iso);
    if (d.getTime() < ctx.clock.now().getTime()) throw new Error(`the clock may not go back to ${iso}`);
    ctx.clock.set(d);
  }
  const startAt = at;
  const jobs = () => ctx.services.checkout.runDueJobs();
  /** Access tokens live 15 minutes; after moving the clock, sign in again as a returning user would. */
  async function signIn(p: Parent): Promise<string> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: p.email, password: p.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().tokens.access;
  }
  /** The entitlement and profile flag a returning user would see at the clock's time. */
  async function seen(p: Parent) {
    const token = await signIn(p);
    return { token, sub: await entitlement(ctx.app, token), profile: await profileSubscribed(ctx.app, token) };
  }

  it('Trial ends after 7 days: active at 7d - 1s, inactive at 7d, expired by the job, not offered again', async () => {
    startAt('2029-03-10T09:00:00.000Z');
    const parent = await verifiedParent(ctx);
    const { subscription } = await buyWithTestCheckout(ctx.app, parent.access, plans.trial);
    expect(subscription).toMatchObject({
      plan_name: PLAN_NAMES.trial,
      current_period_end: '2029-03-17T09:00:00.000Z',
      match_credits_remaining: 1,
      matches_shown: 1,
    });

    at('2029-03-17T08:59:59.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    const before = await seen(parent);
    expect(before.sub).toMatchObject({ active: true, status: 'active', match_credits_remaining: 1 });
    expect(before.profile).toBe(true);

    at('2029-03-17T09:00:00.000Z');
    const atEnd = await seen(parent);
    expect(atEnd.sub).toBeNull();
    expect(atEnd.profile).toBe(false);
    expect(await jobs()).toEqual({ renewed: 0, expired: 1 });
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    expect((await subscriptionRows(ctx.db, parent.id)).map((s) => s.status)).toEqual(['expired']);
    expect(await payments(ctx.app, atEnd.token)).toHaveLength(1);

    const again = await createCheckout(ctx.app, atEnd.token, { plan_id: plans.trial });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.trialUsed);
  });

  it('Starter lasts 90 days with 3 credits and is never renewed', async () => {
    startAt('2030-03-10T09:00:00.000Z');
    const parent = await verifiedParent(ctx);
    const { subscription } = await buyWithTestCheckout(ctx.app, parent.access, plans.starter);
    expect(subscription).toMatchObject({
      current_period_end: '2030-06-08T09:00:00.000Z',
      match_credits_total: 3,
      renews: false,
    });

    at('2030-06-08T08:59:59.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    expect((await seen(parent)).sub).toMatchObject({
      active: true,
      match_credits_remaining: 3,
      current_period_end: '2030-06-08T09:00:00.000Z',
    });

    at('2030-06-08T09:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 1 });
    const after = await seen(parent);
    expect(after.sub).toBeNull();
    expect(after.profile).toBe(false);
    expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
    expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);
  });

  it('Premium renews at its monthly boundary: a renewal payment, a receipt and one more calendar month', async () => {
    startAt('2031-01-15T12:00:00.000Z');
    const parent = await verifiedParent(ctx);
    const { subscription } = await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    expect(subscription).toMatchObject({
      plan_name: PLAN_NAMES.premium,
      current_period_end: '2031-02-15T12:00:00.000Z',
      renews: true,
      counterfactuals: true,
      match_credits_total: null,
      match_credits_remaining: null,
      matches_shown: null,
    });

    at('2031-02-15T11:59:59.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);

    at('2031-02-15T12:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 1, expired: 0 });
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    const { token, sub, profile } = await seen(parent);
    expect(sub).toMatchObject({
      active: true,
      status: 'active',
      current_period_end: '2031-03-15T12:00:00.000Z',
      renews: true,
      started_at: '2031-01-15T12:00:00.000Z',
    });
    expect(profile).toBe(true);

    const list = await payments(ctx.app, token);
    expect(list.map((p) => [p.kind, p.plan_price, p.payment_status, p.created_at])).toEqual([
      ['renewal', 149, 'succeeded', '2031-02-15T12:00:00.000Z'],
      ['initial', 149, 'succeeded', '2031-01-15T12:00:00.000Z'],
    ]);
    expect(await receiptsTo(ctx, parent.email, PLAN_NAMES.premium)).toHaveLength(2);
    expect((await subscriptionRows(ctx.db, parent.id))[0]!.paid_months).toBe(2);
  });

  it('monthly periods follow the calendar: 31 Jan → 28 Feb → 31 Mar → 30 Apr (29 Feb in a leap year)', async () => {
    startAt('2033-01-31T10:00:00.000Z');
    const parent = await verifiedParent(ctx);
    const first = await buyWithTestCheckout(ctx.app, parent.access, plans.premium);
    expect(first.subscription.current_period_end).toBe('2033-02-28T10:00:00.000Z');
    const ends: string[] = [];
    for (const boundary of ['2033-02-28T10:00:00.000Z', '2033-03-31T10:00:00.000Z', '2033-04-30T10:00:00.000Z']) {
      at(boundary);
      expect(await jobs()).toEqual({ renewed: 1, expired: 0 });
      ends.push((await seen(parent)).sub!.current_period_end);
    }
    expect(ends).toEqual(['2033-03-31T10:00:00.000Z', '2033-04-30T10:00:00.000Z', '2033-05-31T10:00:00.000Z']);

    // Stop the first parent's renewals so the jump to a leap year only expires it.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/cancel/',
      headers: bearer(await signIn(parent)),
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    at('2036-01-31T10:00:00.000Z');
    const leap = await verifiedParent(ctx);
    const bought = await buyWithTestCheckout(ctx.app, leap.access, plans.premium);
    expect(bought.subscription.current_period_end).toBe('2036-02-29T10:00:00.000Z');
    at('2036-02-29T10:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 1, expired: 1 });
    expect((await seen(leap)).sub!.current_period_end).toBe('2036-03-31T10:00:00.000Z');
  });

  it('Premium catches up on months missed while the job was not running', async () => {
    startAt('2037-01-15T12:00:00.000Z');
    const parent = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);

    at('2037-04-20T08:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 3, expired: 0 });
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    const { token, sub } = await seen(parent);
    expect(sub).toMatchObject({ active: true, current_period_end: '2037-05-15T12:00:00.000Z' });
    const list = await payments(ctx.app, token);
    expect(list.filter((p) => p.kind === 'renewal')).toHaveLength(3);
    expect(list.every((p) => p.plan_price === 149 && p.payment_status === 'succeeded')).toBe(true);
    const refs = (await paymentRows(ctx.db, parent.id)).map((p) => p.provider_reference);
    expect(new Set(refs).size).toBe(4);
    expect(await receiptsTo(ctx, parent.email, PLAN_NAMES.premium)).toHaveLength(4);
  });

  it('after cancelling, Premium does not renew, is usable to the period end, then expires, no refund', async () => {
    startAt('2038-01-15T12:00:00.000Z');
    const parent = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, parent.access, plans.premium);

    at('2038-02-01T00:00:00.000Z');
    const token = await signIn(parent);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/cancel/',
      headers: bearer(token),
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      success: true,
      message: PAYMENT_MSG.cancelled,
      subscription: {
        active: true,
        renews: false,
        cancel_at_period_end: true,
        current_period_end: '2038-02-15T12:00:00.000Z',
      },
    });
    expect(await entitlement(ctx.app, token)).toMatchObject({
      active: true,
      renews: false,
      cancel_at_period_end: true,
    });

    at('2038-02-15T11:59:59.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    expect((await seen(parent)).profile).toBe(true);

    at('2038-02-15T12:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 1 });
    const after = await seen(parent);
    expect(after.sub).toBeNull();
    expect(after.profile).toBe(false);
    expect((await subscriptionRows(ctx.db, parent.id)).map((s) => s.status)).toEqual(['expired']);
    // One payment, the original: no renewal and no refund record.
    const rows = await paymentRows(ctx.db, parent.id);
    expect(rows.map((p) => [p.kind, Number(p.plan_price), p.payment_status])).toEqual([['initial', 149, 'succeeded']]);
    expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);

    // A month later still nothing renews, and there is nothing left to cancel.
    at('2038-03-20T00:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/cancel/',
      headers: bearer(await signIn(parent)),
      payload: {},
    });
    expect(again.statusCode).toBe(404);
    expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
  });

  it('only a renewing plan can be cancelled', async () => {
    startAt('2039-01-15T12:00:00.000Z');
    const parent = await verifiedParent(ctx);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/cancel/',
      headers: bearer(parent.access),
      payload: {},
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ success: false });
    await buyWithTestCheckout(ctx.app, parent.access, plans.starter);
    const starter = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/cancel/',
      headers: bearer(parent.access),
      payload: {},
    });
    expect(starter.statusCode).toBe(404);
    expect((await subscriptionRows(ctx.db, parent.id))[0]).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
  });

  it('buying a new plan replaces the old subscription, which then neither renews nor expires again', async () => {
    startAt('2041-01-15T12:00:00.000Z');
    const upgrader = await verifiedParent(ctx);
    const downgrader = await verifiedParent(ctx);
    await buyWithTestCheckout(ctx.app, upgrader.access, plans.starter);
    await buyWithTestCheckout(ctx.app, downgrader.access, plans.premium);

    at('2041-01-20T12:00:00.000Z');
    const upToken = await signIn(upgrader);
    const downToken = await signIn(downgrader);
    const up = await buyWithTestCheckout(ctx.app, upToken, plans.premium);
    const down = await buyWithTestCheckout(ctx.app, downToken, plans.starter);
    expect(up.subscription).toMatchObject({
      plan_name: PLAN_NAMES.premium,
      current_period_end: '2041-02-20T12:00:00.000Z',
    });
    expect(down.subscription).toMatchObject({
      plan_name: PLAN_NAMES.starter,
      current_period_end: '2041-04-20T12:00:00.000Z',
    });
    expect((await subscriptionRows(ctx.db, upgrader.id)).map((s) => [s.plan_id, s.status])).toEqual([
      [plans.starter, 'replaced'],
      [plans.premium, 'active'],
    ]);
    expect((await subscriptionRows(ctx.db, downgrader.id)).map((s) => [s.plan_id, s.status])).toEqual([
      [plans.premium, 'replaced'],
      [plans.starter, 'active'],
    ]);
    expect(await entitlement(ctx.app, downToken)).toMatchObject({ plan_name: PLAN_NAMES.starter, active: true });

    // The replaced Premium's boundary (15 February) passes without a charge; the new Premium renews on its own day.
    at('2041-02-15T12:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
    expect(await paymentRows(ctx.db, downgrader.id)).toHaveLength(2);
    at('2041-02-20T12:00:00.000Z');
    expect(await jobs()).toEqual({ renewed: 1, expired: 0 });
    expect((await subscriptionRows(ctx.db, upgrader.id)).map((s) => s.status)).toEqual(['replaced', 'active']);

    // The transactions list puts the current plan first and still shows the replaced purchase.
    const tx = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/parent/transactions/',
      headers: bearer(await signIn(upgrader)),
    });
    const data = tx.json().data as { plan_name: string; active: boolean; kind: string }[];
    expect(data[0]).toMatchObject({ plan_name: PLAN_NAMES.premium, active: true });
    expect(data.map((d) => d.plan_name).sort()).toEqual(
      [PLAN_NAMES.premium, PLAN_NAMES.premium, PLAN_NAMES.starter].sort(),
    );
    expect(data.find((d) => d.plan_name === PLAN_NAMES.starter)!.active).toBe(false);
  });
});

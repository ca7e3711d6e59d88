import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newParent, type TestContext } from './harness.ts';
import { buyWithTestCheckout, DAY, paymentRows, planIds, subscriptionRows, wideRates } from './payments-helpers.ts';

/**
 * The renewal and expiry job selects due subscriptions by range and always gets past the rows it cannot handle
 * (issue 12): a period end stored with microseconds is renewed or expired, and 600 rows whose renewal fails do not
 * keep a good one from being renewed in the same run.
 */
describe('due subscriptions', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());
  const jobs = () => ctx.services.checkout.runDueJobs();
  /** Stores the period end with microseconds, as a database or another writer may (JavaScript keeps milliseconds). */
  const endWithMicroseconds = (subscriptionId: string, iso: string) =>
    ctx.db.query('update subscriptions set current_period_end = $2::timestamptz where id = $1', [subscriptionId, iso]);

  it('a period end with microseconds is renewed (monthly) or expired (one-time plan) once it has passed', async () => {
    ctx.clock.set(new Date('2030-01-10T09:00:00.000Z'));
    const monthly = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, monthly.access, plans.premium);
    const oneTime = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, oneTime.access, plans.starter);
    const [m] = await subscriptionRows(ctx.db, monthly.id);
    const [o] = await subscriptionRows(ctx.db, oneTime.id);
    await endWithMicroseconds(m!.id, '2030-01-11T09:00:00.123456Z');
    await endWithMicroseconds(o!.id, '2030-01-11T09:00:00.654321Z');

    ctx.clock.set(new Date('2030-01-11T09:00:01.000Z'));
    expect(await jobs()).toEqual({ renewed: 1, expired: 1 });
    expect((await subscriptionRows(ctx.db, monthly.id))[0]).toMatchObject({
      status: 'active',
      // Renewed on its anchor day (the 10th), from the period end as stored, to the millisecond.
      current_period_end: new Date('2030-02-10T09:00:00.123Z'),
    });
    expect((await subscriptionRows(ctx.db, oneTime.id))[0]).toMatchObject({ status: 'expired' });
    expect((await paymentRows(ctx.db, monthly.id)).filter((p) => p.kind === 'renewal')).toHaveLength(1);
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
  });

  it('600 subscriptions whose renewal fails do not stop a good one from being renewed in the same run', async () => {
    await ctx.db.query("update subscriptions set status = 'expired' where status in ('active', 'past_due')");
    ctx.clock.set(new Date('2030-03-01T09:00:00.000Z'));
    const good = await newParent(ctx.app);
    await buyWithTestCheckout(ctx.app, good.access, plans.premium);
    const [goodSub] = await subscriptionRows(ctx.db, good.id);

    // 600 renewing subscriptions due a day earlier than the good one, whose renewal payment the database refuses.
    const broken = await newParent(ctx.app);
    await ctx.db.query(
      `insert into checkout_sessions (id, user_id, plan_id, provider, amount, currency, status, provider_status,
         created_at, completed_at)
       select 'cs_broken_' || i, $1, $2, 'test', 149, 'usd', 'completed', 'paid', $3, $3
       from generate_series(1, 600) as i`,
      [broken.id, plans.premium, ctx.clock.now()],
    );
    await ctx.db.query(
      `insert into subscriptions (user_id, plan_id, checkout_session_id, status, provider, started_at,
         current_period_end, updated_at)
       select $1, $2, 'cs_broken_' || i, 'active', 'test', $3, $4, $3 from generate_series(1, 600) as i`,
      [broken.id, plans.premium, ctx.clock.now(), new Date(goodSub!.current_period_end.getTime() - DAY)],
    );
    await ctx.db.query(
      `alter table payments add constraint broken_renewals check (kind <> 'renewal' or user_id <> '${broken.id}')`,
    );

    ctx.clock.set(new Date(goodSub!.current_period_end.getTime() + 60_000));
    expect(await jobs()).toEqual({ renewed: 1, expired: 0 });
    expect((await subscriptionRows(ctx.db, good.id))[0]!.current_period_end.getTime()).toBeGreaterThan(
      ctx.clock.now().getTime(),
    );
    // The failed ones are put off, not dropped: the job tries them again after a while.
    const putOff = await ctx.db.query<{ n: string | number }>(
      'select count(*) as n from subscriptions where user_id = $1 and due_retry_at > $2',
      [broken.id, ctx.clock.now()],
    );
    expect(Number(putOff[0]!.n)).toBe(600);
    expect(await jobs()).toEqual({ renewed: 0, expired: 0 });
  });
});

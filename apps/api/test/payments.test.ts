import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG, PLAN_NAMES, SERVER_MSG } from '@kindred/shared';
import { bearer, createTestContext, verifiedParent, type TestContext } from './harness.ts';
import {
  DAY,
  PUBLIC_URL,
  buyWithTestCheckout,
  cancelTestCheckout,
  confirmTestCheckout,
  createCheckout,
  entitlement,
  getJson,
  makeAdmin,
  mailText,
  pathOf,
  paymentRows,
  payments,
  planIds,
  profileSubscribed,
  receiptsTo,
  startCheckout,
  subscriptionRows,
  verifyCheckout,
  wideRates,
} from './payments-helpers.ts';

/**
 * Plans, the built-in test checkout, payment records and receipts, as a client sees them through the API
 * (spec sections 1, 4, 7, 9; issue 3). One app and database for the file; every test uses its own parents.
 */
describe('plans, checkout and payments (built-in test checkout)', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  let inactivePlanId: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  const sessionRow = async (id: string) =>
    (
      await ctx.db.query<{
        amount: string;
        currency: string;
        status: string;
        provider_status: string;
        provider: string;
        plan_id: string;
      }>('select amount, currency, status, provider_status, provider, plan_id from checkout_sessions where id = $1', [
        id,
      ])
    )[0];
  const sessionCount = async (userId: string) =>
    Number(
      (
        await ctx.db.query<{ n: string }>('select count(*) as n from checkout_sessions where user_id = $1', [userId])
      )[0]!.n,
    );

  describe('plans', () => {
    it('lists exactly the three parent plans with their exact names and fields; the clinic plan hidden', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans/' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ count: 3, next: null, previous: null });
      expect(body.results.map((p: { name: string }) => p.name)).toEqual([
        'Trial (Free one-time)',
        'Starter ($129 one-time)',
        'Premium ($149 / month)',
      ]);
      const [trial, starter, premium] = body.results;
      for (const p of body.results) {
        expect(Object.keys(p).sort()).toEqual(
          [
            'billing_cycle',
            'currency',
            'duration_days',
            'features',
            'id',
            'is_active',
            'match_credits',
            'most_popular',
            'name',
            'plan_for',
            'price',
            'subscription_type',
          ].sort(),
        );
        expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(p.features.length).toBeGreaterThan(0);
      }
      expect(trial).toMatchObject({
        id: plans.trial,
        subscription_type: 'trial',
        plan_for: 'parent',
        price: 0,
        currency: 'usd',
        billing_cycle: null,
        duration_days: 7,
        match_credits: 1,
        most_popular: false,
        is_active: true,
      });
      expect(trial.features).toContain('1 match credit');
      expect(starter).toMatchObject({
        id: plans.starter,
        subscription_type: 'starter',
        plan_for: 'parent',
        price: 129,
        currency: 'usd',
        billing_cycle: null,
        duration_days: 90,
        match_credits: 3,
        most_popular: true,
        is_active: true,
      });
      expect(starter.features).toContain('3 match credits');
      expect(premium).toMatchObject({
        id: plans.premium,
        subscription_type: 'premium',
        plan_for: 'parent',
        price: 149,
        currency: 'usd',
        billing_cycle: 'month',
        match_credits: null,
        most_popular: false,
        is_active: true,
      });
      expect(premium.features.join(' ')).toMatch(/Counterfactual re-scoring/);
      expect(premium.features.join(' ')).toMatch(/\$100 credit/);
      expect(res.body).not.toContain('Clinic');
      expect(res.body).not.toContain(plans.clinic);
    });

    it('the plan list is public: no token needed, and a junk token does not hide it', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/subscriptions/plans/',
        headers: { authorization: 'Bearer not-a-token' },
      });
      // A public list: a stale or junk token does not hide it.
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(3);
    });
  });

  describe('admin plan endpoints', () => {
    const planBody = (over: Record<string, unknown> = {}) => ({
      name: 'Legacy Basic',
      subscription_type: 'basic',
      plan_for: 'parent',
      price: 49,
      billing_cycle: null,
      duration_days: 30,
      match_credits: 1,
      features: ['1 match credit'],
      most_popular: false,
      is_active: false,
      ...over,
    });
    const adminCalls = (headers: Record<string, string>) => [
      ctx.app.inject({ method: 'GET', url: '/api/v1/admin/subscription/plans/', headers }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/subscription/plans/',
        headers,
        payload: planBody({ name: 'Sneaky Plan', price: 0, is_active: true }),
      }),
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/subscription/plans/${plans.premium}/`,
        headers,
        payload: planBody({ name: 'Premium ($149 / month)', price: 1, billing_cycle: 'month', is_active: true }),
      }),
    ];

    it('refuse a parent (403) and a caller without a token (401), and change nothing', async () => {
      const parent = await verifiedParent(ctx);
      for (const res of await Promise.all(adminCalls(bearer(parent.access)))) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ code: 'forbidden', success: false, message: SERVER_MSG.forbidden });
      }
      for (const res of await Promise.all(adminCalls({}))) {
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toEqual({
          code: 'not_authenticated',
          detail: SERVER_MSG.notAuthenticated,
          message: SERVER_MSG.notAuthenticated,
        });
      }
      const rows = await ctx.db.query<{ name: string; price: string }>('select name, price from plans order by name');
      expect(rows.map((r) => r.name)).not.toContain('Sneaky Plan');
      expect(Number(rows.find((r) => r.name === PLAN_NAMES.premium)!.price)).toBe(149);
    });

    it('let an admin list every plan (clinic included), create one and update it', async () => {
      const someone = await verifiedParent(ctx);
      const token = await makeAdmin(ctx, someone);

      const list = await getJson(ctx.app, token, '/api/v1/admin/subscription/plans/');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().count).toBe(4);
      expect(list.json().results.find((p: { id: string }) => p.id === plans.clinic)).toMatchObject({
        plan_for: 'clinic',
        subscription_type: 'clinic',
      });

      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/subscription/plans/',
        headers: bearer(token),
        payload: planBody(),
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'Legacy Basic',
        price: 49,
        is_active: false,
        plan_for: 'parent',
        billing_cycle: null,
        currency: 'usd',
      });
      inactivePlanId = created.json().id;

      const duplicate = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/subscription/plans/',
        headers: bearer(token),
        payload: planBody(),
      });
      expect(duplicate.statusCode).toBe(409);

      const updated = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/subscription/plans/${inactivePlanId}/`,
        headers: bearer(token),
        payload: planBody({ price: 59.5, features: ['1 match credit', 'Email support'] }),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        id: inactivePlanId,
        price: 59.5,
        features: ['1 match credit', 'Email support'],
        is_active: false,
      });

      const missing = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/subscription/plans/00000000-0000-4000-8000-000000000000/',
        headers: bearer(token),
        payload: planBody({ name: 'Nobody' }),
      });
      expect(missing.statusCode).toBe(404);

      const after = await getJson(ctx.app, token, '/api/v1/admin/subscription/plans/');
      expect(after.json().count).toBe(5);
      // An inactive plan stays out of the parent's list.
      const publicList = await ctx.app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans/' });
      expect(publicList.json().results.map((p: { name: string }) => p.name)).toEqual([
        PLAN_NAMES.trial,
        PLAN_NAMES.starter,
        PLAN_NAMES.premium,
      ]);
    });
  });

  describe('checkout through the built-in test checkout', () => {
    it('a new parent has no subscription and no payments', async () => {
      const p = await verifiedParent(ctx);
      expect(await profileSubscribed(ctx.app, p.access)).toBe(false);
      const me = await getJson(ctx.app, p.access, '/api/v1/subscriptions/me/');
      expect(me.json()).toEqual({ success: true, subscription: null, message: PAYMENT_MSG.noSubscription });
      expect(await payments(ctx.app, p.access)).toEqual([]);
      const tx = await getJson(ctx.app, p.access, '/api/v1/parent/transactions/');
      expect(tx.json()).toEqual({ message: 'No transactions yet.', data: [] });
    });

    it('every checkout and payment endpoint needs a token', async () => {
      const sessionsBefore = Number(
        (await ctx.db.query<{ n: string }>('select count(*) as n from checkout_sessions'))[0]!.n,
      );
      const calls = [
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/payments/create-checkout-session/',
          payload: { plan_id: plans.starter },
        }),
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/payments/create-checkout-session/verify/',
          payload: { session_id: 'cs_test_x' },
        }),
        ctx.app.inject({ method: 'GET', url: '/api/v1/payments/' }),
        ctx.app.inject({ method: 'GET', url: '/api/v1/parent/transactions/' }),
        ctx.app.inject({ method: 'GET', url: '/api/v1/subscriptions/me/' }),
        ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions/cancel/', payload: {} }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
      expect(Number((await ctx.db.query<{ n: string }>('select count(*) as n from checkout_sessions'))[0]!.n)).toBe(
        sessionsBefore,
      );
    });

    it('buys Starter end to end: test page, confirm, return, verify, profile, payment history, receipt', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const started = await startCheckout(app, parent.access, plans.starter, { skip_trial: true });
      expect(started.sessionId).toMatch(/^cs_test_[A-Za-z0-9_-]{20,}$/);
      expect(started.url).toBe(`${PUBLIC_URL}/checkout/test/${started.sessionId}`);

      const page = await app.inject({ method: 'GET', url: pathOf(started.url) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('TEST MODE');
      expect(page.body).toContain(PLAN_NAMES.starter);
      expect(page.body).toContain('$129.00');
      expect(page.body).not.toMatch(/<input/i); // no card data is asked for

      // Returning before paying does not activate anything.
      const early = await verifyCheckout(app, parent.access, started.sessionId);
      expect(early.statusCode, early.body).toBe(402);
      expect(early.json()).toEqual({ code: 'payment_incomplete', success: false, message: PAYMENT_MSG.notCompleted });
      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([]);

      const confirm = await confirmTestCheckout(app, started.sessionId);
      expect(confirm.statusCode).toBe(303);
      expect(confirm.headers.location).toBe(
        `${PUBLIC_URL}/payment-success?success=true&session_id=${started.sessionId}`,
      );

      const t0 = ctx.clock.now();
      const verified = await verifyCheckout(app, parent.access, started.sessionId);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({
        success: true,
        message: PAYMENT_MSG.verified,
        subscription: {
          active: true,
          status: 'active',
          plan_id: plans.starter,
          plan_name: PLAN_NAMES.starter,
          match_credits_total: 3,
          match_credits_used: 0,
          match_credits_remaining: 3,
          matches_shown: 3,
          started_at: t0.toISOString(),
          current_period_end: new Date(t0.getTime() + 90 * DAY).toISOString(),
          renews: false,
          cancel_at_period_end: false,
          counterfactuals: false,
          complimentary: false,
        },
      });
      expect(await profileSubscribed(app, parent.access)).toBe(true);
      expect(await entitlement(app, parent.access)).toEqual(verified.json().subscription);

      const list = await payments(app, parent.access);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        plan_id: plans.starter,
        plan_name: PLAN_NAMES.starter,
        plan_price: 129,
        currency: 'usd',
        payment_status: 'succeeded',
        kind: 'initial',
        created_at: t0.toISOString(),
      });
      expect(list[0]!.id).toMatch(/^pay_/);

      const tx = await getJson(app, parent.access, '/api/v1/parent/transactions/');
      expect(tx.statusCode).toBe(200);
      expect(tx.json()).toEqual({ message: 'Transactions retrieved.', data: [{ ...list[0], active: true }] });

      const receipt = await ctx.smtp.waitFor(parent.email, (m) =>
        /^Subject: Your Kindred receipt: Starter \(\$129 one-time\)/m.test(m.raw),
      );
      const text = mailText(receipt);
      expect(text).toContain('$129.00');
      expect(text).toContain(`We received your payment for ${PLAN_NAMES.starter}`);

      // The page, the confirm button and the return page are all safe to hit again.
      const again = await app.inject({ method: 'GET', url: pathOf(started.url) });
      expect(again.body).toContain('already paid');
      expect(again.body).not.toContain('Confirm test payment');
      const reconfirm = await confirmTestCheckout(app, started.sessionId);
      expect(reconfirm.statusCode).toBe(303);
      expect(reconfirm.headers.location).toBe(`/checkout/test/${started.sessionId}`);
      const reverify = await verifyCheckout(app, parent.access, started.sessionId);
      expect(reverify.statusCode).toBe(200);
      expect(reverify.json().subscription).toEqual(verified.json().subscription);
      expect(await subscriptionRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);
    });

    it('a cancelled checkout returns to /subscription; verify then fails with 402 and activates nothing', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const started = await startCheckout(app, parent.access, plans.premium);
      const cancel = await cancelTestCheckout(app, started.sessionId);
      expect(cancel.statusCode).toBe(303);
      const location = new URL(cancel.headers.location as string);
      expect(location.origin).toBe(PUBLIC_URL);
      expect(location.pathname).toBe('/subscription');

      const verify = await verifyCheckout(app, parent.access, started.sessionId);
      expect(verify.statusCode, verify.body).toBe(402);
      expect(verify.json()).toEqual({ code: 'payment_incomplete', success: false, message: PAYMENT_MSG.notCompleted });

      // Confirming after cancelling does not pay it either.
      const confirm = await confirmTestCheckout(app, started.sessionId);
      expect(confirm.headers.location).toBe(`/checkout/test/${started.sessionId}`);
      expect((await app.inject({ method: 'GET', url: pathOf(started.url) })).body).toContain('already cancelled');
      expect((await verifyCheckout(app, parent.access, started.sessionId)).statusCode).toBe(402);

      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([]);
      expect(await paymentRows(ctx.db, parent.id)).toEqual([]);
      expect(await profileSubscribed(app, parent.access)).toBe(false);
      expect(await receiptsTo(ctx, parent.email)).toEqual([]);
    });

    it("a parent cannot verify someone else's session (404), nor see anyone else's payments", async () => {
      const { app } = ctx;
      const owner = await verifiedParent({ app, smtp: ctx.smtp });
      const other = await verifiedParent({ app, smtp: ctx.smtp });
      const started = await startCheckout(app, owner.access, plans.starter);
      await confirmTestCheckout(app, started.sessionId);

      const stolen = await verifyCheckout(app, other.access, started.sessionId);
      expect(stolen.statusCode, stolen.body).toBe(404);
      expect(stolen.json()).toEqual({ code: 'not_found', success: false, message: PAYMENT_MSG.verifyFailed });
      expect(await subscriptionRows(ctx.db, other.id)).toEqual([]);
      expect(await subscriptionRows(ctx.db, owner.id)).toEqual([]);

      const unknown = await verifyCheckout(app, other.access, 'cs_test_doesnotexist');
      expect(unknown.statusCode).toBe(404);
      const missing = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/create-checkout-session/verify/',
        headers: bearer(other.access),
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ session_id: ['session_id is required.'] });

      expect((await verifyCheckout(app, owner.access, started.sessionId)).statusCode).toBe(200);
      expect(await payments(app, owner.access)).toHaveLength(1);
      expect(await payments(app, other.access)).toEqual([]);
      expect((await getJson(app, other.access, '/api/v1/parent/transactions/')).json().data).toEqual([]);
      expect(await profileSubscribed(app, other.access)).toBe(false);
    });

    it('an unknown test checkout page is a 404 page', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/checkout/test/cs_test_nope' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('TEST MODE');
    });
  });

  describe('price tampering', () => {
    it('price, amount and plan_price in the body do not change what is recorded or charged', async () => {
      const { app } = ctx;
      for (const [key, name, price] of [
        ['starter', PLAN_NAMES.starter, 129],
        ['premium', PLAN_NAMES.premium, 149],
      ] as const) {
        const parent = await verifiedParent({ app, smtp: ctx.smtp });
        const started = await startCheckout(app, parent.access, plans[key], {
          price: 1,
          amount: 0.01,
          plan_price: 0,
          unit_amount: 1,
          currency: 'jpy',
          plan_for: 'clinic',
        });
        expect(await sessionRow(started.sessionId)).toMatchObject({
          amount: expect.stringMatching(/^\d+(\.\d+)?$/),
          currency: 'usd',
          plan_id: plans[key],
          provider: 'test',
        });
        expect(Number((await sessionRow(started.sessionId))!.amount)).toBe(price);
        const page = await app.inject({ method: 'GET', url: pathOf(started.url) });
        expect(page.body).toContain(`$${price}.00`);
        await confirmTestCheckout(app, started.sessionId);
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/payments/create-checkout-session/verify/',
          headers: bearer(parent.access),
          payload: { session_id: started.sessionId, amount: 1, price: 1 },
        });
        expect(res.statusCode, res.body).toBe(200);
        const list = await payments(app, parent.access);
        expect(list).toEqual([expect.objectContaining({ plan_name: name, plan_price: price, currency: 'usd' })]);
        expect((await paymentRows(ctx.db, parent.id)).map((p) => Number(p.plan_price))).toEqual([price]);
        const receipt = await ctx.smtp.waitFor(parent.email, (m) => m.raw.includes('Subject: Your Kindred receipt'));
        expect(mailText(receipt)).toContain(`$${price}.00`);
      }
    });

    it('a clinic, inactive or unknown plan is not for sale (404); a junk plan id is a 400', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      expect(inactivePlanId).toBeDefined();
      for (const planId of [plans.clinic, inactivePlanId, '00000000-0000-4000-8000-000000000000']) {
        const res = await createCheckout(app, parent.access, { plan_id: planId, price: 0 });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ code: 'plan_unavailable', success: false, message: PAYMENT_MSG.planUnavailable });
      }
      for (const planId of ['abc', 42, null, '', `${plans.starter}x`]) {
        const res = await createCheckout(app, parent.access, { plan_id: planId });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          code: 'validation_error',
          message: 'Choose a valid plan.',
          plan_id: ['Choose a valid plan.'],
        });
      }
      const none = await createCheckout(app, parent.access, { price: 129 });
      expect(none.statusCode).toBe(400);
      expect(none.json().plan_id).toEqual(['Choose a valid plan.']);
      expect(await sessionCount(parent.id)).toBe(0);
    });
  });

  describe('the free trial', () => {
    it('is granted without a checkout page, activates with 1 credit and can be used once per account', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const started = await startCheckout(app, parent.access, plans.trial);
      expect(started.url).toBe(`${PUBLIC_URL}/payment-success?success=true&session_id=${started.sessionId}`);
      expect((await app.inject({ method: 'GET', url: `/checkout/test/${started.sessionId}` })).statusCode).toBe(404);

      const t0 = ctx.clock.now();
      const res = await verifyCheckout(app, parent.access, started.sessionId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().subscription).toEqual({
        active: true,
        status: 'active',
        plan_id: plans.trial,
        plan_name: PLAN_NAMES.trial,
        match_credits_total: 1,
        match_credits_used: 0,
        match_credits_remaining: 1,
        matches_shown: 1,
        started_at: t0.toISOString(),
        current_period_end: new Date(t0.getTime() + 7 * DAY).toISOString(),
        renews: false,
        cancel_at_period_end: false,
        counterfactuals: false,
        complimentary: false,
      });
      expect(await profileSubscribed(app, parent.access)).toBe(true);
      expect(await payments(app, parent.access)).toEqual([
        expect.objectContaining({ plan_name: PLAN_NAMES.trial, plan_price: 0, payment_status: 'succeeded' }),
      ]);

      const second = await createCheckout(app, parent.access, { plan_id: plans.trial });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json()).toEqual({
        code: 'conflict',
        success: false,
        message: 'The free trial can be used once per account.',
      });

      // Buying Starter replaces the trial; the trial still cannot be taken again.
      await buyWithTestCheckout(app, parent.access, plans.starter);
      expect((await subscriptionRows(ctx.db, parent.id)).map((s) => [s.plan_id, s.status]).sort()).toEqual(
        [
          [plans.trial, 'replaced'],
          [plans.starter, 'active'],
        ].sort(),
      );
      expect((await createCheckout(app, parent.access, { plan_id: plans.trial })).statusCode).toBe(409);
    });

    it('cannot be taken twice by starting it twice before returning', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const first = await startCheckout(app, parent.access, plans.trial);
      const secondStart = await createCheckout(app, parent.access, { plan_id: plans.trial });
      expect([200, 409]).toContain(secondStart.statusCode);
      expect((await verifyCheckout(app, parent.access, first.sessionId)).statusCode).toBe(200);
      if (secondStart.statusCode === 200) {
        const second = secondStart.json() as { sessionId: string };
        const res = await verifyCheckout(app, parent.access, second.sessionId);
        if (second.sessionId !== first.sessionId) expect(res.statusCode, res.body).toBe(409);
      }
      const trials = (await subscriptionRows(ctx.db, parent.id)).filter((s) => s.plan_id === plans.trial);
      expect(trials).toHaveLength(1);
      expect(trials[0]!.status).toBe('active');
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
    });

    it('cannot be taken twice by starting it several times at once', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const starts = await Promise.all(
        [1, 2, 3, 4].map(() => createCheckout(app, parent.access, { plan_id: plans.trial })),
      );
      const ids = [...new Set(starts.filter((r) => r.statusCode === 200).map((r) => r.json().sessionId as string))];
      expect(ids.length).toBeGreaterThan(0);
      const verifies = await Promise.all(
        ids.flatMap((id) => [verifyCheckout(app, parent.access, id), verifyCheckout(app, parent.access, id)]),
      );
      expect(verifies.some((r) => r.statusCode === 200)).toBe(true);
      for (const r of verifies) expect([200, 409]).toContain(r.statusCode);
      expect(await subscriptionRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
    });
  });

  describe('concurrent activation', () => {
    it('several verifies at once for one paid session: exactly one subscription, payment and receipt', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const started = await startCheckout(app, parent.access, plans.premium);
      await confirmTestCheckout(app, started.sessionId);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => verifyCheckout(app, parent.access, started.sessionId)),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      const ends = new Set(results.map((r) => r.json().subscription.current_period_end));
      expect(ends.size).toBe(1);
      const subs = await subscriptionRows(ctx.db, parent.id);
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({
        status: 'active',
        plan_id: plans.premium,
        checkout_session_id: started.sessionId,
      });
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);
    });

    it('a free trial verified several times at once is granted once', async () => {
      const { app } = ctx;
      const parent = await verifiedParent({ app, smtp: ctx.smtp });
      const started = await startCheckout(app, parent.access, plans.trial);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => verifyCheckout(app, parent.access, started.sessionId)),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(await subscriptionRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
    });
  });
});

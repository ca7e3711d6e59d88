import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG, PLAN_NAMES } from '@kindred/shared';
import { bearer, createTestContext, verifiedParent, type TestContext } from './harness.ts';
import {
  DAY,
  PUBLIC_URL,
  createCheckout,
  entitlement,
  mailText,
  paymentRows,
  payments,
  planIds,
  profileSubscribed,
  receiptsTo,
  startCheckout,
  subscriptionRows,
  verifyCheckout,
  wideRates,
  type Parent,
} from './payments-helpers.ts';
import {
  checkoutCompleted,
  invoiceEvent,
  newEventId,
  signed,
  startFakeStripe,
  stripeEvent,
  subscriptionDeleted,
  type FakeStripe,
} from './stripe-fake.ts';

/**
 * Stripe Checkout and its webhooks. The app runs the real `stripe` SDK against a local fake of the Stripe API
 * (stripe-fake.ts); webhook payloads are signed with the SDK's own test helper. Nothing reaches the network.
 */
describe('Stripe Checkout and webhooks', () => {
  let ctx: TestContext;
  let fake: FakeStripe;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await createTestContext({ rateRules: wideRates(), stripe: fake.config });
    plans = await planIds(ctx.db);
  });
  // Tests share one app; retire what a test left running so later job runs only see their own test's rows.
  afterEach(async () => {
    await ctx.db.query("update subscriptions set status = 'expired' where status in ('active', 'past_due')");
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  /** POSTs a webhook the way Stripe does: raw JSON body, Stripe-Signature header, no user token. */
  const deliver = (payload: string, signature?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  const deliverEvent = (event: unknown) => {
    const { payload, header } = signed(event);
    return deliver(payload, header);
  };
  const webhookCount = async () =>
    Number((await ctx.db.query<{ n: string }>('select count(*) as n from webhook_events'))[0]!.n);
  const sessionStatus = async (id: string) =>
    (
      await ctx.db.query<{ status: string; provider: string; amount: string }>(
        'select status, provider, amount from checkout_sessions where id = $1',
        [id],
      )
    )[0];
  const subByProviderId = async (id: string) =>
    (
      await ctx.db.query<{ status: string; current_period_end: Date; user_id: string }>(
        'select status, current_period_end, user_id from subscriptions where provider_subscription_id = $1',
        [id],
      )
    )[0];

  /** A parent with a Premium subscription activated by checkout.session.completed; returns the Stripe ids. */
  async function premiumViaWebhook(parent: Parent, subscriptionId = `sub_${newEventId().slice(9)}`) {
    const { sessionId } = await startCheckout(ctx.app, parent.access, plans.premium);
    fake.pay(sessionId, subscriptionId);
    const res = await deliverEvent(
      checkoutCompleted({ id: sessionId, subscription: subscriptionId, mode: 'subscription' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { sessionId, subscriptionId };
  }

  describe('creating a Checkout Session', () => {
    it('Starter: a one-time payment whose amount comes from the server’s plan, whatever the client sent', async () => {
      const parent = await verifiedParent(ctx);
      const before = fake.requests.length;
      const res = await createCheckout(ctx.app, parent.access, {
        plan_id: plans.starter,
        price: 1,
        amount: 1,
        unit_amount: 100,
        plan_price: 0,
        currency: 'jpy',
        mode: 'setup',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { sessionId, url } = res.json();
      expect(sessionId).toMatch(/^cs_test_/);
      expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

      const calls = fake.requests.slice(before);
      expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);
      const form = calls[0]!.form;
      expect(calls[0]!.headers.authorization).toBe('Bearer sk_test_123');
      expect(form).toEqual({
        mode: 'payment',
        customer_email: parent.email,
        client_reference_id: parent.id,
        'metadata[user_id]': parent.id,
        'metadata[plan_id]': plans.starter,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '12900',
        'line_items[0][price_data][product_data][name]': PLAN_NAMES.starter,
        success_url: `${PUBLIC_URL}/payment-success?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/subscription?checkout=cancelled`,
      });
      expect(await sessionStatus(sessionId)).toEqual({ status: 'open', provider: 'stripe', amount: expect.anything() });
      expect(Number((await sessionStatus(sessionId))!.amount)).toBe(129);
    });

    it('a zero-decimal currency: ¥15,000 is sent as 15000, and a renewal of 15000 records and mails ¥15,000', async () => {
      await ctx.db.query("update plans set currency = 'jpy', price = 15000 where id = $1", [plans.premium]);
      try {
        const parent = await verifiedParent(ctx);
        const before = fake.requests.length;
        const { subscriptionId } = await premiumViaWebhook(parent, 'sub_yen_1');
        const form = fake.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!.form;
        expect(form['line_items[0][price_data][currency]']).toBe('jpy');
        expect(form['line_items[0][price_data][unit_amount]']).toBe('15000');

        const end = (await subByProviderId(subscriptionId))!.current_period_end;
        const next = Math.floor(end.getTime() / 1000) + 31 * 86_400;
        const renewal = invoiceEvent('invoice.paid', {
          id: 'in_yen_1',
          subscription: subscriptionId,
          billing_reason: 'subscription_cycle',
          amount: 15000,
          currency: 'jpy',
          period: { start: Math.floor(end.getTime() / 1000), end: next },
        });
        expect((await deliverEvent(renewal)).statusCode).toBe(200);
        const renewed = (await payments(ctx.app, parent.access)).find((p) => p.kind === 'renewal');
        expect(renewed).toMatchObject({ plan_price: 15000, currency: 'jpy' });
        const mails = (await receiptsTo(ctx, parent.email, PLAN_NAMES.premium)).map(mailText);
        expect(mails).toHaveLength(2);
        for (const text of mails) expect(text).toContain('¥15,000');
      } finally {
        await ctx.db.query("update plans set currency = 'usd', price = 149 where id = $1", [plans.premium]);
      }
    });

    it('Premium: a subscription billed monthly at $149', async () => {
      const parent = await verifiedParent(ctx);
      const before = fake.requests.length;
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.premium, {
        price: 0,
        recurring: { interval: 'year' },
      });
      const form = fake.requests.slice(before)[0]!.form;
      expect(form).toMatchObject({
        mode: 'subscription',
        'line_items[0][price_data][unit_amount]': '14900',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][recurring][interval]': 'month',
        'line_items[0][price_data][product_data][name]': PLAN_NAMES.premium,
        'metadata[plan_id]': plans.premium,
      });
      expect(fake.sessions.get(sessionId)).toMatchObject({ mode: 'subscription', amount_total: 14900 });
    });

    it('the free trial needs no Stripe call, and the built-in test checkout is not served', async () => {
      const parent = await verifiedParent(ctx);
      const before = fake.requests.length;
      const { sessionId, url } = await startCheckout(ctx.app, parent.access, plans.trial);
      expect(url).toBe(`${PUBLIC_URL}/payment-success?success=true&session_id=${sessionId}`);
      const res = await verifyCheckout(ctx.app, parent.access, sessionId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().subscription).toMatchObject({
        plan_name: PLAN_NAMES.trial,
        active: true,
        match_credits_total: 1,
      });
      expect(fake.requests.length).toBe(before);

      const paid = await startCheckout(ctx.app, (await verifiedParent(ctx)).access, plans.starter);
      expect((await ctx.app.inject({ method: 'GET', url: `/checkout/test/${paid.sessionId}` })).body).not.toContain(
        'TEST MODE',
      );
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/checkout/test/${paid.sessionId}/confirm`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: '',
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('the webhook', () => {
    it('refuses a bad, missing, tampered or stale signature with 400 and changes nothing', async () => {
      const parent = await verifiedParent(ctx);
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.starter);
      fake.pay(sessionId);
      const event = checkoutCompleted({ id: sessionId });
      const good = signed(event);
      const events = await webhookCount();

      const attempts = [
        deliver(good.payload),
        deliver(good.payload, ''),
        deliver(good.payload, 'not-a-signature'),
        deliver(good.payload, signed(event, { secret: 'whsec_someone_else' }).header),
        deliver(good.payload.replace('"paid"', '"paid" '), good.header),
        deliver(JSON.stringify({ ...event, id: newEventId() }), good.header),
        deliver(good.payload, signed(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).header),
        // A user token is no substitute for Stripe's signature.
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook/',
          headers: { ...bearer(parent.access), 'content-type': 'application/json' },
          payload: good.payload,
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe('Invalid webhook signature.');
      }
      expect(await webhookCount()).toBe(events);
      expect(await sessionStatus(sessionId)).toMatchObject({ status: 'open' });
      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([]);
      expect(await paymentRows(ctx.db, parent.id)).toEqual([]);
    });

    it('signed checkout.session.completed activates the plan with no user token; replays change nothing', async () => {
      const parent = await verifiedParent(ctx);
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.starter);
      fake.pay(sessionId);
      const event = checkoutCompleted({ id: sessionId });
      const { payload, header } = signed(event);

      const first = await deliver(payload, header);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true });
      expect(await entitlement(ctx.app, parent.access)).toMatchObject({
        active: true,
        plan_name: PLAN_NAMES.starter,
        match_credits_total: 3,
      });
      expect(await profileSubscribed(ctx.app, parent.access)).toBe(true);
      expect(await payments(ctx.app, parent.access)).toEqual([
        expect.objectContaining({
          plan_name: PLAN_NAMES.starter,
          plan_price: 129,
          payment_status: 'succeeded',
          kind: 'initial',
        }),
      ]);
      expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);

      const replay = await deliver(payload, header);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      // Stripe re-signs a redelivery: same event id, fresh signature.
      const redelivery = await deliverEvent(event);
      expect(redelivery.json()).toEqual({ received: true, duplicate: true });
      // A different event about the same session changes nothing either.
      expect((await deliverEvent(checkoutCompleted({ id: sessionId }))).statusCode).toBe(200);

      expect(await subscriptionRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);

      // The browser's return after the webhook: verify succeeds with what is already recorded.
      const verify = await verifyCheckout(ctx.app, parent.access, sessionId);
      expect(verify.statusCode, verify.body).toBe(200);
      expect(verify.json().subscription).toMatchObject({ active: true, plan_name: PLAN_NAMES.starter });
      expect(await subscriptionRows(ctx.db, parent.id)).toHaveLength(1);
    });

    it('ignores events it does not act on: unknown sessions, unpaid sessions, other event types', async () => {
      const parent = await verifiedParent(ctx);
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.starter);
      const results = await Promise.all([
        deliverEvent(checkoutCompleted({ id: 'cs_test_not_ours' })),
        deliverEvent(checkoutCompleted({ id: sessionId, payment_status: 'unpaid' })),
        deliverEvent(stripeEvent('customer.created', { id: 'cus_123', object: 'customer' })),
        deliverEvent(
          invoiceEvent('invoice.paid', {
            id: 'in_unknown',
            subscription: 'sub_unknown',
            billing_reason: 'subscription_cycle',
            amount: 14900,
          }),
        ),
        deliverEvent(subscriptionDeleted('sub_unknown')),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([]);
      expect(await sessionStatus(sessionId)).toMatchObject({ status: 'open' });
    });
  });

  describe('verify on return', () => {
    it('asks Stripe: unpaid → 402, nothing active; paid → active, the Stripe subscription id recorded', async () => {
      const parent = await verifiedParent(ctx);
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.premium);
      const lookups = () => fake.requestsTo('GET', `/v1/checkout/sessions/${sessionId}`).length;

      const open = await verifyCheckout(ctx.app, parent.access, sessionId);
      expect(open.statusCode, open.body).toBe(402);
      expect(open.json()).toEqual({ code: 'payment_incomplete', success: false, message: PAYMENT_MSG.notCompleted });
      expect(lookups()).toBe(1);

      // Complete but still unpaid (a delayed payment method) is not paid either.
      fake.setSession(sessionId, { status: 'complete', payment_status: 'unpaid' });
      expect((await verifyCheckout(ctx.app, parent.access, sessionId)).statusCode).toBe(402);
      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([]);
      expect(await profileSubscribed(ctx.app, parent.access)).toBe(false);

      fake.pay(sessionId, 'sub_verify_1');
      const paid = await verifyCheckout(ctx.app, parent.access, sessionId);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().subscription).toMatchObject({ active: true, plan_name: PLAN_NAMES.premium, renews: true });
      expect(lookups()).toBe(3);
      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([
        expect.objectContaining({ provider: 'stripe', provider_subscription_id: 'sub_verify_1', status: 'active' }),
      ]);
      const recorded = await paymentRows(ctx.db, parent.id);
      expect(recorded).toEqual([
        expect.objectContaining({ provider: 'stripe', kind: 'initial', payment_status: 'succeeded' }),
      ]);
      expect(Number(recorded[0]!.plan_price)).toBe(149);

      // Someone else's session is not found, and Stripe is not even asked.
      const other = await verifiedParent(ctx);
      const stolen = await verifyCheckout(ctx.app, other.access, sessionId);
      expect(stolen.statusCode).toBe(404);
      expect(lookups()).toBe(3);
    });

    it('a verify racing the webhook for one session makes one subscription, one payment and one receipt', async () => {
      const parent = await verifiedParent(ctx);
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.premium);
      fake.pay(sessionId, 'sub_race_1');
      const event = checkoutCompleted({ id: sessionId, subscription: 'sub_race_1', mode: 'subscription' });
      const results = await Promise.all([
        verifyCheckout(ctx.app, parent.access, sessionId),
        deliverEvent(event),
        verifyCheckout(ctx.app, parent.access, sessionId),
        deliverEvent(checkoutCompleted({ id: sessionId, subscription: 'sub_race_1', mode: 'subscription' })),
        verifyCheckout(ctx.app, parent.access, sessionId),
        deliverEvent(event),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(await subscriptionRows(ctx.db, parent.id)).toEqual([
        expect.objectContaining({ status: 'active', provider_subscription_id: 'sub_race_1' }),
      ]);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);
      expect(await receiptsTo(ctx, parent.email)).toHaveLength(1);
    });
  });

  describe('Premium over its lifetime', () => {
    it('invoice.paid renews once, payment_failed suspends, a retry restores, subscription.deleted ends', async () => {
      const parent = await verifiedParent(ctx);
      const { subscriptionId } = await premiumViaWebhook(parent, 'sub_life_1');
      const end1 = (await subByProviderId(subscriptionId))!.current_period_end;
      const secs = (d: Date) => Math.floor(d.getTime() / 1000);

      // The first invoice is the checkout itself, already recorded.
      expect(
        (
          await deliverEvent(
            invoiceEvent('invoice.paid', {
              id: 'in_life_0',
              subscription: subscriptionId,
              billing_reason: 'subscription_create',
              amount: 14900,
            }),
          )
        ).statusCode,
      ).toBe(200);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(1);

      const end2 = new Date(end1.getTime() + 31 * DAY);
      const renewal = invoiceEvent('invoice.paid', {
        id: 'in_life_1',
        subscription: subscriptionId,
        billing_reason: 'subscription_cycle',
        amount: 14900,
        period: { start: secs(end1), end: secs(end2) },
      });
      const r1 = await deliverEvent(renewal);
      expect(r1.json()).toEqual({ received: true });
      expect(await entitlement(ctx.app, parent.access)).toMatchObject({
        active: true,
        current_period_end: new Date(secs(end2) * 1000).toISOString(),
      });
      const afterRenewal = await payments(ctx.app, parent.access);
      expect(afterRenewal.map((p) => [p.kind, p.plan_price])).toEqual(
        expect.arrayContaining([
          ['renewal', 149],
          ['initial', 149],
        ]),
      );
      expect(afterRenewal).toHaveLength(2);
      expect(await receiptsTo(ctx, parent.email, PLAN_NAMES.premium)).toHaveLength(2);

      expect((await deliverEvent(renewal)).json()).toEqual({ received: true, duplicate: true });
      // The same invoice in another event (Stripe may send one per endpoint or resend) is recorded once.
      expect(
        (
          await deliverEvent(
            invoiceEvent('invoice.paid', {
              id: 'in_life_1',
              subscription: subscriptionId,
              billing_reason: 'subscription_cycle',
              amount: 14900,
              period: { start: secs(end1), end: secs(end2) },
            }),
          )
        ).statusCode,
      ).toBe(200);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(2);
      expect(await receiptsTo(ctx, parent.email)).toHaveLength(2);

      const failed = await deliverEvent(
        invoiceEvent('invoice.payment_failed', {
          id: 'in_life_2',
          subscription: subscriptionId,
          billing_reason: 'subscription_cycle',
          amount: 14900,
        }),
      );
      expect(failed.statusCode).toBe(200);
      expect(await entitlement(ctx.app, parent.access)).toBeNull();
      expect(await profileSubscribed(ctx.app, parent.access)).toBe(false);
      expect((await subByProviderId(subscriptionId))!.status).toBe('past_due');
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(2);

      // Stripe retries the card and it goes through.
      const end3 = new Date(end2.getTime() + 30 * DAY);
      await deliverEvent(
        invoiceEvent('invoice.paid', {
          id: 'in_life_2',
          subscription: subscriptionId,
          billing_reason: 'subscription_cycle',
          amount: 14900,
          period: { start: secs(end2), end: secs(end3) },
        }),
      );
      expect(await entitlement(ctx.app, parent.access)).toMatchObject({
        active: true,
        current_period_end: new Date(secs(end3) * 1000).toISOString(),
      });

      const deleted = await deliverEvent(subscriptionDeleted(subscriptionId));
      expect(deleted.statusCode).toBe(200);
      expect(await entitlement(ctx.app, parent.access)).toBeNull();
      expect(await profileSubscribed(ctx.app, parent.access)).toBe(false);
      expect((await subByProviderId(subscriptionId))!.status).toBe('cancelled');

      // Stripe does not promise order: an invoice event arriving after the deletion does not bring it back.
      const end4 = new Date(end3.getTime() + 30 * DAY);
      await deliverEvent(
        invoiceEvent('invoice.paid', {
          id: 'in_life_3',
          subscription: subscriptionId,
          billing_reason: 'subscription_cycle',
          amount: 14900,
          period: { start: secs(end3), end: secs(end4) },
        }),
      );
      expect(await entitlement(ctx.app, parent.access)).toBeNull();
      expect((await subByProviderId(subscriptionId))!.status).toBe('cancelled');
    });

    it('cancelling asks Stripe to stop at the period end; nothing is refunded', async () => {
      const parent = await verifiedParent(ctx);
      const { subscriptionId } = await premiumViaWebhook(parent, 'sub_cancel_1');
      const before = fake.requests.length;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/cancel/',
        headers: bearer(parent.access),
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().subscription).toMatchObject({ active: true, renews: false, cancel_at_period_end: true });
      const calls = fake.requests.slice(before);
      expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/subscriptions/${subscriptionId}`]);
      expect(calls[0]!.form).toEqual({ cancel_at_period_end: 'true' });
      expect(await paymentRows(ctx.db, parent.id)).toEqual([
        expect.objectContaining({ kind: 'initial', payment_status: 'succeeded' }),
      ]);
    });

    it('a new plan stops the replaced Premium billing at Stripe; a late invoice cannot revive it', async () => {
      const parent = await verifiedParent(ctx);
      const { subscriptionId } = await premiumViaWebhook(parent, 'sub_replace_1');
      const end1 = (await subByProviderId(subscriptionId))!.current_period_end;

      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.starter);
      fake.pay(sessionId);
      const before = fake.requests.length;
      expect((await verifyCheckout(ctx.app, parent.access, sessionId)).statusCode).toBe(200);
      expect((await subByProviderId(subscriptionId))!.status).toBe('replaced');
      const cancels = fake.requests.slice(before).filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`);
      expect(cancels).toHaveLength(1);
      expect(cancels[0]!.method === 'DELETE' || cancels[0]!.form.cancel_at_period_end === 'true').toBe(true);

      const secs = (d: Date) => Math.floor(d.getTime() / 1000);
      await deliverEvent(
        invoiceEvent('invoice.paid', {
          id: 'in_replace_1',
          subscription: subscriptionId,
          billing_reason: 'subscription_cycle',
          amount: 14900,
          period: { start: secs(end1), end: secs(end1) + 30 * 86_400 },
        }),
      );
      expect((await subByProviderId(subscriptionId))!.status).toBe('replaced');
      expect(await entitlement(ctx.app, parent.access)).toMatchObject({ active: true, plan_name: PLAN_NAMES.starter });
      expect((await subscriptionRows(ctx.db, parent.id)).filter((s) => s.status === 'active')).toHaveLength(1);
    });

    it('keeps trying to stop a replaced Premium’s billing when Stripe is down, until Stripe confirms', async () => {
      const parent = await verifiedParent(ctx);
      const { subscriptionId } = await premiumViaWebhook(parent, 'sub_replace_outage');
      const { sessionId } = await startCheckout(ctx.app, parent.access, plans.starter);
      fake.pay(sessionId);
      fake.faults.subscriptionUpdates = 3;
      expect((await verifyCheckout(ctx.app, parent.access, sessionId)).statusCode).toBe(200);
      const pending = async () =>
        (
          await ctx.db.query<{ provider_cancel_pending: boolean }>(
            'select provider_cancel_pending from subscriptions where provider_subscription_id = $1',
            [subscriptionId],
          )
        )[0]!.provider_cancel_pending;
      expect(await pending()).toBe(true);

      const before = fake.requests.length;
      await ctx.services.checkout.runDueJobs();
      const cancels = fake.requests.slice(before).filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`);
      expect(cancels.length).toBeGreaterThanOrEqual(1);
      expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: 'true' });
      expect(await pending()).toBe(false);
    });

    // Moves the clock forward, so it runs last.
    it('usable while the renewal invoice is on its way; expires 3 days after the period end without one', async () => {
      const parent = await verifiedParent(ctx);
      const { subscriptionId } = await premiumViaWebhook(parent, 'sub_grace_1');
      const end1 = (await subByProviderId(subscriptionId))!.current_period_end;
      const signIn = async () =>
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login/',
            payload: { email: parent.email, password: parent.password },
          })
        ).json().tokens.access as string;

      // Stripe bills at the period end and reports it a little later: the parent keeps access meanwhile.
      ctx.clock.set(new Date(end1.getTime() + 60 * 60 * 1000));
      expect(await ctx.services.checkout.runDueJobs()).toEqual({ renewed: 0, expired: 0 });
      let token = await signIn();
      expect(await entitlement(ctx.app, token)).toMatchObject({ active: true, renews: true });
      expect(await profileSubscribed(ctx.app, token)).toBe(true);

      const end2 = new Date(end1.getTime() + 30 * DAY);
      await deliverEvent(
        invoiceEvent('invoice.paid', {
          id: 'in_grace_1',
          subscription: subscriptionId,
          billing_reason: 'subscription_cycle',
          amount: 14900,
          period: { start: Math.floor(end1.getTime() / 1000), end: Math.floor(end2.getTime() / 1000) },
        }),
      );
      const renewedEnd = (await subByProviderId(subscriptionId))!.current_period_end;
      expect(renewedEnd.getTime()).toBe(Math.floor(end2.getTime() / 1000) * 1000);

      // No invoice.paid for the next period: still usable for three days, then the job ends it.
      ctx.clock.set(new Date(renewedEnd.getTime() + 3 * DAY - 1000));
      expect(await ctx.services.checkout.runDueJobs()).toEqual({ renewed: 0, expired: 0 });
      token = await signIn();
      expect(await entitlement(ctx.app, token)).toMatchObject({ active: true });
      ctx.clock.set(new Date(renewedEnd.getTime() + 3 * DAY));
      token = await signIn();
      expect(await entitlement(ctx.app, token)).toBeNull();
      expect(await ctx.services.checkout.runDueJobs()).toEqual({ renewed: 0, expired: 1 });
      expect((await subByProviderId(subscriptionId))!.status).toBe('expired');
      expect(await profileSubscribed(ctx.app, token)).toBe(false);
      expect(await paymentRows(ctx.db, parent.id)).toHaveLength(2);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, newParent, type TestContext } from './harness.ts';
import { planIds, wideRates } from './payments-helpers.ts';

/**
 * Checkout return links without PUBLIC_URL (issue 11): a person who opened http://127.0.0.1:3000 was sent back
 * to http://localhost:3000, where the session (kept per origin) is not, and saw "Payment verification failed".
 */
describe('checkout return links follow the origin the browser opened', () => {
  let ctx: TestContext;
  let starter: string;
  beforeAll(async () => {
    ctx = await createTestContext({
      publicUrl: 'http://localhost:3000',
      publicUrlConfigured: false,
      rateRules: wideRates(),
    });
    starter = (await planIds(ctx.db)).starter;
  });
  afterAll(async () => ctx.close());

  async function start(host: string) {
    const parent = await newParent(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/create-checkout-session/',
      headers: { ...bearer(parent.access), host },
      payload: { plan_id: starter, skip_trial: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { session_id?: string; sessionId?: string; url: string };
  }

  it('on 127.0.0.1 the checkout page, its confirm and its cancel all stay on 127.0.0.1', async () => {
    const started = await start('127.0.0.1:3000');
    const url = new URL(started.url);
    expect(url.origin).toBe('http://127.0.0.1:3000');
    const page = await ctx.app.inject({ method: 'GET', url: url.pathname, headers: { host: '127.0.0.1:3000' } });
    expect(page.body).toContain('href="http://127.0.0.1:3000/subscription"');
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}/confirm`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(confirm.statusCode).toBe(303);
    expect(new URL(confirm.headers.location as string).origin).toBe('http://127.0.0.1:3000');
    expect(new URL(confirm.headers.location as string).pathname).toBe('/payment-success');

    const other = new URL((await start('127.0.0.1:3000')).url);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `${other.pathname}/cancel`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(cancel.headers.location).toBe('http://127.0.0.1:3000/subscription?checkout=cancelled');
  });

  it('a Host that is not this server (another name, another port) gets the default address, never its own', async () => {
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1:4000', 'localhost.evil.example:3000']) {
      expect(new URL((await start(host)).url).origin, host).toBe('http://localhost:3000');
    }
  });
});

describe('with PUBLIC_URL set, return links always use it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ publicUrl: 'https://kindred.example', rateRules: wideRates() });
  });
  afterAll(async () => ctx.close());

  it('ignores the Host the request came in on', async () => {
    const parent = await newParent(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/create-checkout-session/',
      headers: { ...bearer(parent.access), host: '127.0.0.1:3000' },
      payload: { plan_id: (await planIds(ctx.db)).starter, skip_trial: true },
    });
    expect(new URL((res.json() as { url: string }).url).origin).toBe('https://kindred.example');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_NAMES } from '@kindred/shared';
import { createTestContext, mailsTo, newParent, verifiedParent, verifyEmail, type TestContext } from './harness.ts';
import {
  confirmTestCheckout,
  mailText,
  pathOf,
  payments,
  planIds,
  startCheckout,
  verifyCheckout,
  wideRates,
} from './payments-helpers.ts';

/**
 * What a paying parent reads about the money: the test checkout page, the payment history and the e-mailed
 * receipt, in the plan's own currency. Own database: the Starter plan is switched to euros here.
 */
describe('amounts in the plan currency, receipts', () => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof planIds>>;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: wideRates() });
    plans = await planIds(ctx.db);
  });
  afterAll(async () => ctx.close());

  it('a plan priced in euros shows euros on the checkout page, in the payment history and on the receipt', async () => {
    await ctx.db.query("update plans set currency = 'eur' where id = $1", [plans.starter]);
    const parent = await verifiedParent(ctx);
    const started = await startCheckout(ctx.app, parent.access, plans.starter, { skip_trial: true });
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(started.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('€129.00');
    expect(page.body).not.toContain('$129.00');

    expect((await confirmTestCheckout(ctx.app, started.sessionId)).statusCode).toBe(303);
    expect((await verifyCheckout(ctx.app, parent.access, started.sessionId)).statusCode).toBe(200);
    expect(await payments(ctx.app, parent.access)).toEqual([
      expect.objectContaining({ plan_name: PLAN_NAMES.starter, plan_price: 129, currency: 'eur' }),
    ]);

    const receipt = mailText(
      await ctx.smtp.waitFor(parent.email, (m) => m.raw.includes('Subject: Your Kindred receipt')),
    );
    expect(receipt).toContain('Amount: €129.00');
    expect(receipt).not.toContain('$129.00');
  });

  it('the receipt, as delivered over SMTP, wears the mail layout: brand heading and disclaimer', async () => {
    const parent = await verifiedParent(ctx);
    const started = await startCheckout(ctx.app, parent.access, plans.premium);
    expect((await confirmTestCheckout(ctx.app, started.sessionId)).statusCode).toBe(303);
    expect((await verifyCheckout(ctx.app, parent.access, started.sessionId)).statusCode).toBe(200);
    const raw = mailText(await ctx.smtp.waitFor(parent.email, (m) => m.raw.includes('Subject: Your Kindred receipt')));
    const html = raw.slice(raw.indexOf('Content-Type: text/html'));
    expect(html).toContain('<!doctype html>');
    // The layout every other mail uses: the brand-coloured heading on a white card, then the disclaimer.
    expect(html).toMatch(/<h1 style="[^"]*color:#0b5c5c">Your receipt<\/h1>/);
    expect(html).toContain('Kindred is a technology platform, not a clinic. Our tools are informational only.');
    expect(html).toContain(`We received your payment for ${PLAN_NAMES.premium.replace(/&/g, '&amp;')}.`);
    expect(html).toContain('Amount: $149.00');
  });

  it('a parent who pays before verifying the address gets the receipt over SMTP once it is verified', async () => {
    const parent = await newParent(ctx.app);
    const started = await startCheckout(ctx.app, parent.access, plans.premium);
    expect((await confirmTestCheckout(ctx.app, started.sessionId)).statusCode).toBe(303);
    expect((await verifyCheckout(ctx.app, parent.access, started.sessionId)).statusCode).toBe(200);
    // Paid and shown in the history at once; the receipt waits for the address (held, not sent, not lost).
    expect(await payments(ctx.app, parent.access)).toHaveLength(1);
    await ctx.services.mail.flush();
    const isReceipt = (m: { raw: string }) => m.raw.includes('Subject: Your Kindred receipt');
    expect(mailsTo(ctx.smtp, parent.email, isReceipt)).toHaveLength(0);
    const [held] = await ctx.db.query<{ status: string }>(
      "select status from mail_messages where to_address = $1 and kind = 'receipt'",
      [parent.email],
    );
    expect(held?.status).toBe('held');

    await verifyEmail(ctx, parent.email);
    const receipt = mailText(await ctx.smtp.waitFor(parent.email, isReceipt));
    expect(receipt).toContain(`We received your payment for ${PLAN_NAMES.premium}.`);
    expect(receipt).toContain('Amount: $149.00');
    await ctx.services.mail.flush();
    expect(mailsTo(ctx.smtp, parent.email, isReceipt)).toHaveLength(1);
  });
});

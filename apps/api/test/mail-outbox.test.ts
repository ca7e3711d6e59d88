import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  createTestContext,
  forgot,
  isCodeMail,
  mailsTo,
  newParent,
  startSmtp,
  waitForNth,
  buildExtraInstance,
  type TestContext,
  type TestSmtp,
} from './harness.ts';
import { buyWithTestCheckout, isReceipt, planIds, wideRates } from './payments-helpers.ts';
import { mailDeliveryJob, mailSweepJob } from '../src/jobs/mail-delivery.job.ts';
import { welcomeMail } from '../src/modules/auth/auth.mail.ts';

const isWelcome = (m: { raw: string }) => /^Subject: Welcome to Kindred/m.test(m.raw);
/** The delivery job with short delays, so a test waits seconds, not minutes. */
const fastJobs = [{ ...mailDeliveryJob, retry: { limit: 8, delaySeconds: 1, maxDelaySeconds: 2 } }, mailSweepJob];

/** A port nothing listens on any more (an SMTP relay that is down). */
async function deadSmtpPort(): Promise<number> {
  const s = await startSmtp();
  await s.close();
  return s.port;
}

async function rowsTo(ctx: TestContext, to: string) {
  return ctx.db.query<{ id: string; kind: string; status: string; subject: string; text_body: string }>(
    'select * from mail_messages where to_address = $1 order by created_at',
    [to],
  );
}

/**
 * Mail through the outbox: written with the change that causes it, delivered by a job that retries, once per
 * message at the SMTP server; codes never stored and never logged.
 */
describe('mail through the outbox', () => {
  let ctx: TestContext;
  let port: number;
  let relay: TestSmtp | undefined;
  beforeAll(async () => {
    port = await deadSmtpPort();
    ctx = await createTestContext({ rateRules: wideRates(), smtpUrl: `smtp://127.0.0.1:${port}` });
    await ctx.services.jobs.start(ctx.services, fastJobs);
  });
  afterAll(async () => {
    await ctx?.close();
    await relay?.close();
  });

  it('SMTP down during a sign-up, a purchase and a forgot-password, then back: each mail arrives exactly once', async () => {
    const plans = await planIds(ctx.db);
    const p = await newParent(ctx.app);
    // Verified as by the welcome's link (which cannot arrive with the relay down): the receipt is not held.
    await ctx.db.query('update users set email_verified_at = now() where id = $1', [p.id]);
    await buyWithTestCheckout(ctx.app, p.access, plans.starter);
    const { token } = await forgot(ctx, p.email);
    await ctx.services.mail.flush();
    // Every request succeeded; nothing was delivered and nothing was lost. flush() waits for the deliveries the
    // requests started; the delivery job's retries run on their own, so one may be mid-attempt ('sending') when
    // this looks (seen at load ~9): each goes back to pending when its connection is refused.
    await expect
      .poll(async () => (await rowsTo(ctx, p.email)).map((r) => `${r.kind}:${r.status}`), { timeout: 10_000 })
      .toEqual(['welcome:pending', 'receipt:pending', 'verification_code:pending']);

    relay = await startSmtp(port);
    const code = codeFrom(await waitForNth(relay, p.email, 1, isCodeMail, 15_000));
    await waitForNth(relay, p.email, 1, isWelcome, 15_000);
    await waitForNth(relay, p.email, 1, isReceipt(), 15_000);
    // The relay has each message; its sender records it sent just after (until then a second sender is told the
    // message is busy, which is not what this step is about).
    await expect
      .poll(async () => (await rowsTo(ctx, p.email)).map((r) => r.status), { timeout: 15_000 })
      .toEqual(['sent', 'sent', 'sent']);
    // Later retries, a sweep and a second sender find every message sent and send nothing more.
    for (const r of await rowsTo(ctx, p.email)) await ctx.services.mail.deliver(r.id);
    await ctx.services.mail.sweep();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(mailsTo(relay, p.email)).toHaveLength(3);
    expect((await rowsTo(ctx, p.email)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    // Each carries its message key as Message-ID (what a receiver de-duplicates a resend by).
    const keys = await ctx.db.query<{ message_key: string }>(
      'select message_key from mail_messages where to_address = $1',
      [p.email],
    );
    const ids = mailsTo(relay, p.email).map((m) => /^Message-ID:\s*<([^@>]+)@/im.exec(m.raw)?.[1]);
    expect(ids.sort()).toEqual(keys.map((k) => k.message_key).sort());

    // The code that finally went out works, and the database never held it.
    const rows = JSON.stringify(await rowsTo(ctx, p.email));
    expect(rows).not.toContain(code);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/verify-otp/?token=${token}`,
      payload: { otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('a transaction that rolls back leaves no message and sends nothing', async () => {
    const to = `rolled.back.${Date.now()}@example.com`;
    await expect(
      ctx.db.transaction(async (tx) => {
        await ctx.services.mail.enqueue(
          tx,
          to,
          welcomeMail('Rolled', 'http://localhost:3000', 'http://localhost:3000/verify-email?token=x'),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.services.mail.sweep();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await rowsTo(ctx, to)).toEqual([]);
    expect(relay ? mailsTo(relay, to) : []).toEqual([]);
  });

  it('a code mail retried by another process (the code is gone) carries a fresh code that works', async () => {
    // Process A cannot reach the relay and is then gone; process B (ctx, relay up) delivers A's message.
    const a = await buildExtraInstance(ctx, {
      rateRules: wideRates(),
      smtpUrl: `smtp://127.0.0.1:${await deadSmtpPort()}`,
    });
    const p = await newParent(a.app);
    const { token } = await forgot({ ...ctx, app: a.app }, p.email);
    await a.services.mail.flush();
    await a.app.close();
    const [row] = (await rowsTo(ctx, p.email)).filter((r) => r.kind === 'verification_code');
    expect(row?.status).toBe('pending');
    expect(row?.subject).toBe('Your Kindred password reset code');

    await ctx.services.mail.deliver(row!.id);
    const code = codeFrom(await waitForNth(relay!, p.email, 1, isCodeMail));
    expect(JSON.stringify(await rowsTo(ctx, p.email))).not.toContain(code);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/verify-otp/?token=${token}`,
      payload: { otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('in outbox mode the log has the subject without the code and the domain only; the page shows the code', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const dev = await buildExtraInstance(ctx, {
      rateRules: wideRates(),
      smtpUrl: undefined,
      devOutbox: true,
      logger: { level: 'info', stream },
    });
    try {
      const p = await newParent(dev.app);
      await forgot({ ...ctx, app: dev.app }, p.email);
      await dev.services.mail.flush();
      const page = await dev.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
      const code = /Your Kindred verification code is (\d{6})/.exec(page.body)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const mailLines = lines.filter((l) => l.includes('dev outbox'));
      expect(mailLines.length).toBeGreaterThanOrEqual(2); // welcome and code
      const log = lines.join('');
      expect(log).toContain('"subject":"Your Kindred password reset code"');
      expect(log).toContain('"toDomain":"example.com"');
      expect(log).not.toContain(code!);
      // Not the recipient's address, nor the code, nor a body, anywhere in the log (request lines included).
      expect(log).not.toContain(p.email);
      expect(log).not.toContain(p.email.split('@')[0]!);
      expect(log).not.toContain('It expires in');
      expect(log).not.toContain('Tell us what matters to you');
      expect(JSON.stringify(await rowsTo(ctx, p.email))).not.toContain(code!);
    } finally {
      await dev.app.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBehindProxy, type ProxiedPostgres } from './support/deps.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import { call, newAccount, type Account } from './support/http.ts';
import { inboxCounts, smtpBehindProxy, until, verifyFromWelcome, type ProxiedSmtp } from './support/mail.ts';

/**
 * kill -9 in the middle of a burst of purchases (test checkout: start → confirm → verify). After the restart each
 * buyer comes back to the return page (verify again, as the browser does): every paid checkout is activated
 * exactly once, and every buyer gets exactly one receipt, including receipts whose delivery the kill interrupted
 * (the sweeper finds them in the outbox).
 */
describe('kill -9 during a burst of purchases', () => {
  let pg: ProxiedPostgres;
  let smtp: ProxiedSmtp;
  let server: ServerProcess;
  beforeAll(async () => {
    pg = await postgresBehindProxy();
    smtp = await smtpBehindProxy();
    server = await startServer({ databaseUrl: pg.url, smtpUrl: smtp.smtpUrl });
  });
  afterAll(async () => {
    await server?.dispose();
    await smtp?.dispose();
    await pg?.dispose();
  });

  const confirm = (sessionId: string) =>
    fetch(`${server.url}/checkout/test/${encodeURIComponent(sessionId)}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.77' },
      body: '',
      redirect: 'manual',
    }).then(
      (r) => r.status,
      () => 0,
    );

  it('every paid checkout is activated once and every receipt is sent once', { timeout: 240_000 }, async () => {
    const plans = await call(server.url, 'GET', '/api/v1/subscriptions/plans/');
    const starter = (plans.body.results as { id: string; name: string }[]).find((p) => p.name.startsWith('Starter'))!;
    const buyers: { account: Account; sessionId: string }[] = [];
    for (let i = 0; i < 24; i += 1) {
      const account = await newAccount(server.url, `198.51.100.${20 + i}`);
      await verifyFromWelcome(server.url, smtp.received, account.email, `198.51.100.${20 + i}`);
      const started = await call(server.url, 'POST', '/api/v1/payments/create-checkout-session/', {
        token: account.access,
        body: { plan_id: starter.id },
        ip: `198.51.100.${20 + i}`,
      });
      expect(started.status, started.text).toBe(200);
      buyers.push({ account, sessionId: started.body.sessionId as string });
    }
    // The burst: every buyer confirms and returns at once; the process is killed once the first few activations
    // have answered, with the rest (and their receipts) under way.
    let verified = 0;
    let killed: Promise<unknown> | undefined;
    const burst = Promise.all(
      buyers.map(async (b, i) => {
        await confirm(b.sessionId);
        const r = await call(server.url, 'POST', '/api/v1/payments/create-checkout-session/verify/', {
          token: b.account.access,
          body: { session_id: b.sessionId },
          ip: `198.51.100.${20 + i}`,
        });
        if (r.status === 200 && ++verified === 4) killed = server.kill9();
        return r;
      }),
    );
    await until(() => killed !== undefined, 30_000, 'the first activations');
    await killed;
    const answered = (await burst).filter((r) => r.status === 200).length;
    await server.restart();

    const paid = await pg.query<{ id: string }>("select id from checkout_sessions where provider_status = 'paid'");
    // Buyers whose confirm never reached the server confirm again; then everyone returns to the return page.
    for (const b of buyers) if (!paid.some((p) => p.id === b.sessionId)) expect(await confirm(b.sessionId)).toBe(303);
    for (const [i, b] of buyers.entries()) {
      const v = await call(server.url, 'POST', '/api/v1/payments/create-checkout-session/verify/', {
        token: b.account.access,
        body: { session_id: b.sessionId },
        ip: `198.51.100.${20 + i}`,
      });
      expect(v.status, v.text).toBe(200);
    }
    const perSession = await pg.query<{ id: string; subs: number; payments: number }>(
      `select c.id, (select count(*)::int from subscriptions s where s.checkout_session_id = c.id) as subs,
              (select count(*)::int from payments p where p.checkout_session_id = c.id) as payments
         from checkout_sessions c`,
    );
    expect(perSession).toHaveLength(buyers.length);
    for (const s of perSession) expect([s.id, s.subs, s.payments]).toEqual([s.id, 1, 1]);

    // Receipts: the ones interrupted by the kill wait in the outbox until the sweeper hands them to the queue.
    const receipts = () => smtp.received.filter((m) => m.subject.startsWith('Your Kindred receipt'));
    await until(() => receipts().length >= buyers.length, 180_000, 'a receipt for every buyer');
    await new Promise((r) => setTimeout(r, 10_000));
    const counts = inboxCounts(receipts(), () => 'receipt');
    for (const b of buyers) expect(counts.get(`${b.account.email} receipt`), b.account.email).toBe(1);
    const outbox = await pg.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from mail_messages where kind = 'receipt' group by status",
    );
    expect(outbox).toEqual([{ status: 'sent', n: buyers.length }]);
    console.info(`burst: ${answered} of ${buyers.length} verified before kill -9; all activated once after restart`);
  });
});

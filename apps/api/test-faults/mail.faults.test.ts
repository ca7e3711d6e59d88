import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBehindProxy, type ProxiedPostgres } from './support/deps.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import { call, newAccount, type Account } from './support/http.ts';
import { inboxCounts, smtpBehindProxy, until, type ProxiedSmtp } from './support/mail.ts';

// A code mail's subject says what it is and never carries the code (issue 25).
const kindOf = (subject: string) =>
  subject.startsWith('Welcome') ? 'welcome' : subject === 'Your Kindred password reset code' ? 'code' : subject;

/**
 * The SMTP relay is down for 60 s while people sign up and ask for reset codes: every request succeeds at once,
 * and once the relay is back every message arrives exactly once (the delivery job retries with backoff; a retry
 * never sends a message the relay already accepted).
 */
describe('SMTP down for 60 s', () => {
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

  it(
    'every welcome and code mail is delivered exactly once after the relay comes back',
    { timeout: 240_000 },
    async () => {
      await smtp.proxy.cut();
      const accounts: Account[] = [];
      for (let i = 0; i < 5; i += 1) accounts.push(await newAccount(server.url, `198.51.100.${10 + i}`));
      for (const a of accounts) {
        const r = await call(server.url, 'POST', '/api/v1/auth/forgot-password/', {
          body: { email: a.email },
          ip: `203.0.113.${accounts.indexOf(a) + 1}`,
        });
        expect(r.status, r.text).toBe(200);
        expect(r.ms).toBeLessThan(2_000); // a dead relay never slows a request
      }
      await new Promise((r) => setTimeout(r, 60_000));
      expect(smtp.received).toHaveLength(0);
      const waiting = await pg.query<{ n: number }>(
        "select count(*)::int as n from mail_messages where status in ('pending', 'sending')",
      );
      expect(waiting[0]!.n).toBe(10);

      await smtp.proxy.restore();
      const back = Date.now();
      await until(() => smtp.received.length >= 10, 150_000, 'all ten mails');
      console.info(`SMTP back: all 10 mails delivered ${((Date.now() - back) / 1000).toFixed(1)} s later`);
      await new Promise((r) => setTimeout(r, 10_000)); // any duplicate would arrive meanwhile
      const counts = inboxCounts(smtp.received, kindOf);
      for (const a of accounts) {
        expect(counts.get(`${a.email} welcome`), a.email).toBe(1);
        expect(counts.get(`${a.email} code`), a.email).toBe(1);
      }
      expect(smtp.received).toHaveLength(10);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(10);
      const sent = await pg.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from mail_messages group by status',
      );
      expect(sent).toEqual([{ status: 'sent', n: 10 }]);
    },
  );

  it(
    'a relay that hangs at shutdown: the server still stops in seconds, and the mail goes out after the restart',
    {
      timeout: 180_000,
    },
    async () => {
      const before = smtp.received.length;
      smtp.proxy.stall();
      const a = await newAccount(server.url, '198.51.100.99');
      const stopped = Date.now();
      const exit = await server.stop();
      expect(exit.code).toBe(0);
      const stopMs = Date.now() - stopped;
      console.info(`SIGTERM with a hung relay: exit ${exit.code} after ${(stopMs / 1000).toFixed(1)} s`);
      expect(stopMs).toBeLessThan(9_000); // the SMTP greeting timeout, not minutes
      const [row] = await pg.query<{ status: string; error: string | null }>(
        'select status, error from mail_messages where to_address = $1',
        [a.email],
      );
      expect(row?.status).toBe('pending');
      expect(row?.error).toMatch(/greeting never received|timeout/i);

      await smtp.proxy.restore();
      await server.restart();
      await until(() => smtp.received.some((m) => m.to.includes(a.email)), 120_000, 'the welcome after restart');
      await new Promise((r) => setTimeout(r, 5_000));
      expect(smtp.received.slice(before).filter((m) => m.to.includes(a.email))).toHaveLength(1);
    },
  );
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openPglite, openPostgres, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { manualClock } from '../src/lib/clock.ts';

/** Which database this run of the API suite uses: set per Vitest project (vitest.config.ts). */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, migrated database: in-memory PGlite, or a throwaway database on the PostgreSQL server. */
export async function createTestDb(): Promise<Db> {
  if (TEST_DB === 'pglite') {
    const db = await openPglite('memory://');
    await migrate(db);
    return db;
  }
  const name = `kindred_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  await migrate(db);
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await close();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  });
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server in this process; the app under test delivers to it through SMTP_URL. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until a message to `to` matching `match` has arrived. */
    async waitFor(to: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** The six-digit code in a verification mail. */
export function codeFrom(mail: ReceivedMail): string {
  const m = /verification code is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ''));
  if (!m) throw new Error('no code in mail');
  return m[1]!;
}

export type TestContext = { app: App; db: Db; smtp: TestSmtp; clock: ReturnType<typeof manualClock>; close(): Promise<void> };

/** The whole app on a fresh database with real SMTP delivery and a clock the test controls. */
export async function createTestContext(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const db = await createTestDb();
  const smtp = await startSmtp();
  const clock = manualClock(new Date());
  const app = await buildApp({
    db, clock, smtpUrl: smtp.url, jwtSecret: 'test-secret-'.padEnd(48, 'x'), publicUrl: 'http://localhost:3000',
    webDistDir: '/nonexistent', ...overrides,
  });
  await app.ready();
  return {
    app, db, smtp, clock,
    async close() {
      await app.close();
      await smtp.close();
      await db.close();
    },
  };
}

let counter = 0;
/** A valid sign-up payload with a unique e-mail. */
export function signupPayload(over: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Avery', last_name: 'Quinn', email: `avery${counter}.${randomBytes(3).toString('hex')}@example.com`,
    phone_number: '+12025550123', password: 'Tulip-garden-42', password_confirm: 'Tulip-garden-42',
    date_of_birth: '1990-05-17', relationship_to_child: 'mother', highest_education: 'masters', race: 'asian', ethnicity: 'hispanic_latino',
    ...over,
  };
}

/** Signs up and signs in a new parent; returns the credentials and tokens. */
export async function newParent(app: App, over: Record<string, unknown> = {}) {
  const body = signupPayload(over);
  const s = await app.inject({ method: 'POST', url: '/api/v1/auth/parent/signup/', payload: body });
  if (s.statusCode !== 201) throw new Error(`signup failed: ${s.body}`);
  const l = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { email: body.email, password: body.password } });
  const json = l.json();
  return { email: body.email, password: body.password, id: json.user.id as string, access: json.tokens.access as string, refresh: json.tokens.refresh as string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

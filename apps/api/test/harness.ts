import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, inject } from 'vitest';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openPglite, openPostgres, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import pino, { type DestinationStream } from 'pino';
import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { createServices, type Services } from '../src/services.ts';
import { manualClock } from '../src/lib/clock.ts';
import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_RATE_RULES, type RateRule, type RateRuleName } from '../src/plugins/rate-limit.ts';
import { ERROR_CODES, errorCodeOf } from '@kindred/shared';

/** Which database this run of the API suite uses: set per Vitest project (vitest.config.ts). */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh, migrated database: in-memory PGlite, or a throwaway database on the PostgreSQL server. Both start from
 * the run's migrated template (test-db-template.ts: a PGlite dump, a PostgreSQL `TEMPLATE` database) when the
 * global setup made one, so a test file pays neither initdb nor the migrations; `migrate` then finds nothing to do.
 */
export async function createTestDb(): Promise<Db & { url?: string }> {
  const template = inject('dbTemplate');
  if (TEST_DB === 'pglite') {
    const dump = template ? new Blob([await readFile(template)]) : undefined;
    const db = await openPglite('memory://', { loadDataDir: dump });
    await migrate(db);
    return db;
  }
  const name = `kindred_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  await migrate(db);
  const close = db.close;
  return Object.assign(db, {
    /** The server's URL: the job engine's own pool (pg-boss) and the event listener (lib/events.ts). */
    url: url.toString(),
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
export async function startSmtp(port = 0) {
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    /** Waits until a message to `to` matching `match` has arrived. */
    async waitFor(
      to: string,
      match: (m: ReceivedMail) => boolean = () => true,
      timeoutMs = 5000,
    ): Promise<ReceivedMail> {
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

/** An app and the services it serves (the same instances the background jobs would use). */
export type TestInstance = { app: App; services: Services };

/**
 * Services' own log lines go where the app's go: a test that reads the log (`logger: {stream}`) sees both.
 */
function servicesLogger(logger: AppDeps['logger']) {
  if (!logger) return undefined;
  if (logger === true) return pino();
  const { stream, ...options } = logger as Record<string, unknown> & { stream?: DestinationStream };
  return stream ? pino(options, stream) : pino(options);
}

/** Builds the services once (the composition root) and the app serving them, as server.ts does. */
async function buildInstance(deps: AppDeps): Promise<TestInstance> {
  const services = createServices({ ...deps, log: servicesLogger(deps.logger) });
  const app = await buildApp({ ...deps, services });
  await app.ready();
  return { app, services };
}

export type TestContext = {
  app: App;
  services: Services;
  db: Db & { url?: string };
  smtp: TestSmtp;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
};

/** Job engine settings for tests: pg-boss's own pool on PostgreSQL, and workers that poll every half second. */
const jobDeps = (db: Db & { url?: string }) => ({ databaseUrl: db.url, jobPollingSeconds: 0.5 });

/** The JWT secret every test app signs with. */
export const TEST_JWT_SECRET = 'test-secret-'.padEnd(48, 'x');

/**
 * Runs one phase of a test file's setup and names it when it is slow: a line when it is still running after
 * 15 s and, past 10 s, how long it took. A hook that times out on a busy machine then says which phase it was in
 * (the database, the SMTP server, building the app) instead of only "Hook timed out".
 */
export async function setupPhase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const where = `${TEST_DB}, ${expect.getState().testPath?.replace(/^.*\/apps\/api\//, '') ?? 'setup'}`;
  const timer = setTimeout(() => console.warn(`[setup ${where}] still ${name} after 15 s`), 15_000);
  try {
    return await fn();
  } finally {
    clearTimeout(timer);
    const ms = Date.now() - started;
    if (ms > 10_000) console.warn(`[setup ${where}] ${name} took ${(ms / 1000).toFixed(1)} s`);
  }
}

/** The whole app on a fresh database with real SMTP delivery and a clock the test controls. */
export async function createTestContext(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  // A database given (migrated) is used, and closed, instead of a fresh one.
  const db: Db & { url?: string } =
    overrides.db ?? (await setupPhase('creating the database from the template', createTestDb));
  const smtp = await setupPhase('starting the SMTP server', () => startSmtp());
  const clock = manualClock(new Date());
  const { app, services } = await setupPhase('building the app', () =>
    buildInstance({
      db,
      ...jobDeps(db),
      clock,
      smtpUrl: smtp.url,
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: 'http://localhost:3000',
      webDistDir: '/nonexistent',
      ...overrides,
    }),
  );
  return {
    app,
    services,
    db,
    smtp,
    clock,
    async close() {
      await app.close();
      await smtp.close();
      await db.close();
    },
  };
}

/**
 * Another app instance on a context's database, SMTP server and clock: cheap (no new database), for tests of
 * configuration variants or of several instances. The caller closes it.
 */
export function buildExtraInstance(ctx: TestContext, overrides: Partial<AppDeps> = {}): Promise<TestInstance> {
  return buildInstance({
    db: ctx.db,
    ...jobDeps(ctx.db),
    clock: ctx.clock,
    smtpUrl: ctx.smtp.url,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://localhost:3000',
    webDistDir: '/nonexistent',
    ...overrides,
  });
}

/** The app alone of buildExtraInstance. */
export async function buildExtraApp(ctx: TestContext, overrides: Partial<AppDeps> = {}): Promise<App> {
  return (await buildExtraInstance(ctx, overrides)).app;
}

let counter = 0;
/** A valid sign-up payload with a unique e-mail. */
export function signupPayload(over: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Avery',
    last_name: 'Quinn',
    email: `avery${counter}.${randomBytes(3).toString('hex')}@example.com`,
    phone_number: '+12025550123',
    password: 'Tulip-garden-42',
    password_confirm: 'Tulip-garden-42',
    date_of_birth: '1990-05-17',
    relationship_to_child: 'mother',
    highest_education: 'masters',
    race: 'asian',
    ethnicity: 'hispanic_latino',
    ...over,
  };
}

/**
 * Signs up and signs in a new parent; returns the credentials and tokens. The parent consents to the use of their
 * health data for matching, as the wizard asks before the first save (`consent: false` leaves it ungiven).
 */
export async function newParent(
  app: App,
  over: Record<string, unknown> = {},
  opts: { remoteAddress?: string; consent?: boolean } = {},
) {
  const body = signupPayload(over);
  const from = opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {};
  const s = await app.inject({ method: 'POST', url: '/api/v1/auth/parent/signup/', payload: body, ...from });
  if (s.statusCode !== 201) throw new Error(`signup failed: ${s.body}`);
  const l = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    headers: REFRESH_IN_BODY,
    payload: { email: body.email, password: body.password },
    ...from,
  });
  const json = l.json();
  if (opts.consent !== false) await grantHealthConsent(app, json.tokens.access as string, opts.remoteAddress);
  return {
    email: body.email,
    password: body.password,
    id: json.user.id as string,
    access: json.tokens.access as string,
    refresh: json.tokens.refresh as string,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Every value of a JSON answer (its leaves), for "this answer holds no price": a substring check on the body fails
 * by chance when a random id, address or time holds the digits (CI runs failed on user ids ending in …6129… twice).
 */
export const jsonLeaves = (v: unknown): unknown[] =>
  v !== null && typeof v === 'object' ? Object.values(v).flatMap(jsonLeaves) : [v];
/** The Starter plan's price as an answer could spell it: dollars, with cents, or in cents. */
export const STARTER_PRICE = /^(129(\.00)?|12900)$/;
/**
 * The header with which an API client asks for the refresh token in the JSON body (the web app never sends it and
 * gets only the cookie). The suite's sign-in helpers act as API clients and send it.
 */
export const REFRESH_IN_BODY = { 'x-refresh-token-in-body': 'true' };

/** Records the parent's consent to the use of their health data for matching (ADR 019). */
export async function grantHealthConsent(app: App, token: string, remoteAddress?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/profile/consents/',
    headers: bearer(token),
    payload: { kind: 'health_data_matching', granted: true, source: 'wizard' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`consent failed: ${res.body}`);
}

// ---- Shared helpers for the API integration suite ---------------------------------------------------------

/** Every rate rule opened wide, so tests that are not about limits never meet one. `over` keeps a few real. */
export function generousRates(
  over: Partial<Record<RateRuleName, RateRule>> = {},
): Partial<Record<RateRuleName, RateRule>> {
  const wide = Object.fromEntries(
    Object.keys(DEFAULT_RATE_RULES).map((k) => [k, { points: 1_000_000, durationSeconds: 60 }]),
  ) as Record<RateRuleName, RateRule>;
  return { ...wide, ...over };
}

/** Row counts of the tables an attacker would want to grow or change. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['users', 'refresh_tokens', 'password_resets', 'mail_messages']) {
    const rows = await db.query<{ n: string | number }>(`select count(*) as n from ${t}`);
    out[t] = Number(rows[0]!.n);
  }
  return out;
}

/** The messages (oldest first) that reached `to` and match. */
export function mailsTo(smtp: TestSmtp, to: string, match: (m: ReceivedMail) => boolean = () => true): ReceivedMail[] {
  return smtp.received.filter((m) => m.to.includes(to) && match(m));
}

/** Waits until the `n`th (1-based) matching message to `to` has arrived and returns it. */
export async function waitForNth(
  smtp: TestSmtp,
  to: string,
  n: number,
  match: (m: ReceivedMail) => boolean = () => true,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = mailsTo(smtp, to, match);
    if (list.length >= n) return list[n - 1]!;
    if (Date.now() > deadline) throw new Error(`only ${list.length} of ${n} mails to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const isCodeMail = (m: ReceivedMail) => /verification code is \d{6}/.test(m.raw.replace(/=\r?\n/g, ''));
export const isPasswordChangedMail = (m: ReceivedMail) => /^Subject: Your Kindred password was changed/m.test(m.raw);

/**
 * Starts recovery for `email` and returns the reset token and, for a real account, the code from the `n`th code
 * mail to that address (pass how many code mails it has received so far plus one).
 */
export async function forgot(
  ctx: TestContext,
  email: string,
  nthMail?: number,
  remoteAddress?: string,
): Promise<{ token: string; code: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password/',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`forgot-password failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  if (nthMail === undefined) return { token, code: '' };
  const code = codeFrom(await waitForNth(ctx.smtp, email.toLowerCase(), nthMail, isCodeMail));
  return { token, code };
}

export const isWelcomeMail = (m: ReceivedMail) => /^Subject: Welcome to Kindred/m.test(m.raw);

/** The verification link's token in a welcome or verification mail (as the mail's reader would follow it). */
export function verifyTokenFrom(mail: ReceivedMail): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /\/verify-email\?token=([A-Za-z0-9._~%-]+)/.exec(text);
  if (!m) throw new Error('no verification link in mail');
  return decodeURIComponent(m[1]!);
}

/**
 * Verifies `email` the way its owner does: follows the link in the welcome mail it received. Tests of mail other
 * than the welcome (receipts, notices) call it first: mail to an unverified address is held (issue 13).
 */
export async function verifyEmail(ctx: Pick<TestContext, 'app' | 'smtp'>, email: string): Promise<void> {
  const token = verifyTokenFrom(await waitForNth(ctx.smtp, email.toLowerCase(), 1, isWelcomeMail));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email/', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verify-email failed: ${res.statusCode} ${res.body}`);
}

/** newParent, with the address verified through its welcome mail (for tests of receipts and notices). */
export async function verifiedParent(
  ctx: Pick<TestContext, 'app' | 'smtp'>,
  over: Record<string, unknown> = {},
  opts: { remoteAddress?: string } = {},
) {
  const parent = await newParent(ctx.app, over, opts);
  await verifyEmail(ctx, parent.email);
  return parent;
}

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const login = (
  app: App,
  email: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    headers: REFRESH_IN_BODY,
    payload: { email, password, ...extra },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/**
 * Asserts a body is in one of the documented error shapes for its status:
 * 400 {message, <field>: [strings]}; 401 {detail, message}; anything else {success: false, message}.
 */
export function expectDocumentedErrorShape(res: LightMyRequestResponse): void {
  const status = res.statusCode;
  const where = `${status} ${res.body.slice(0, 300)}`;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
    throw new Error(`not JSON: ${res.headers['content-type']} ${where}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`body is not JSON: ${where}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`body is not an object: ${where}`);
  const b = body as Record<string, unknown>;
  if (typeof b.message !== 'string' || b.message.length === 0) throw new Error(`no message: ${where}`);
  const code = errorCodeOf(b);
  if (!code) throw new Error(`no code from the shared list: ${where}`);
  if (!(ERROR_CODES[code].statuses as readonly number[]).includes(status))
    throw new Error(`code ${code} is not documented for ${status}: ${where}`);
  if (status === 400) {
    const fields = Object.entries(b).filter(([k]) => k !== 'message' && k !== 'code');
    if (fields.length === 0) throw new Error(`400 without a field list: ${where}`);
    for (const [k, v] of fields) {
      if (!Array.isArray(v) || v.length === 0 || !v.every((m) => typeof m === 'string' && m.length > 0))
        throw new Error(`field ${k} is not a list of messages: ${where}`);
    }
    if (!fields.some(([, v]) => (v as string[]).includes(b.message as string)))
      throw new Error(`message is not one of the field messages: ${where}`);
  } else if (status === 401) {
    if (Object.keys(b).sort().join() !== 'code,detail,message' || typeof b.detail !== 'string')
      throw new Error(`401 not {detail, message, code}: ${where}`);
  } else if (Object.keys(b).sort().join() !== 'code,message,success' || b.success !== false) {
    throw new Error(`not {success: false, message, code}: ${where}`);
  }
}

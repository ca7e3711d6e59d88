/**
 * What the `npm run bench:api` files share: a throwaway database (a fresh PostgreSQL database, or a tmp DATA_DIR
 * for PGlite), generated donors, the real server (apps/api/src/server.ts) in a child process, a signed-in Premium
 * parent, autocannon rounds, and one line per figure: `name  value  target  anchor`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export type Engine = 'postgres' | 'pglite';
export const ENGINES: readonly Engine[] = (process.env.BENCH_DB?.split(',') as Engine[] | undefined) ?? [
  'postgres',
  'pglite',
];
/** The app to measure: this checkout, or another (BENCH_APP_DIR=/path/to/checkout measures a baseline). */
export const APP_DIR = path.resolve(process.env.BENCH_APP_DIR ?? path.join(import.meta.dirname, '..'));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Seconds per round and rounds per figure (the median round is reported). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORTS = { from: Number(process.env.BENCH_PORT_FROM ?? 4400), to: Number(process.env.BENCH_PORT_TO ?? 4499) };

/** A free TCP port in the bench's range. */
export async function freePort(): Promise<number> {
  for (let port = PORTS.from; port <= PORTS.to; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS.from}-${PORTS.to}`);
}

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A throwaway database for one engine, as the environment server.ts reads; `drop()` removes it. */
export async function scratchDatabase(
  engine: Engine,
): Promise<{ env: Record<string, string>; url?: string; drop: () => Promise<void> }> {
  const id = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), `k-reads-bench-${id}-`));
  if (engine === 'pglite')
    return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true }) };
  const name = `k_reads_bench_${id}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    url: url.toString(),
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true });
    },
  };
}

/** Generates `count` donors into the database with the project's generator (before the server opens it). */
export function generateDonors(env: Record<string, string>, count: number) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    ['apps/api/src/cli/donors-generate.ts', '--count', String(count), '--seed', 'bench'],
    { cwd: APP_DIR, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error('generating donors failed');
  return performance.now() - started;
}

export type Server = { base: string; child: ChildProcess; stop: () => Promise<void> };

/** The real server on a free port with this environment, once /readyz answers. */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/src/server.ts'], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      // Load comes from one address; behind a trusted proxy each simulated client brings its own (clientHeaders).
      TRUST_PROXY: 'true',
      JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server not ready within 180 s');
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
}

/**
 * A new parent, signed in, who has consented to the use of their health data for matching (as the wizard asks
 * before the first save; ADR 019); with `plan` ('premium' …) bought through the built-in test checkout.
 */
export async function signedInParent(base: string, plan?: string) {
  const email = `bench.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Tulip-garden-42';
  const signup = await call(base, 'POST', '/api/v1/auth/parent/signup/', {
    first_name: 'Avery',
    last_name: 'Quinn',
    email,
    phone_number: '+12025550123',
    password,
    password_confirm: password,
    date_of_birth: '1990-05-17',
    relationship_to_child: 'mother',
    highest_education: 'masters',
    race: 'asian',
    ethnicity: 'hispanic_latino',
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.text}`);
  const login = await call(base, 'POST', '/api/v1/auth/login/', { email, password });
  const access = (login.json().tokens as { access: string }).access;
  const consent = await call(
    base,
    'POST',
    '/api/v1/profile/consents/',
    { kind: 'health_data_matching', granted: true, source: 'wizard' },
    access,
  );
  if (consent.status !== 200) throw new Error(`consent: ${consent.text}`);
  if (plan) {
    const plans = (await call(base, 'GET', '/api/v1/subscriptions/plans/')).json().results as {
      id: string;
      subscription_type: string;
    }[];
    const planId = plans.find((p) => p.subscription_type === plan)!.id;
    const started = await call(base, 'POST', '/api/v1/payments/create-checkout-session/', { plan_id: planId }, access);
    const sessionId = started.json().sessionId as string;
    const confirm = await fetch(`${base}/checkout/test/${encodeURIComponent(sessionId)}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    if (confirm.status !== 303) throw new Error(`checkout confirm: ${confirm.status}`);
    const verify = await call(
      base,
      'POST',
      '/api/v1/payments/create-checkout-session/verify/',
      { session_id: sessionId },
      access,
    );
    if (verify.status !== 200) throw new Error(`checkout verify: ${verify.text}`);
  }
  return {
    email,
    access,
    call: (method: string, url: string, body?: unknown) => call(base, method, url, body, access),
  };
}

export type Round = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * One autocannon round of `seconds` against `url`. Each request comes from one of 2,000 simulated client
 * addresses (x-forwarded-for; the server trusts the proxy), as real traffic would, so the per-IP API limit
 * (600/minute) measures its cost without refusing the load.
 */
export async function round(
  url: string,
  opts: {
    connections?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** The n-th request's body and headers, when requests must differ (each a query never asked before, by one of
     * several users with their own tokens, say). */
    requestFor?: (n: number) => { body: string; headers: Record<string, string> };
  } = {},
): Promise<Round> {
  let n = 0;
  const r = await autocannon({
    url,
    connections: opts.connections ?? 10,
    duration: SECONDS,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests: [
      {
        setupRequest: (req) => {
          n += 1;
          const own = opts.requestFor?.(n);
          return {
            ...req,
            ...(own ? { body: own.body } : {}),
            headers: {
              ...req.headers,
              ...own?.headers,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 7}.${n & 255}`,
            },
          };
        },
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** `ROUNDS` rounds; the round with the median throughput. */
export async function median(run: () => Promise<Round>): Promise<Round> {
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) rounds.push(await run());
  rounds.sort((a, b) => a.rps - b.rps);
  return rounds[Math.floor(rounds.length / 2)]!;
}

/** Prints one figure: `name  value  target  anchor`, aligned. */
export function line(name: string, value: string, target: string, anchor: string) {
  console.log(`${name.padEnd(44)}  ${value.padEnd(30)}  ${target.padEnd(16)}  ${anchor}`);
}
export const header = (title: string) => {
  console.log(`\n${title}`);
  line('name', 'value', 'target', 'anchor');
};
export const fmt = (r: Round) =>
  `${Math.round(r.rps)} req/s p50 ${r.p50} p99 ${r.p99} ms${r.errors + r.non2xx ? ` (${r.errors} err, ${r.non2xx} non-2xx)` : ''}`;

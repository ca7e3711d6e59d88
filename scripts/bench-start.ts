/**
 * CPU seconds from spawn to healthy (issue 26): `npm run bench:start [-- --donors=100000] [--baseline=…/server.ts]`.
 *
 * Starts the real server (apps/api/src/server.ts, as `npm start` runs it once built) as a child process and polls
 * /readyz every 20 ms; at its first 200 the child's user + system CPU time is read from /proc/<pid>/stat (less
 * noisy than wall time on a loaded machine: time spent waiting for a core or for the database does not count).
 * Rows, each the median of BENCH_ROUNDS starts (default 3), the starts of every row interleaved round by round:
 * - the 2,000-donor demo on the embedded database (PGlite, DEMO_DATA, a data folder seeded by a first start);
 * - PostgreSQL with no donors (the fixed cost: modules, migrations, the app, the job engine);
 * - PostgreSQL with 2,000 and with `--donors` generated donors (scripts/bench-api-catalogue-db.ts): at that size
 *   a start loads the snapshot of the matching index the previous one left (migration 120, ADR 015);
 * - the same without a snapshot (the first start of a new engine build): every donor's row read and encoded.
 * `--baseline=<another checkout>/apps/api/src/server.ts` starts that server right after each of ours, on the same
 * database, and prints its figures beside (before → after under the same load). Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { catalogueDb } from './bench-api-catalogue-db.ts';
import { freePort } from './bench-api-lib.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DONORS = Number(arg('donors') ?? 100_000);
const SERVER = path.resolve(arg('server') ?? path.join(import.meta.dirname, '../apps/api/src/server.ts'));
const BASELINE = arg('baseline') && path.resolve(arg('baseline')!);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-secret-'.padEnd(48, 'x');
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** User + system CPU seconds of a process so far (fields 14 and 15 after the command name). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

type Start = { cpu: number; wall: number };

/** One start of `server` with `env` until /readyz answers 200: CPU seconds and wall ms. */
async function start(server: string, env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      JWT_SECRET: SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return { cpu: cpuSeconds(child.pid!), wall: performance.now() - began };
      if (performance.now() - began > 300_000) throw new Error('server not healthy within 300 s');
      await sleep(20);
    }
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

/** `before`: run ahead of each start of the case (the first-start row drops the index snapshot). */
type Case = { name: string; env: () => Record<string, string>; before?: () => Promise<void> };

/** Forgets the snapshot of the matching index the last start wrote (migration 120): a start as after a deploy. */
async function dropSnapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('delete from catalogue_index_snapshots').catch(() => undefined);
  await client.end();
}

const tmp = mkdtempSync(path.join(tmpdir(), 'k-start-bench-'));
try {
  const demoDir = path.join(tmp, 'demo');
  const pgDirs = path.join(tmp, 'pg');
  const [empty, small, large] = [await catalogueDb(0), await catalogueDb(2000), await catalogueDb(DONORS)];
  const pg = (url: string) => () => ({ DATABASE_URL: url, DATA_DIR: pgDirs, DEMO_DATA: 'false' });
  const cases: Case[] = [
    { name: 'PGlite, the 2,000-donor demo (npm start)', env: () => ({ DATA_DIR: demoDir, DEMO_DATA: 'true' }) },
    { name: 'PostgreSQL, no donors', env: pg(empty) },
    { name: 'PostgreSQL, 2,000 donors', env: pg(small) },
    { name: `PostgreSQL, ${DONORS.toLocaleString('en')} donors`, env: pg(large) },
    // The first start of a new engine build (or on a new database) has no snapshot to load: it reads every row.
    {
      name: `PostgreSQL, ${DONORS.toLocaleString('en')} donors, no index snapshot`,
      env: pg(large),
      before: () => dropSnapshot(large),
    },
  ];
  // The first start seeds the demo (and migrates the embedded database); later starts are the ones measured.
  await start(SERVER, cases[0]!.env());
  const runs = new Map<string, { ours: Start[]; baseline: Start[] }>(
    cases.map((c) => [c.name, { ours: [], baseline: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++)
    for (const c of cases) {
      await c.before?.();
      runs.get(c.name)!.ours.push(await start(SERVER, c.env()));
      if (!BASELINE) continue;
      await c.before?.();
      runs.get(c.name)!.baseline.push(await start(BASELINE, c.env()));
    }
  console.log(
    `CPU seconds from spawn to /readyz 200, medians of ${ROUNDS} (load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
  for (const c of cases) {
    const r = runs.get(c.name)!;
    const cpu = medianOf(r.ours.map((x) => x.cpu));
    const wall = medianOf(r.ours.map((x) => x.wall));
    const before = BASELINE
      ? `; baseline ${medianOf(r.baseline.map((x) => x.cpu)).toFixed(2)} s CPU, ` +
        `${medianOf(r.baseline.map((x) => x.wall)).toFixed(0)} ms wall`
      : '';
    console.log(
      [
        `${c.name}: CPU to healthy (s)`.padEnd(56),
        cpu.toFixed(2).padStart(6),
        (c.name.endsWith(`${DONORS.toLocaleString('en')} donors`) ? '≤ 3' : '').padStart(5),
        `wall ${wall.toFixed(0)} ms; starts ${r.ours.map((x) => x.cpu.toFixed(2)).join(', ')} s${before}`,
      ].join('  '),
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/**
 * New donors at scale (issue 26): `npm run bench:catalogue [-- --donors=100000 --import=1000]`.
 *
 * Two instances (A and B, one event loop in this process, as scripts/bench-api/catalogue.ts does) on a scratch
 * copy of a generated PostgreSQL catalogue (scripts/bench-api-catalogue-db.ts; `CREATE DATABASE … TEMPLATE`, so
 * every run starts from the same donors). Each round imports `--import` new donors through A the way the import
 * API stores them (public ids settled by `saveImportedDonors`, spread over the whole id range), and prints:
 * - event-loop delay p99 and max (perf_hooks.monitorEventLoopDelay, 1 ms resolution) from the start of the import
 *   until B holds the new donors, against an idle control of the same length in the same run (the same polling
 *   of B, nothing imported), measured right before;
 * - A's answer time (the import stored and applied on A, as the API answers);
 * - the time until B holds the new donors (index size), and how each instance applied them (full builds against
 *   incremental updates).
 * Medians of BENCH_ROUNDS rounds (default 3). BENCH_DATABASE_URL names the server, BENCH_CATALOGUE_DB_PREFIX the
 * databases (default k_catalogue_bench_).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import pg from 'pg';
import { generateDonors } from '@kindred/matching';
import { openPostgres } from '../apps/api/src/db/db.ts';
import { createServices } from '../apps/api/src/services.ts';
import { saveImportedDonors, type ImportCandidate } from '../apps/api/src/modules/catalogue/import.service.ts';
import { catalogueDb, urlOf } from './bench-api-catalogue-db.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DONORS = Number(arg('donors') ?? 100_000);
const IMPORT = Number(arg('import') ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-secret-'.padEnd(48, 'x');
const PREFIX = process.env.BENCH_CATALOGUE_DB_PREFIX ?? 'k_catalogue_bench_';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const row = (name: string, value: string, target: string, anchor: string) =>
  console.log([name.padEnd(58), value.padStart(10), target.padStart(12), anchor].join('  '));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Event-loop delay over `fn`, sampled every millisecond; p99 and max in ms. */
async function loopDelayDuring<T>(fn: () => Promise<T>): Promise<{ value: T; p99: number; max: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The histogram records from its second sample on: let it start before the work does.
  await sleep(20);
  const value = await fn();
  delay.disable();
  return { value, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
}

const base = await catalogueDb(DONORS);
const scratch = `${PREFIX}${DONORS}_scratch_${process.pid}`;
await admin(`create database ${scratch} template ${new URL(base).pathname.slice(1)}`);

const open = async () => {
  const db = await openPostgres(urlOf(scratch), 4);
  return {
    db,
    services: createServices({ db, databaseUrl: urlOf(scratch), jwtSecret: SECRET, publicUrl: 'http://x' }),
  };
};

const rounds: { idleP99: number; idleMax: number; p99: number; max: number; answerMs: number; visibleMs: number }[] =
  [];
let applied: string;
const instances = [await open(), await open()];
try {
  const [a, b] = instances as [Awaited<ReturnType<typeof open>>, Awaited<ReturnType<typeof open>>];
  await Promise.all([a.services.catalogue.current(), b.services.catalogue.current()]);
  const statsBefore = [a.services.catalogue.stats(), b.services.catalogue.stats()];
  for (let round = 0; round < ROUNDS; round++) {
    const sizeBefore = (await b.services.catalogue.current()).index.size;
    const candidates: ImportCandidate[] = generateDonors(IMPORT, `bench-import-${round}`).map((d, i) => ({
      ...d,
      reference_id: null,
      bank_name: 'Bench Import Bank',
      bank_donor_id: `IMP-${process.pid}-${round}-${i}`,
    }));
    /** Polls B until it holds `size` donors (or 10 s), as the import window does; resolves with the ms taken. */
    const bHolds = async (size: number, started: number, limitMs: number) => {
      while (performance.now() - started < limitMs) {
        if ((await b.services.catalogue.current()).index.size >= size) return performance.now() - started;
        await sleep(5);
      }
      return Number.NaN;
    };
    let answerMs = 0;
    const during = await loopDelayDuring(async () => {
      const started = performance.now();
      const visible = bHolds(sizeBefore + IMPORT, started, 10_000);
      await saveImportedDonors({ db: a.db, upsert: a.services.catalogue.upsert }, candidates);
      answerMs = performance.now() - started;
      return visible;
    });
    const visibleMs = during.value;
    // The idle control: the same polling of B for as long, with nothing imported.
    const idle = await loopDelayDuring(() =>
      bHolds(Number.POSITIVE_INFINITY, performance.now(), Math.max(visibleMs, answerMs) || 2000),
    );
    rounds.push({ idleP99: idle.p99, idleMax: idle.max, p99: during.p99, max: during.max, answerMs, visibleMs });
    await sleep(200);
  }
  const [sa, sb] = [a.services.catalogue.stats(), b.services.catalogue.stats()];
  const diff = (s: typeof sa, t: typeof sa) =>
    `${s.fullBuilds - t.fullBuilds} full build(s), ${s.incrementalUpdates - t.incrementalUpdates} incremental`;
  applied = `A: ${diff(sa, statsBefore[0]!)}; B: ${diff(sb, statsBefore[1]!)}`;
} finally {
  for (const x of instances) {
    await x.services.close();
    await x.db.close();
  }
  await admin(`drop database if exists ${scratch}`);
}

const med = (k: keyof (typeof rounds)[number]) => medianOf(rounds.map((r) => r[k]));
const n = DONORS.toLocaleString('en');
const m = IMPORT.toLocaleString('en');
console.log(
  `${m} new donors imported at ${n} donors, medians of ${ROUNDS} (load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')})`,
);
row(
  'event-loop delay p99 during the import, A and B (ms)',
  med('p99').toFixed(1),
  '≤ idle + 50',
  `idle control, same length: p99 ${med('idleP99').toFixed(1)} ms; max ${med('max').toFixed(0)} ms against ` +
    `${med('idleMax').toFixed(0)} idle`,
);
row(
  'import answered on A (ms)',
  med('answerMs').toFixed(0),
  '≤ 1000',
  `rounds: ${rounds.map((r) => r.answerMs.toFixed(0)).join(', ')}`,
);
row(
  'new donors held by B (ms after the import began)',
  med('visibleMs').toFixed(0),
  '≤ 2000',
  `rounds: ${rounds.map((r) => r.visibleMs.toFixed(0)).join(', ')}; ${applied}`,
);

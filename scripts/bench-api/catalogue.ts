/**
 * Catalogue at scale (issue 12), runnable alone: `node scripts/bench-api/catalogue.ts [--donors=100000]
 * [--server=path/to/server.ts]`. Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * test); the catalogue is generated once into a database of its own and reused by later runs.
 *
 * Rows (`name  value  target  anchor`):
 * - one donor changed on instance A → served by instance B (two instances in this process, same database), and
 *   the largest event-loop stall meanwhile (perf_hooks.monitorEventLoopDelay; one loop hosts both, so a stall on
 *   either shows); anchor: B reloading the whole catalogue, what every change cost before;
 * - start to healthy: the real server (`--server`, default this checkout's) started as a child process until
 *   /readyz answers; anchor: the same on an empty catalogue;
 * - resident memory per donor: that server's RSS minus the empty one's, per donor; anchor: the engine's index.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { generateDonors, indexMemory, rankDonors, type Donor } from '@kindred/matching';
import { normalizePreferences } from '@kindred/shared/preferences';
import { openPostgres } from '../../apps/api/src/db/db.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { upsertDonors } from '../../apps/api/src/modules/catalogue/catalogue.repository.ts';
import { createServices } from '../../apps/api/src/services.ts';
import { createImportService, parseDonorImport } from '../../apps/api/src/modules/catalogue/import.service.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DONORS = Number(arg('donors') ?? 100_000);
const SERVER = path.resolve(arg('server') ?? path.join(import.meta.dirname, '../../apps/api/src/server.ts'));
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Ports this bench may listen on (4300-4399 are ours). */
const SERVER_PORT = 4391;
const SECRET = 'bench-secret-'.padEnd(48, 'x');

const urlOf = (name: string) => Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();

/** A migrated database holding `count` generated donors (created on the first run, then reused). */
async function catalogueDb(count: number): Promise<string> {
  const name = `k_catalogue_bench_${count}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const db = await openPostgres(urlOf(name), 4);
  await migrate(db);
  const have = Number((await db.query<{ n: string }>('select count(*)::text as n from donors'))[0]!.n);
  if (have < count) {
    process.stderr.write(`generating ${count} donors into ${name} (once)…\n`);
    const donors = generateDonors(count, 'bench-catalogue');
    for (let i = 0; i < donors.length; i += 5000) await upsertDonors(db, donors.slice(i, i + 5000), new Date());
  }
  await db.close();
  return urlOf(name);
}

const row = (name: string, value: string, target: string, anchor: string) =>
  console.log([name.padEnd(52), value.padStart(12), target.padStart(10), anchor].join('  '));

/** Starts the real server on `databaseUrl`; resolves with ms to a healthy /readyz and its resident memory. */
async function startServer(databaseUrl: string, nodeFlags: string[] = []): Promise<{ ms: number; rssBytes: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'k-catalogue-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${SERVER_PORT}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error('server not healthy within 120 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - started;
    // Settle (a first GC) before reading the resident set.
    await new Promise((r) => setTimeout(r, 1500));
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssBytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    return { ms, rssBytes };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Two instances on one database: one donor changed through A, polled until B counts it. */
async function changeAcrossInstances(databaseUrl: string) {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
  const open = async () => {
    const db = await openPostgres(databaseUrl, 4);
    return { db, services: createServices({ db, databaseUrl, jwtSecret: SECRET, publicUrl: 'http://x', log: silent }) };
  };
  const [a, b] = [await open(), await open()];
  const anchorStarted = performance.now();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await Promise.all([a.services.catalogue.current(), b.services.catalogue.current()]);
  const fullLoadMs = performance.now() - anchorStarted;
  const fullLoadStallMs = delay.max / 1e6;
  const snapA = await a.services.catalogue.current();
  const prefs = normalizePreferences({ donor_type_preference: 'sperm' }, { origin: null });
  // The best-ranked donor of a broad search: counted now, not counted once unavailable.
  const top = rankDonors(snapA.index, prefs, { limit: 1 }).matches[0]!.donor_reference_id;
  const donor = (await a.db.query<{ record: Donor }>('select record from donors where reference_id = $1', [top]))[0]!
    .record;
  const before = await b.services.realtime.liveCount(prefs);
  delay.reset();
  await new Promise((r) => setTimeout(r, 30));
  const started = performance.now();
  await a.services.catalogue.upsert([{ ...donor, availability: 'unavailable' }]);
  let visibleMs = Number.NaN;
  while (performance.now() - started < 10_000) {
    if ((await b.services.realtime.liveCount(prefs)).total_matches === before.total_matches - 1) {
      visibleMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const stallMs = delay.max / 1e6;
  delay.disable();
  // Put the donor back, so the next run starts from the same catalogue.
  await a.services.catalogue.upsert([donor]);
  const indexBytes = indexMemory(snapA.index).bytesPerDonor;
  const stats = b.services.catalogue.stats();
  for (const x of [a, b]) {
    await x.services.close();
    await x.db.close();
  }
  return { visibleMs, stallMs, fullLoadMs, fullLoadStallMs, indexBytes, stats };
}

/** A valid CSV of about `bytes` (distinct bank donor ids), in the documented column format. */
function csvOf(bytes: number): string {
  const cells: Record<string, string> = {
    bank_name: 'Harbor Bench Bank',
    clinic_reference_id: 'CLN-HBB',
    donor_type: 'egg',
    disclosure: 'ANON',
    availability: 'available',
    family_limit: '6',
    families_so_far: '1',
    last_medical_update: '2025-06-01',
    display_name: 'Jordan Example',
    date_of_birth: '1998-03-14',
    height_in: '66',
    race: 'white',
    eye_color: 'blue',
    education: 'masters',
    languages: 'english; spanish',
    personality: 'curious;kind',
    location_city: 'Boston',
    location_state: 'MA',
    location_country: 'US',
    location_lat: '42.36',
    location_lon: '-71.06',
    carrier_cystic_fibrosis: 'not_carrier',
  };
  const header = ['bank_donor_id', ...Object.keys(cells)];
  const lines = [header.join(',')];
  let size = lines[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const line = [`HBB-${i}`, ...Object.values(cells)].join(',');
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/** Largest event-loop stall while a 5 MiB CSV is parsed and validated, in this thread and as the server does. */
async function csvParseStalls() {
  const data = csvOf(5 * 1024 * 1024 - 1024);
  const imports = createImportService({
    db: undefined as never,
    upsert: async () => ({ inserted: 0, updated: 0 }),
  });
  const measure = async (fn: () => Promise<unknown>) => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    // The histogram records from its second sample on: let it start before the work does.
    await new Promise((r) => setTimeout(r, 30));
    const started = performance.now();
    const ticker = setInterval(() => undefined, 1);
    await fn();
    clearInterval(ticker);
    await new Promise((r) => setTimeout(r, 20));
    delay.disable();
    return { stallMs: delay.max / 1e6, ms: performance.now() - started };
  };
  const inline = await measure(async () => parseDonorImport('csv', data));
  const worker = await measure(() => imports.parse('csv', data));
  await imports.close();
  return { inline, worker, rows: data.split('\n').length - 1 };
}

const full = await catalogueDb(DONORS);
const empty = await catalogueDb(0);
const change = await changeAcrossInstances(full);
const n = DONORS.toLocaleString('en');
row(
  `one donor changed at ${n} donors → visible on B (ms)`,
  change.visibleMs.toFixed(0),
  '≤ 2000',
  `B reloading everything: ${change.fullLoadMs.toFixed(0)} ms (both instances' first load)`,
);
row(
  'max event-loop delay meanwhile, either instance (ms)',
  change.stallMs.toFixed(1),
  '≤ 50',
  `during both first loads: ${change.fullLoadStallMs.toFixed(1)} ms; B applied ${change.stats.incrementalUpdates} incremental update(s)`,
);
const csv = await csvParseStalls();
row(
  '5 MiB CSV import parsed: max event-loop delay (ms)',
  csv.worker.stallMs.toFixed(1),
  '≤ 50',
  `parsed in the event loop instead: held for ${csv.inline.ms.toFixed(0)} ms (${csv.rows} rows)`,
);
const emptyStart = await startServer(empty);
const fullStart = await startServer(full);
// V8 grows its young generation (up to 128 MiB) during the load burst and keeps it: the same start with it capped.
const capped = ['--max-semi-space-size=16'];
const [emptyCapped, fullCapped] = [await startServer(empty, capped), await startServer(full, capped)];
row(
  `start to healthy at ${n} donors (ms)`,
  fullStart.ms.toFixed(0),
  '≤ 5000',
  `empty catalogue: ${emptyStart.ms.toFixed(0)} ms`,
);
row(
  'resident memory growth per donor (bytes)',
  ((fullStart.rssBytes - emptyStart.rssBytes) / DONORS).toFixed(0),
  '≤ 1024',
  `engine index: ${change.indexBytes.toFixed(0)} B/donor; RSS ${(fullStart.rssBytes / 2 ** 20).toFixed(0)} MiB vs ` +
    `${(emptyStart.rssBytes / 2 ** 20).toFixed(0)} MiB empty; with ${capped[0]}: ` +
    `${((fullCapped.rssBytes - emptyCapped.rssBytes) / DONORS).toFixed(0)} B/donor`,
);

/**
 * Catalogue at scale (issue 12), runnable alone: `node scripts/bench-api/catalogue.ts [--donors=100000]
 * [--server=path/to/server.ts]`. Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * test); each catalogue is generated once into a database of its own and reused by later runs
 * (scripts/bench-api-catalogue-db.ts). BENCH_MILLION=1 adds the 1,000,000-donor row (generating it takes minutes).
 *
 * Rows (`name  value  target  anchor`):
 * - one donor changed on instance A → served by instance B (two instances in this process, same database), and
 *   the largest event-loop stall meanwhile (perf_hooks.monitorEventLoopDelay; one loop hosts both, so a stall on
 *   either shows); anchor: B reloading the whole catalogue, what every change cost before;
 * - start to healthy: the real server (`--server`, default this checkout's) started as a child process until
 *   /readyz answers, median of BENCH_ROUNDS starts; anchor: the same on an empty catalogue;
 * - resident memory growth per donor, as a slope: the server's RSS after the load and a full GC at N and 2N
 *   donors, (RSS(2N) − RSS(N)) / N, each the median of BENCH_ROUNDS starts; a round starts the empty, N and 2N
 *   catalogues one after the other, so a change in the machine's load falls on every size alike. Anchor: the
 *   least-squares slope through all three sizes, the old figure (RSS(N) − RSS(empty)) / N, what V8's heap
 *   (committed) and the memory outside it (`external`: array buffers, the engine's index) add per donor, and
 *   the engine's index;
 * - 1,000,000 donors (BENCH_MILLION=1; BENCH_MILLION=only skips the other rows): start with default heap flags,
 *   RSS and heap used, one Premium ranking.
 * `--baseline=other/checkout/apps/api/src/server.ts` interleaves that server's starts with ours and prints its
 * figures as anchors (before → after in the same conditions).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { indexMemory, rankDonors, type Donor } from '@kindred/matching';
import { normalizePreferences } from '@kindred/shared/preferences';
import { openPostgres } from '../../apps/api/src/db/db.ts';
import { createServices } from '../../apps/api/src/services.ts';
import { createImportService, parseDonorImport } from '../../apps/api/src/modules/catalogue/import.service.ts';
import { catalogueDb } from '../bench-api-catalogue-db.ts';
import { freePort, signedInParent } from '../bench-api-lib.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DONORS = Number(arg('donors') ?? 100_000);
const SERVER = path.resolve(arg('server') ?? path.join(import.meta.dirname, '../../apps/api/src/server.ts'));
/** Another checkout's server (e.g. main before a change): its starts are interleaved with ours, same conditions. */
const BASELINE = arg('baseline') && path.resolve(arg('baseline')!);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-secret-'.padEnd(48, 'x');
/**
 * Lets the bench ask the server for a full GC (SIGUSR2) before reading its memory, so the figures are what the
 * catalogue holds, not garbage the load left behind. --expose-gc adds the function only; heap sizes are default.
 */
const GC_ON_SIGNAL = ['--expose-gc', "--import=data:text/javascript,process.on('SIGUSR2',()=>globalThis.gc())"];

const row = (name: string, value: string, target: string, anchor: string) =>
  console.log([name.padEnd(52), value.padStart(12), target.padStart(10), anchor].join('  '));
const MiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A figure from the server's own /metrics (Prometheus text, process and Node defaults). */
const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)![1]);

type Started = {
  ms: number;
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  rankMs?: number;
  matches?: number;
};

/**
 * Starts the real server on `databaseUrl` (DEMO_DATA=false); resolves with ms to a healthy /readyz, then its
 * resident set and heap used after a full GC, read from its /metrics. With `rank`, a Premium parent then saves
 * a preference set and asks for matches once.
 */
async function startServer(databaseUrl: string, opts: { rank?: boolean; server?: string } = {}): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'k-catalogue-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...GC_ON_SIGNAL, opts.server ?? SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
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
      const ok = await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (performance.now() - started > 300_000) throw new Error('server not healthy within 300 s');
      await sleep(25);
    }
    const ms = performance.now() - started;
    await sleep(500);
    child.kill('SIGUSR2');
    await sleep(500);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const memory = {
      ms,
      rssBytes: metric(metrics, 'process_resident_memory_bytes'),
      heapUsedBytes: metric(metrics, 'nodejs_heap_size_used_bytes'),
      heapTotalBytes: metric(metrics, 'nodejs_heap_size_total_bytes'),
      externalBytes: metric(metrics, 'nodejs_external_memory_bytes'),
    };
    if (!opts.rank) return memory;
    const parent = await signedInParent(base, 'premium');
    const saved = await parent.call('POST', '/api/v1/fertility-profile/create/', {
      donor_type_preference: 'egg',
      primary_zip_code: '10001',
      current_country: 'US',
      preferred_races: ['white', 'asian'],
      user_genetic_conditions: ['none_known'],
      latitude: 40.75,
      longitude: -73.99,
    });
    if (saved.status !== 200) throw new Error(`save preferences: ${saved.text}`);
    const t = performance.now();
    const found = await parent.call('POST', '/api/v1/donors/find-matches/', { profile_id: saved.json().profile_id });
    if (found.status !== 200) throw new Error(`find-matches: ${found.status} ${found.text.slice(0, 200)}`);
    return { ...memory, rankMs: performance.now() - t, matches: Number(found.json().total_matches) };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Figures = Omit<Started, 'rankMs' | 'matches'>;
const FIGURES = ['ms', 'rssBytes', 'heapUsedBytes', 'heapTotalBytes', 'externalBytes'] as const;
const medianFigures = (runs: Started[]): Figures =>
  Object.fromEntries(FIGURES.map((k) => [k, medianOf(runs.map((r) => r[k]))])) as Figures;

type Size = 'empty' | 'full' | 'double';
/**
 * `ROUNDS` rounds, each starting the server once on every catalogue (the baseline's start, if any, right after
 * ours on the same one), so drift in the machine's load falls on every size; the median of each figure.
 */
async function medianStarts(dbs: Record<Size, string>) {
  const sizes = Object.keys(dbs) as Size[];
  const runs = { ours: new Map<Size, Started[]>(), baseline: new Map<Size, Started[]>() };
  for (let i = 0; i < ROUNDS; i++)
    for (const size of sizes) {
      const add = (who: keyof typeof runs, r: Started) => runs[who].set(size, [...(runs[who].get(size) ?? []), r]);
      add('ours', await startServer(dbs[size]));
      if (BASELINE) add('baseline', await startServer(dbs[size], { server: BASELINE }));
    }
  const of = (who: keyof typeof runs) =>
    Object.fromEntries(sizes.map((size) => [size, medianFigures(runs[who].get(size)!)])) as Record<Size, Figures>;
  return { ours: of('ours'), baseline: BASELINE ? of('baseline') : undefined };
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

/** The rows at N donors: a change across instances, a CSV parse, start to healthy and memory growth. */
async function rowsAtN() {
  const full = await catalogueDb(DONORS);
  const double = await catalogueDb(2 * DONORS);
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
  const starts = await medianStarts({ empty, full, double });
  /** Least-squares slope of `y` over the donor counts 0, N, 2N. */
  const fitted = (ys: number[]) => {
    const xs = [0, DONORS, 2 * DONORS];
    const mx = DONORS;
    const my = ys.reduce((a, b) => a + b) / ys.length;
    return xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  };
  const growth = (f: Record<Size, Figures>) => {
    const slopeOf = (k: keyof Figures) => (f.double[k] - f.full[k]) / DONORS;
    return {
      slope: slopeOf('rssBytes'),
      fitted: fitted([f.empty.rssBytes, f.full.rssBytes, f.double.rssBytes]),
      whole: (f.full.rssBytes - f.empty.rssBytes) / DONORS,
      heapTotalSlope: slopeOf('heapTotalBytes'),
      heapUsedSlope: slopeOf('heapUsedBytes'),
      externalSlope: slopeOf('externalBytes'),
      rss: [f.empty, f.full, f.double].map((x) => MiB(x.rssBytes)).join(' / '),
    };
  };
  const ours = growth(starts.ours);
  const before = starts.baseline && growth(starts.baseline);
  row(
    `start to healthy at ${n} donors (ms, median of ${ROUNDS})`,
    starts.ours.full.ms.toFixed(0),
    '≤ 5000',
    `empty catalogue: ${starts.ours.empty.ms.toFixed(0)} ms; ${(2 * DONORS).toLocaleString('en')} donors: ` +
      `${starts.ours.double.ms.toFixed(0)} ms` +
      (starts.baseline
        ? `; baseline ${starts.baseline.full.ms.toFixed(0)} ms (empty ${starts.baseline.empty.ms.toFixed(0)}, ` +
          `${(2 * DONORS).toLocaleString('en')}: ${starts.baseline.double.ms.toFixed(0)})`
        : ''),
  );
  const B = (x: number) => `${x.toFixed(0)} B`;
  row(
    `resident memory growth per donor, ${n} → ${(2 * DONORS).toLocaleString('en')} (bytes)`,
    ours.slope.toFixed(0),
    '≤ 1024',
    `RSS after GC ${ours.rss}; fitted through 0, N, 2N: ${B(ours.fitted)}; (RSS − empty) / N: ${B(ours.whole)}; ` +
      `V8 heap committed ${B(ours.heapTotalSlope)}, used ${B(ours.heapUsedSlope)}, external ` +
      `${B(ours.externalSlope)}; engine index ${B(change.indexBytes)}` +
      (before
        ? `; baseline: slope ${B(before.slope)}, fitted ${B(before.fitted)}, (RSS − empty) / N ${B(before.whole)}, ` +
          `RSS ${before.rss}`
        : ''),
  );
}

if (process.env.BENCH_MILLION !== 'only') await rowsAtN();

if (process.env.BENCH_MILLION === '1' || process.env.BENCH_MILLION === 'only') {
  const millionDb = await catalogueDb(1_000_000);
  const describe = (m: Started) =>
    `RSS ${MiB(m.rssBytes)}, heap used ${MiB(m.heapUsedBytes)} of ${MiB(getHeapStatistics().heap_size_limit)}; ` +
    `find-matches ${m.rankMs!.toFixed(0)} ms (${m.matches} matches)`;
  const million = await startServer(millionDb, { rank: true });
  const baseline = BASELINE ? await startServer(millionDb, { rank: true, server: BASELINE }) : undefined;
  row(
    '1,000,000 donors, default heap: start to healthy (ms)',
    million.ms.toFixed(0),
    'starts',
    describe(million) + (baseline ? `; baseline ${baseline.ms.toFixed(0)} ms, ${describe(baseline)}` : ''),
  );
}

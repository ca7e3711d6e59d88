/**
 * POST /api/v1/donors/find-matches/ for a Premium parent at 100,000 generated donors (BENCH_DONORS), 10
 * connections, against its anchor (issue 26; scripts/bench-api-anchor-matches.ts): bare Fastify + jose, one read
 * of the set and the plan, the engine's ranking with explanations, the same record of shown donors and
 * JSON.stringify of the same shape. Targets: ≥ 70 % of the anchor for both rows; on a quiet machine ≥ 250 req/s
 * and p99 ≤ 100 ms (PostgreSQL).
 *
 * "repeated page": the same saved set and page each time (a parent paging back to their results), answered from
 * the ranked-page memory in both. "new page": every request a page not asked before, of one of BENCH_PARENTS
 * parents with sets of their own (pages of 50 spread over the list's depth, one sequence shared by the app and the
 * anchor so neither sees a page the other has recorded), so each is ranked by the engine and recorded as shown in
 * a transaction; the run says if the sequence ran out of new pages. (Until issue 26's last stop one parent's 368
 * pages at 100k came round again after the first lap: the anchor answered them from an unbounded memory, the app
 * ranked them again past its 256 kept answers, so the row compared two different things.) On PostgreSQL the app
 * and the anchor take turns round by round and the figure is the median of the rounds' ratios; PGlite has one
 * process per data directory, so there the app's rounds come first, then the anchor's on the same directory
 * (ratio of the medians). The engine's own time is printed too.
 */
import { buildIndex, counterfactuals, generateDonors as engineDonors, rankDonors } from '@kindred/matching';
import { renormalize } from '../../apps/api/src/modules/matching/stored-preferences.ts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  ENGINES,
  fmt,
  freePort,
  generateDonors,
  header,
  line,
  round,
  ROUNDS,
  scratchDatabase,
  signedInParent,
  startServer,
  type Round,
} from '../bench-api-lib.ts';

const DONORS = Number(process.env.BENCH_DONORS ?? 100_000);
/** Parents taking turns on the new-page row (BENCH_PARENTS): enough pages that none is asked twice. */
const PARENTS = Number(process.env.BENCH_PARENTS ?? 32);
/** A parent's egg-donor set with a few dealbreakers and a location (as the wizard sends it). */
const PREFS = {
  donor_type_preference: 'egg',
  primary_zip_code: '10001',
  current_country: 'US',
  dealbreakers: 'yes',
  preferred_races: ['white', 'asian', 'mixed_race'],
  preferred_eye_colors: ['brown', 'blue', 'green', 'hazel'],
  hair_color_no_preference: true,
  ethnicity_no_preference: true,
  height_no_preference: true,
  age_no_preference: true,
  user_genetic_conditions: ['none_known'],
  preferred_minimum_education: 'college',
  importance_physical: 60,
  location: 'New York, NY',
  latitude: 40.75,
  longitude: -73.99,
};

/** The engine's own time for the request's ranking, in ms (median of many runs). */
function engineMs() {
  const donors = engineDonors(DONORS, 'bench', { asOf: new Date().toISOString().slice(0, 10) });
  const index = buildIndex(donors, { asOf: new Date().toISOString().slice(0, 10) });
  const prefs = renormalize({
    raw: PREFS,
    latitude: PREFS.latitude,
    longitude: PREFS.longitude,
    normalized: {} as never,
  });
  const times: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const t = performance.now();
    rankDonors(index, prefs, { limit: 50 });
    counterfactuals(index, prefs);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1]!, passing: rankDonors(index, prefs, { limit: 0 }).total };
}

async function startAnchor(db: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../bench-api-anchor-matches.ts')], {
    env: { ...process.env, ANCHOR_DB: db, PORT: String(port), JWT_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('anchor ready') && resolve());
    child.once('exit', (code) => reject(new Error(`anchor exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/find-matches`,
    stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
  };
}

const mid = <T>(xs: T[], by: (x: T) => number) => [...xs].sort((a, b) => by(a) - by(b))[xs.length >> 1]!;
type Pair = { app: Round; bare: Round; ratio: number };
const pairOf = (app: Round, bare: Round): Pair => ({ app, bare, ratio: app.rps / bare.rps });

const engine = engineMs();
header(`find-matches, Premium, ${DONORS.toLocaleString('en')} donors (10 connections, ${ROUNDS} rounds)`);
console.log(
  `  engine alone: ${engine.ms.toFixed(2)} ms per ranking of 50 with counterfactuals ` +
    `(${Math.round(1000 / engine.ms)}/s on one core), ${engine.passing.toLocaleString('en')} passing`,
);
const summary: Record<string, { repeated: Round; fresh: Round }> = {};
for (const dbEngine of ENGINES) {
  const db = await scratchDatabase(dbEngine);
  const genMs = generateDonors(db.env, DONORS);
  const t = performance.now();
  let server = await startServer({ ...db.env, DEMO_DATA: 'false' });
  const startMs = performance.now() - t;
  try {
    // Several parents, each with a set of their own (the same filters, other weights: the same number passing,
    // another ranking and fingerprint), so that a new page is new to the engine and to the record in both processes.
    const parents: { parent: Awaited<ReturnType<typeof signedInParent>>; profileId: string }[] = [];
    for (let i = 0; i < PARENTS; i += 1) {
      const parent = await signedInParent(server.base, 'premium');
      const saved = await parent.call('POST', '/api/v1/fertility-profile/create/', {
        ...PREFS,
        importance_physical: PREFS.importance_physical - i,
      });
      if (saved.status !== 200) throw new Error(`save preferences: ${saved.text}`);
      parents.push({ parent, profileId: saved.json().profile_id as string });
    }
    const { parent, profileId } = parents[0]!;
    const body = JSON.stringify({ profile_id: profileId });
    const first = await parent.call('POST', '/api/v1/donors/find-matches/', { profile_id: profileId });
    if (first.status !== 200) throw new Error(`find-matches: ${first.text}`);
    const total = first.json().total_matches as number;
    const headers = { authorization: `Bearer ${parent.access}`, 'content-type': 'application/json' };
    const opts = { method: 'POST' as const, headers, body };
    // A page never asked before by either process: the k-th request of either goes to parent k mod PARENTS and
    // takes that parent's page (k div PARENTS)·7919 mod the number of pages, at a depth spread over the whole list
    // (all different until every parent's every page was asked once; that is checked).
    let k = 0;
    const pageCount = Math.max(1, Math.floor((total - 50) / 50));
    const freshOpts = {
      ...opts,
      requestFor: () => {
        const turn = k++;
        const lap = Math.floor(turn / PARENTS) % pageCount;
        const { parent: p, profileId: id } = parents[turn % PARENTS]!;
        return {
          body: JSON.stringify({ profile_id: id, offset: (1 + ((lap * 7919) % pageCount)) * 50 }),
          headers: { authorization: `Bearer ${p.access}`, 'content-type': 'application/json' },
        };
      },
    };
    const appUrl = `${server.base}/api/v1/donors/find-matches/`;
    await round(appUrl, opts); // warm-up
    const repeated: Pair[] = [];
    const fresh: Pair[] = [];
    if (dbEngine === 'postgres') {
      const anchor = await startAnchor(db.url!);
      try {
        const check = await fetch(anchor.url, { method: 'POST', headers, body });
        if (check.status !== 200) throw new Error(`anchor: ${check.status} ${await check.text()}`);
        await round(anchor.url, opts); // warm-up
        // The repeated rounds first: a new-page round leaves PostgreSQL work behind (thousands of rows written),
        // which would weigh on whichever round comes next.
        for (let i = 0; i < ROUNDS; i += 1)
          repeated.push(pairOf(await round(appUrl, opts), await round(anchor.url, opts)));
        for (let i = 0; i < ROUNDS; i += 1)
          fresh.push(pairOf(await round(appUrl, freshOpts), await round(anchor.url, freshOpts)));
      } finally {
        await anchor.stop();
      }
    } else {
      const apps = { repeated: [] as Round[], fresh: [] as Round[] };
      for (let i = 0; i < ROUNDS; i += 1) {
        apps.repeated.push(await round(appUrl, opts));
        apps.fresh.push(await round(appUrl, freshOpts));
      }
      await server.stop();
      const anchor = await startAnchor(`pglite:${path.join(db.env.DATA_DIR!, 'pglite')}`);
      try {
        await round(anchor.url, opts); // warm-up
        const bare = { repeated: [] as Round[], fresh: [] as Round[] };
        for (let i = 0; i < ROUNDS; i += 1) {
          bare.repeated.push(await round(anchor.url, opts));
          bare.fresh.push(await round(anchor.url, freshOpts));
        }
        repeated.push(
          pairOf(
            mid(apps.repeated, (r) => r.rps),
            mid(bare.repeated, (r) => r.rps),
          ),
        );
        fresh.push(
          pairOf(
            mid(apps.fresh, (r) => r.rps),
            mid(bare.fresh, (r) => r.rps),
          ),
        );
      } finally {
        await anchor.stop();
        server = { ...server, stop: async () => undefined };
      }
    }
    if (k > PARENTS * pageCount)
      console.log(`  ! the new-page row asked ${k} pages of ${PARENTS * pageCount}: raise BENCH_PARENTS`);
    for (const [name, pairs] of [
      ['repeated page', repeated],
      ['new page', fresh],
    ] as const) {
      const { app, bare, ratio } = mid(pairs, (p) => p.ratio);
      line(
        `find-matches ${name} ${dbEngine}`,
        `${Math.round(100 * ratio)}% (${fmt(app)})`,
        '≥ 70% of anchor',
        `bare Fastify+${dbEngine === 'postgres' ? 'pg' : 'PGlite'}+jose+engine ${fmt(bare)}`,
      );
    }
    summary[dbEngine] = { repeated: mid(repeated, (p) => p.ratio).app, fresh: mid(fresh, (p) => p.ratio).app };
    console.log(
      `  (${total.toLocaleString('en')} passing; ${DONORS} donors generated in ${Math.round(genMs / 1000)} s; ` +
        `server start to ready ${(startMs / 1000).toFixed(1)} s; quiet-machine target ≥ 250 req/s, p99 ≤ 100 ms)`,
    );
  } finally {
    await server.stop();
    await db.drop();
  }
}
if (summary.postgres && summary.pglite)
  for (const row of ['repeated', 'fresh'] as const)
    line(
      `find-matches ${row === 'fresh' ? 'new' : 'repeated'} page: PGlite / PostgreSQL`,
      `${(summary.pglite[row].rps / summary.postgres[row].rps).toFixed(2)}×`,
      '(information)',
      `PostgreSQL ${Math.round(summary.postgres[row].rps)} req/s, PGlite ${Math.round(summary.pglite[row].rps)} req/s`,
    );

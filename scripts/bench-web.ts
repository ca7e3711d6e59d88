/**
 * `npm run bench:web`: builds the app, starts the real server on a free port with a throwaway DATA_DIR, and runs
 * Lighthouse (mobile preset, Debian's Chromium) on the public pages. Prints each page's category scores and its
 * first-load JavaScript (compressed bytes of every script requested while loading), against the targets. Each page
 * is measured several times after one discarded warm-up run, and the median run is reported.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, homeJsKb: 150 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const runsArg = process.argv.find((a) => a.startsWith('--runs='));
/** Lighthouse runs per page (`--runs=N`, default 3); the median by performance score is reported. */
const RUNS = Math.max(1, Number(runsArg?.slice('--runs='.length) ?? 3) || 3);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready within 60 s');
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the web app…');
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindred-bench-'));
  const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer(base, server);
    const recent = (await (await fetch(`${base}/api/v1/blogs/recent/`)).json()) as { slug: string }[];
    const pages = ['/', '/blogs', `/blogs/${recent[0]?.slug ?? 'missing'}`, '/faqs', '/pricing'];
    // Warm the server (module loading, JIT, first renders): Lighthouse's simulation scales the observed response time.
    for (let i = 0; i < 5; i += 1)
      for (const page of pages)
        await (await fetch(`${base}${page}`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const rows: {
      page: string;
      scores: Record<string, number>;
      jsKb: number;
      transferredKb: number;
      scriptCount: number;
    }[] = [];
    const measure = async (url: string) => {
      // Lighthouse occasionally fails to record a trace (NO_NAVSTART and the like); such a run is repeated once.
      let result = await lighthouse(url, {
        port: chrome!.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (result?.lhr.runtimeError) {
        console.log(`${url}: ${result.lhr.runtimeError.code}; measuring again`);
        result = await lighthouse(url, {
          port: chrome!.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
      }
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      return result.lhr;
    };
    // The first run in a fresh browser pays its start-up costs; it is not counted.
    await measure(`${base}/`);
    for (const page of pages) {
      // Scores vary from run to run on a shared machine; Lighthouse's guidance is to take the median of several runs.
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(`${base}${page}`));
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      if (RUNS > 1)
        console.log(
          `${page}: performance over ${RUNS} runs: ` +
            `${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')} (median reported)`,
        );
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const requests =
        (
          lhr.audits['network-requests']?.details as
            { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
        )?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script');
      // Transferred bytes include each response's HTTP headers (about 1 KB apiece over HTTP/1.1); the target is the
      // JavaScript itself, gzip-compressed, so each script is fetched again and its gzip body counted.
      const transferred = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      let jsBytes = 0;
      for (const r of scripts)
        jsBytes += gzipSync(readFileSync(path.join(WEB_DIST, new URL(r.url).pathname)), { level: 9 }).byteLength;
      rows.push({ page, scores, jsKb: jsBytes / 1024, transferredKb: transferred / 1024, scriptCount: scripts.length });
      const metricErrors = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'speed-index',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]
        .map((id) => lhr.audits[id])
        .filter((a) => a?.errorMessage)
        .map((a) => `${a!.id}: ${a!.errorMessage}`);
      if (lhr.runtimeError || metricErrors.length)
        console.log(`${page}: Lighthouse could not measure: ${lhr.runtimeError?.message ?? metricErrors.join('; ')}`);
      const m = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
      console.log(
        `${page}: FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, ` +
          `TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}`,
      );
      const failing = Object.values(lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      );
      const names = failing
        .filter((a) => a.scoreDisplayMode === 'binary' || (a.score ?? 1) < 0.9)
        .map((a) => a.id)
        .slice(0, 12);
      console.log(
        `${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; ` +
          `first-load JS ${(jsBytes / 1024).toFixed(1)} KB gzip in ${scripts.length} files ` +
          `(${(transferred / 1024).toFixed(1)} KB transferred with headers)` +
          `${names.length ? `; below full marks: ${names.join(', ')}` : ''}`,
      );
    }
    console.log(
      '\nLighthouse, mobile preset (scores out of 100; JS = gzip size of the scripts the page loads; ' +
        'sent = bytes transferred for them, headers included)',
    );
    console.log(`${'page'.padEnd(48)} perf  a11y  bp    seo   JS KB   sent KB  files`);
    for (const r of rows) {
      console.log(
        [
          r.page.padEnd(48),
          ...(['performance', 'accessibility', 'best-practices', 'seo'] as const).map((c) =>
            String(r.scores[c]).padEnd(5),
          ),
          r.jsKb.toFixed(1).padEnd(7),
          r.transferredKb.toFixed(1).padEnd(8),
          r.scriptCount,
        ].join(' '),
      );
    }
    const check = (ok: boolean) => (ok ? '✓' : '✗');
    console.log(
      `\nTargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, ` +
        `best practices ≥ ${TARGETS['best-practices']}, SEO ${TARGETS.seo}, ` +
        `first-load JS of / ≤ ${TARGETS.homeJsKb} KB gzip`,
    );
    for (const c of CATEGORIES) {
      const worst = Math.min(...rows.map((r) => r.scores[c]!));
      console.log(`  ${check(worst >= TARGETS[c])} ${c}: lowest ${worst}`);
    }
    const home = rows[0]!;
    console.log(`  ${check(home.jsKb <= TARGETS.homeJsKb)} first-load JS of /: ${home.jsKb.toFixed(1)} KB`);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

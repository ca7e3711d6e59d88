/**
 * `npm run bench:matching`: the indexed engine against the straightforward baseline (filter and score every
 * donor object, sort everything) in the same run, at 10,000 and 100,000 donors. Prints p50/p99 for full
 * ranking with explanations of the top 50 and for the count-only path, the speed-up, and index memory.
 * Targets (2-core machine, 100k donors): ranking p50 ≤ 5 ms, count p50 ≤ 3 ms, ≥ 10× the baseline,
 * < 300 bytes per donor. Not a timed test: it reports, and exits non-zero only if a target is missed.
 */
import os from 'node:os';
import {
  buildIndex,
  countMatches,
  countMatchesReference,
  DEMO_AS_OF,
  generateDonors,
  indexMemory,
  rankDonors,
  rankDonorsReference,
} from '../src/index.ts';
import { benchmarkQueries } from './queries.ts';

const LIMIT = 50;
/** Issue 10: ranking the top 50 with the fuller explanations must stay ≤ 5 ms p50 at 100,000 donors. */
const RANK_P50_MS = 5;
const SEED = 20_250_101;
const ms = (ns: bigint) => Number(ns) / 1e6;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `fn` over the queries round-robin: `warmup` untimed calls, then `runs` individually timed ones. */
function measure<Q>(queries: Q[], runs: number, warmup: number, fn: (q: Q) => unknown) {
  for (let i = 0; i < warmup; i++) fn(queries[i % queries.length]!);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const q = queries[i % queries.length]!;
    const start = process.hrtime.bigint();
    fn(q);
    times.push(ms(process.hrtime.bigint() - start));
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), runs };
}

const f = (v: number) => v.toFixed(2).padStart(9);
const row = (label: string, r: { p50: number; p99: number; runs: number }) =>
  console.log(`  ${label.padEnd(34)}${f(r.p50)}${f(r.p99)}${String(r.runs).padStart(7)}`);

const failures: string[] = [];
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Kindred matching benchmark: Node ${process.version}, ${os.availableParallelism()} CPUs (${cpu})`);
console.log(
  `queries: 64 seeded preference sets (every third skips post-match communication), round-robin; ` +
    `ranking returns the top ${LIMIT} with explanations\n`,
);

for (const size of [10_000, 100_000]) {
  let t = performance.now();
  const donors = generateDonors(size, SEED);
  const generated = performance.now() - t;
  const buffersBefore = process.memoryUsage().arrayBuffers;
  t = performance.now();
  const index = buildIndex(donors, { asOf: DEMO_AS_OF });
  const built = performance.now() - t;
  const buffersDelta = process.memoryUsage().arrayBuffers - buffersBefore;
  const memory = indexMemory(index);
  const queries = benchmarkQueries(64, SEED + size);
  const options = { limit: LIMIT, asOf: DEMO_AS_OF };

  // Same answers first: the speed-up means nothing if the fast path computes something else.
  let identical = 0;
  for (const q of queries.slice(0, 16)) {
    const a = JSON.stringify(rankDonors(index, q, { limit: LIMIT }));
    const b = JSON.stringify(rankDonorsReference(donors, q, options));
    if (a === b && countMatches(index, q) === countMatchesReference(donors, q, options)) identical++;
  }
  const small = size <= 10_000;
  const rank = measure(queries, small ? 640 : 320, 64, (q) => rankDonors(index, q, { limit: LIMIT }));
  const count = measure(queries, small ? 3200 : 1280, 128, (q) => countMatches(index, q));
  const baseRank = measure(queries, small ? 64 : 24, 4, (q) => rankDonorsReference(donors, q, options));
  const baseCount = measure(queries, small ? 128 : 32, 4, (q) => countMatchesReference(donors, q, options));
  const mean = queries.reduce((n, q) => n + countMatches(index, q), 0) / queries.length;

  console.log(
    `${size.toLocaleString('en-US')} donors: generated in ${generated.toFixed(0)} ms, index built in ` +
      `${built.toFixed(0)} ms; mean matches per query ${mean.toFixed(0)}; ` +
      `indexed = baseline on ${identical}/16 queries`,
  );
  console.log(
    `  index memory: ${memory.bytesPerDonor.toFixed(1)} bytes/donor (${(memory.bytes / 1e6).toFixed(2)} MB;` +
      ` process arrayBuffers grew ${(buffersDelta / size).toFixed(1)} bytes/donor during the build)`,
  );
  console.log(`  ${''.padEnd(34)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'runs'.padStart(7)}`);
  row('rank top 50 + explain: indexed', rank);
  row('rank top 50 + explain: baseline', baseRank);
  console.log(`  ${'  speed-up at p50'.padEnd(34)}${(baseRank.p50 / rank.p50).toFixed(1).padStart(8)}x`);
  row('count only: indexed', count);
  row('count only: baseline', baseCount);
  console.log(`  ${'  speed-up at p50'.padEnd(34)}${(baseCount.p50 / count.p50).toFixed(1).padStart(8)}x\n`);

  if (identical !== 16) failures.push(`${size}: indexed and baseline results differ`);
  if (size === 100_000) {
    if (rank.p50 > RANK_P50_MS) failures.push(`ranking p50 ${rank.p50.toFixed(2)} ms > ${RANK_P50_MS} ms`);
    if (count.p50 > 3) failures.push(`count p50 ${count.p50.toFixed(2)} ms > 3 ms`);
    if (baseRank.p50 / rank.p50 < 10) failures.push('ranking less than 10x faster than baseline');
    if (baseCount.p50 / count.p50 < 10) failures.push('count less than 10x faster than baseline');
    if (memory.bytesPerDonor >= 300) failures.push(`index ${memory.bytesPerDonor.toFixed(0)} bytes/donor >= 300`);
  }
}

console.log(
  failures.length === 0 ? 'All targets met at 100,000 donors.' : `Targets missed:\n- ${failures.join('\n- ')}`,
);
if (failures.length > 0) process.exitCode = 1;

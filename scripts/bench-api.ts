/**
 * `npm run bench:api`: runs every scripts/bench-api/*.ts as its own node process, in name order (a fresh heap and
 * event loop per figure). Each prints `name  value  target  anchor` lines, the anchor measured in the same run.
 * Options go through the environment: BENCH_DB=postgres|pglite (default both), BENCH_SECONDS, BENCH_ROUNDS,
 * BENCH_DONORS, BENCH_APP_DIR (measure another checkout, e.g. main before a change). Arguments select files by name.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'bench-api');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n━━ ${file} ━━`);
  const r = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.error(`✗ ${file} exited with ${r.status}`);
  }
}
process.exit(failed ? 1 : 0);

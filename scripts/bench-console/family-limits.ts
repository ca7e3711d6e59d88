/**
 * The console's family-limits report at the catalogue size of DATABASE_URL (e.g. 100,000 donors made with
 * `npm run donors:generate -- --count 100000`): times `ledgerReport` (the SQL behind
 * GET /api/v1/admin/family-ledger/report/) for the first and a deep page, ROUNDS times each after one warm-up, and
 * prints p50 and p95. Reports and links for a bench database: scripts/bench-console/family-limits-seed.sql (500
 * linked pairs, 6,000 reports, then the stored counts as migration 105 backfills them; ADR 027).
 * Usage: DATABASE_URL=postgres://… node scripts/bench-console/family-limits.ts [rounds]
 */
import { LEDGER_REPORT_PAGE_SIZE, NEAR_LIMIT_SHARE } from '@kindred/shared/family-ledger.schemas';
import { openConfiguredDb } from '../../apps/api/src/cli/open-db.ts';
import { ledgerReport } from '../../apps/api/src/modules/family-ledger/family-ledger.repository.ts';

const ROUNDS = Number(process.argv[2] ?? 10);
const { db, where } = await openConfiguredDb();
const count = (await db.query<{ n: string }>('select count(*)::text as n from donors'))[0]!.n;
console.log(`donors: ${count} (${where}), ${ROUNDS} rounds each`);
for (const page of [1, 100]) {
  const q = { share: NEAR_LIMIT_SHARE, limit: LEDGER_REPORT_PAGE_SIZE, offset: (page - 1) * LEDGER_REPORT_PAGE_SIZE };
  let total = '0';
  await ledgerReport(db, q);
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    total = (await ledgerReport(db, q))[0]?.total ?? '0';
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]!.toFixed(1);
  console.log(`page ${page}: ${total} donors listed; p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
}
await db.close();

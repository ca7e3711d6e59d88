/**
 * The console's donor list at the catalogue size of DATABASE_URL (e.g. 100,000 donors made with
 * `npm run donors:generate -- --count 100000`): times `listDonors` (the SQL behind GET /api/v1/admin/donors/) for
 * the page's typical queries, ROUNDS times each after one warm-up, and prints p50 and p95 per query.
 * Usage: DATABASE_URL=postgres://… node scripts/bench-console/donors-list.ts [rounds]
 */
import { consoleDonorsQuery } from '@kindred/shared/console-donors.schemas';
import { openConfiguredDb } from '../../apps/api/src/cli/open-db.ts';
import { listDonors } from '../../apps/api/src/modules/console-donors/console-donors.repository.ts';

const ROUNDS = Number(process.argv[2] ?? 20);
const QUERIES: Record<string, Record<string, string>> = {
  'first page (reference)': {},
  'page 2000 (reference)': { page: '2000' },
  'egg, available, by medical update desc': {
    donor_type: 'egg',
    availability: 'available',
    sort: 'last_medical_update',
    order: 'desc',
  },
  'family full, green eyes': { family: 'full', eye_color: 'green' },
  'one bank, by last change': { bank: 'Northstar Cryobank (fictional)', sort: 'updated_at', order: 'desc' },
  'search by reference prefix': { q: 'KE00' },
};

const { db, where } = await openConfiguredDb();
const count = (await db.query<{ n: string }>('select count(*)::text as n from donors'))[0]!.n;
console.log(`donors: ${count} (${where}), ${ROUNDS} rounds each`);
for (const [name, raw] of Object.entries(QUERIES)) {
  const query = consoleDonorsQuery.parse(raw);
  await listDonors(db, query);
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    total = (await listDonors(db, query)).total;
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]!.toFixed(1);
  console.log(`${name.padEnd(42)} total ${String(total).padStart(6)}  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms`);
}
await db.close();

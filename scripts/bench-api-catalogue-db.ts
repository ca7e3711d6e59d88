/**
 * Generated catalogues for the catalogue bench (scripts/bench-api/catalogue.ts): one PostgreSQL database per size,
 * created and filled on first use, then reused. Runnable alone to prepare one ahead of a run (a million donors
 * take minutes): `node scripts/bench-api-catalogue-db.ts 1000000`. BENCH_DATABASE_URL names the server (default
 * postgres://postgres@127.0.0.1:5432/test), BENCH_CATALOGUE_DB_PREFIX the databases' names (default
 * k_catalogue_bench_, then the size).
 */
import pg from 'pg';
import { generateDonorBatches } from '@kindred/matching';
import { openPostgres } from '../apps/api/src/db/db.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { upsertDonors } from '../apps/api/src/modules/catalogue/catalogue.repository.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PREFIX = process.env.BENCH_CATALOGUE_DB_PREFIX ?? 'k_catalogue_bench_';
/** Donors per transaction while generating: a batch is a few MB of records, never the whole catalogue. */
const BATCH = 5000;

export const urlOf = (name: string) => Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();

/**
 * A migrated database holding `count` generated donors (seed 'bench-catalogue'), created on the first run. Each
 * batch commits on its own, in order, so an interrupted generation resumes after the last committed batch.
 */
export async function catalogueDb(count: number): Promise<string> {
  const name = `${PREFIX}${count}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const db = await openPostgres(urlOf(name), 4);
  await migrate(db);
  const have = Number((await db.query<{ n: string }>('select count(*)::text as n from donors'))[0]!.n);
  if (have < count) {
    process.stderr.write(`generating ${count} donors into ${name} (once; ${have} there already)…\n`);
    const started = performance.now();
    let done = 0;
    for (const batch of generateDonorBatches(count, 'bench-catalogue', { batchSize: BATCH })) {
      done += batch.length;
      if (done <= have) continue;
      await upsertDonors(db, batch, new Date());
      if (done % 100_000 === 0)
        process.stderr.write(`  ${done} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }
  }
  await db.close();
  return urlOf(name);
}

if (import.meta.main) console.log(await catalogueDb(Number(process.argv[2] ?? 100_000)));

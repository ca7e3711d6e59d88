import path from 'node:path';
import { loadEnv } from '../env.ts';
import { openPglite, openPostgres, type Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';

/**
 * The configured database, migrated, as server.ts opens it (DATABASE_URL, else the embedded one in DATA_DIR).
 * The embedded database belongs to one process at a time: stop the server before running a command against it.
 */
export async function openConfiguredDb(): Promise<{ db: Db; where: string }> {
  const env = loadEnv();
  const dir = path.join(env.dataDir, 'pglite');
  const db = env.databaseUrl ? await openPostgres(env.databaseUrl, 2) : await openPglite(dir);
  await migrate(db);
  return { db, where: env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dir}` };
}

/** Runs a command's main, printing a failure as one line and exiting non-zero. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

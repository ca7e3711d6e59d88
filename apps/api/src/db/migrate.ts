import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
/** Arbitrary constant: every instance takes this advisory lock so only one applies migrations at a time. */
const MIGRATION_LOCK = 7_412_003;

/** Applies every `NNN_name.sql` in apps/api/migrations not yet recorded, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  // The lock belongs to the connection that took it: lock, migrations and unlock all run on one connection.
  await db.session(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      // Under the lock: two instances creating it at once would collide on the catalogue. Only when missing: an
      // application role without CREATE on the schema (README, "Database roles") must still start once migrated.
      const [found] = await conn.query<{ t: string | null }>(`select to_regclass('schema_migrations')::text as t`);
      if (!found?.t)
        await conn.query(`create table schema_migrations (
          version text primary key, applied_at timestamptz not null default now())`);
      const done = new Set(
        (await conn.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(path.join(dir, file), 'utf8');
        await conn.transaction(async (tx) => {
          for (const statement of splitStatements(sql)) await tx.query(statement);
          await tx.query('insert into schema_migrations(version) values ($1)', [file]);
        });
        applied.push(file);
      }
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
  return applied;
}

/** Splits a migration on semicolons at line ends; migrations keep one statement per `;\n` (no function bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}

import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';

/**
 * The database port. Two real implementations speak the same PostgreSQL dialect: embedded PGlite (default,
 * zero configuration) and a pg pool (when DATABASE_URL is set). Repositories write plain parameterised SQL.
 */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
};
export type Db = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** The embedded instance itself (PGlite only): the job engine (pg-boss) speaks to it through its own adapter. */
  readonly pglite?: PGlite;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Embedded PostgreSQL in `dataDir`, or in memory when `dataDir` is 'memory://'. */
export async function openPglite(dataDir: string): Promise<Db> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(sql, params as unknown[]);
      return r.rows;
    },
  });
  return {
    kind: 'pglite',
    pglite: db,
    ...wrap(db),
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}

/** A pooled connection to a real PostgreSQL server. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover, a dropped database) is an 'error' event on the pool;
  // without a listener it would crash the process. The pool has already discarded that client and opens a new one.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pool.query(sql, params as unknown[]);
      return r.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          async query<T>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as T[];
          },
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

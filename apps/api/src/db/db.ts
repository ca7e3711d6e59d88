import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { isDependencyFault as isConnectionFault } from '../lib/dependency-faults.ts';
import { preparedStatements } from './pglite-prepared.ts';

/**
 * The database port. Two real implementations speak the same PostgreSQL dialect: embedded PGlite (default,
 * zero configuration) and a pg pool (when DATABASE_URL is set). Repositories write plain parameterised SQL.
 */
export type Queryable = {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
};
/**
 * `name`: run as a named prepared statement (planned once per connection, not on every call), for the few
 * statements every signed-in request runs. Only for SQL whose text never changes and which names its columns (a
 * prepared `select *` fails once its table gains a column). On PGlite only outside a transaction (inside one the
 * statement runs unnamed), see pglite-prepared.ts.
 */
export type QueryOptions = { name?: string };
/** One connection held for a while: what it does is seen by itself alone (session locks, settings). */
export type Session = Queryable & {
  /** Runs `fn` in one transaction on this connection; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
};
export type Db = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** The embedded instance itself (PGlite only): the job engine (pg-boss) speaks to it through its own adapter. */
  readonly pglite?: PGlite;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on one dedicated connection, without the pool's query timeout (migrations: an advisory lock is held
   * by the connection that took it, and a migration may run longer than any request's statement).
   */
  session<T>(fn: (conn: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * Statements run inside `fn` get the long deadline (PostgreSQL): background jobs, imports, the start's loads. Every
 * other statement is on a request's path and gets the short one, so a stalled database answers 503 within it.
 */
const longStatements = new AsyncLocalStorage<true>();
export const withLongStatements = <T>(fn: () => Promise<T>): Promise<T> => longStatements.run(true, fn);

/** A statement with its own read deadline (node-postgres reads `query_timeout` per query; its types omit it). */
const timed = (config: pg.QueryConfig, ms: number | undefined): pg.QueryConfig =>
  Object.assign(config, { query_timeout: ms });

/**
 * Runs `fn` in a savepoint of the open transaction `tx`: when it throws, only its own statements are undone (the
 * transaction goes on) and the error is passed on. Services use it instead of writing SAVEPOINT themselves.
 */
export async function inSavepoint<T>(tx: Queryable, name: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_]+$/.test(name)) throw new TypeError(`savepoint name must be a plain identifier: ${name}`);
  await tx.query(`savepoint ${name}`);
  try {
    const out = await fn();
    await tx.query(`release savepoint ${name}`);
    return out;
  } catch (err) {
    await tx.query(`rollback to savepoint ${name}`);
    throw err;
  }
}

/**
 * Embedded PostgreSQL in `dataDir`, or in memory when `dataDir` is 'memory://'. `loadDataDir` starts it from a
 * dump (`pglite.dumpDataDir()`) instead of a new cluster: the test suite's migrated template (no initdb, no
 * migrations per test file).
 */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // btree_gist: the appointments' exclusion constraint (migration 025, ADR 021), the same as on PostgreSQL;
  // pg_trgm: the console's user search (migration 030).
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    extensions: { btree_gist, pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const prepared = preparedStatements(db);
  // `named`: outside a transaction a statement with a name runs prepared (pglite-prepared.ts); inside one, as is.
  const wrap = (q: Pick<PGlite, 'query'>, named = false): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const rows =
        named && options.name
          ? await prepared.query<T>(options.name, sql, params)
          : (await q.query<T>(sql, params as unknown[])).rows;
      // PGlite runs the statement on this thread and settles without giving timers and sockets a turn: yield
      // after each one, so a run of statements (an import's batches) never holds the event loop as a whole.
      await new Promise((resolve) => setImmediate(resolve));
      return rows;
    },
  });
  return {
    kind: 'pglite',
    pglite: db,
    ...wrap(db, true),
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    // PGlite is one connection: every call already runs on it.
    session: (fn) => fn({ ...wrap(db, true), transaction: (inner) => db.transaction((tx) => inner(wrap(tx))) }),
    close: () => db.close(),
  };
}

export type PostgresOptions = {
  /** Connections in the pool. */
  max?: number;
  /**
   * A request's statement not answered within this many ms fails (and its connection is discarded), so a
   * black-holed connection fails the request with a 503 within the deadline instead of hanging it. Default 5 s.
   */
  queryTimeoutMs?: number;
  /** The same for statements run under `withLongStatements` (jobs, imports, the start, migrations). Default 120 s. */
  longQueryTimeoutMs?: number;
  /** Opening a connection, or waiting for a free one, fails after this many ms. Default 5 s. */
  connectTimeoutMs?: number;
};

/**
 * A pooled connection to a real PostgreSQL server. Losing the server (restart, failover, a network cut) never
 * crashes the process: the statements in flight fail with connection errors (the error handler answers 503), the
 * broken connections are discarded, and the pool opens new ones as soon as the server is back.
 */
export async function openPostgres(url: string, options: number | PostgresOptions = {}): Promise<Db> {
  const opts = typeof options === 'number' ? { max: options } : options;
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    // A peer that vanishes without a reset (a dead host, a dropped route) is noticed by the kernel, not never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const shortMs = opts.queryTimeoutMs ?? 5_000;
  const longMs = Math.max(shortMs, opts.longQueryTimeoutMs ?? 120_000);
  /** This statement's deadline: the request path's, or the long one inside `withLongStatements`. */
  const deadline = () => (longStatements.getStore() ? longMs : shortMs);
  const pool = new pg.Pool({ ...connection, max: opts.max ?? 10, query_timeout: longMs });
  // An idle connection the server drops (restart, failover, a dropped database) is an 'error' event on the pool;
  // without a listener it would crash the process. The pool has already discarded that client and opens a new one.
  pool.on('error', () => undefined);
  await pool.query('select 1');

  /** A transaction on a checked-out client; a broken connection is handed back with its error (discarded). */
  async function inTransaction<T>(
    client: pg.ClientBase,
    fn: (tx: Queryable) => Promise<T>,
    timeout: () => number | undefined = deadline,
  ) {
    await client.query(timed({ text: 'begin' }, timeout()));
    try {
      const result = await fn({
        async query<T>(sql: string, params: readonly unknown[] = []) {
          return (await client.query(timed({ text: sql, values: params as unknown[] }, timeout()))).rows as T[];
        },
      });
      await client.query(timed({ text: 'commit' }, timeout()));
      return result;
    } catch (err) {
      // On a dead connection the server has rolled back already; a rollback would only wait for a timeout.
      if (!isConnectionFault(err)) await client.query('rollback').catch(() => undefined);
      throw err;
    }
  }

  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const r = await pool.query(
        options.name
          ? timed({ name: options.name, text: sql, values: params as unknown[] }, deadline())
          : timed({ text: sql, values: params as unknown[] }, deadline()),
      );
      return r.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // While a client is checked out the pool does not listen for its errors: a connection lost between two
      // statements (or during one: pg emits the error as well) would be an unhandled 'error' event.
      let broken: Error | undefined;
      const onError = (err: Error) => (broken ??= err);
      client.on('error', onError);
      try {
        return await inTransaction(client, fn);
      } catch (err) {
        if (isConnectionFault(err)) broken ??= err as Error;
        throw err;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    async session(fn) {
      const client = new pg.Client(connection);
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await fn({
          async query<T>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as T[];
          },
          // A session (migrations under their lock) has no deadline, as before: only its own connection waits.
          transaction: (inner) => inTransaction(client, inner, () => undefined),
        });
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    close: () => pool.end(),
  };
}

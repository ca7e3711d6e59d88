import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { isDependencyFault } from '../src/lib/dependency-faults.ts';
import { postgresBehindProxy, type ProxiedPostgres } from './support/deps.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Db port itself when its connection goes: errors the caller can handle, never an unhandled event. */
describe('Db port on PostgreSQL, connection cut', () => {
  let pg: ProxiedPostgres;
  let db: Db;
  beforeEach(async () => {
    pg = await postgresBehindProxy();
    db = await openPostgres(pg.url, { max: 3, queryTimeoutMs: 2000, connectTimeoutMs: 1000 });
  });
  afterEach(async () => {
    await db?.close();
    await pg?.dispose();
  });

  it('a transaction open when the connection is cut fails with a connection error; the pool recovers', async () => {
    const failure = db
      .transaction(async (tx) => {
        await tx.query('select 1');
        await pg.proxy.cut();
        // Between two statements, as when a handler awaits other work inside its transaction.
        await sleep(100);
        await tx.query('select 1');
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    const err = await failure;
    expect(isDependencyFault(err), String(err)).toBe(true);
    const refused = await db.query('select 1').catch((e: unknown) => e);
    expect(isDependencyFault(refused), String(refused)).toBe(true);
    await pg.proxy.restore();
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    expect(await db.transaction((tx) => tx.query('select 2 as two'))).toEqual([{ two: 2 }]);
  });

  it('a stalled connection fails the statement after the query timeout instead of hanging', async () => {
    await db.query('select 1');
    pg.proxy.stall();
    const started = Date.now();
    const err = await db.query('select 1').catch((e: unknown) => e);
    expect(isDependencyFault(err), String(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3500);
    await pg.proxy.restore();
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('migrations hold their advisory lock on one connection and release it; two instances apply each file once', async () => {
    const other = await openPostgres(pg.url, { max: 3, queryTimeoutMs: 2000, connectTimeoutMs: 1000 });
    try {
      const [a, b] = await Promise.all([migrate(db), migrate(other)]);
      expect(a.length + b.length).toBeGreaterThan(0);
      expect(new Set([...a, ...b]).size).toBe(a.length + b.length);
      const held = await pg.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and granted");
      expect(held).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });
});

describe('Db port on PGlite', () => {
  it('a closed embedded database (its files gone) is a dependency fault, not a programmer error', async () => {
    const db = await openPglite('memory://');
    await migrate(db);
    expect(await db.session((conn) => conn.query('select 1 as one'))).toEqual([{ one: 1 }]);
    await db.close();
    const err = await db.query('select 1').catch((e: unknown) => e);
    expect(isDependencyFault(err), String(err)).toBe(true);
  });
});

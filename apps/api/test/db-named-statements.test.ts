import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { createTestDb } from './harness.ts';

/**
 * Named statements (`db.query(sql, params, { name })`): prepared once and run again on PostgreSQL and PGlite alike
 * (db/pglite-prepared.ts), answering what the same statement answers unnamed.
 */
describe('named statements', () => {
  let db: Db;
  const SQL = `select n.id, n.label, n.at, n.flag, n.amount, n.extra, to_char(n.day, 'YYYY-MM-DD') as day,
      exists (select 1 from named_t m where m.label = $2) as has_label
    from named_t n where n.id = $1`;

  beforeAll(async () => {
    db = await createTestDb();
    await db.exec(`create table named_t (id uuid primary key default gen_random_uuid(), label text not null,
      at timestamptz not null, flag boolean not null, amount integer, extra jsonb, day date)`);
  });
  afterAll(() => db.close());

  async function insert(label: string) {
    const [row] = await db.query<{ id: string }>(
      `insert into named_t (label, at, flag, amount, extra, day) values ($1, $2, true, null, $3, '2024-02-29')
       returning id`,
      [label, new Date('2025-01-02T03:04:05.678Z'), { a: [1, 'b'] }],
    );
    return row!.id;
  }

  it('answers the rows, types and nulls the unnamed statement answers, time after time', async () => {
    const id = await insert('first');
    const unnamed = await db.query(SQL, [id, 'first']);
    expect(unnamed).toEqual([
      {
        id,
        label: 'first',
        at: new Date('2025-01-02T03:04:05.678Z'),
        flag: true,
        amount: null,
        extra: { a: [1, 'b'] },
        day: '2024-02-29',
        has_label: true,
      },
    ]);
    for (let i = 0; i < 3; i += 1) expect(await db.query(SQL, [id, 'first'], { name: 'named_t_row' })).toEqual(unnamed);
    expect(await db.query(SQL, [id, null], { name: 'named_t_row' })).toEqual([{ ...unnamed[0], has_label: false }]);
    expect(await db.query(SQL, ['00000000-0000-4000-8000-000000000000', 'x'], { name: 'named_t_row' })).toEqual([]);
  });

  it('sees a change to the rows and to the table after it was prepared', async () => {
    const id = await insert('second');
    expect((await db.query<{ label: string }>(SQL, [id, 'x'], { name: 'named_t_row' }))[0]!.label).toBe('second');
    await db.query(`update named_t set label = 'changed' where id = $1`, [id]);
    await db.exec('create index named_t_label on named_t (label); alter table named_t add column unused text');
    const [row] = await db.query<{ label: string; has_label: boolean }>(SQL, [id, 'changed'], { name: 'named_t_row' });
    expect(row).toMatchObject({ label: 'changed', has_label: true });
  });

  it('never runs inside a transaction another caller has open, nor sees what it rolls back', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const insertedYet = new Promise<void>((r) => (inserted = r));
    const tx = db
      .transaction(async (t) => {
        await t.query(`insert into named_t (label, at, flag) values ('rolled back', now(), false)`);
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch((err: Error) => err.message);
    await insertedYet;
    const read = db.query<{ n: number }>(`select count(*)::int as n from named_t where label = $1`, ['rolled back'], {
      name: 'named_t_count',
    });
    setTimeout(release, 50);
    expect(await read).toEqual([{ n: 0 }]);
    expect(await tx).toBe('roll back');
  });

  it('inside a transaction, sees that transaction’s own writes', async () => {
    const n = await db.transaction(async (t) => {
      await t.query(`insert into named_t (label, at, flag) values ('in tx', now(), false)`);
      return t.query<{ n: number }>(`select count(*)::int as n from named_t where label = $1`, ['in tx'], {
        name: 'named_t_count',
      });
    });
    expect(n).toEqual([{ n: 1 }]);
  });

  it('fails a run with the database’s error and runs the next one', async () => {
    await expect(db.query(SQL, ['not a uuid', 'x'], { name: 'named_t_row' })).rejects.toMatchObject({
      code: '22P02',
    });
    const id = await insert('after error');
    expect(await db.query(SQL, [id, 'x'], { name: 'named_t_row' })).toHaveLength(1);
  });
});

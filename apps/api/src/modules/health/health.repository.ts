import type { Queryable } from '../../db/db.ts';

/** The cheapest round trip to the database: answers or throws. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}

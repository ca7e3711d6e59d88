import type { ParentScreen } from '@kindred/shared/genetics';
import type { Queryable } from '../../db/db.ts';

/** SQL for a parent's own carrier screening (parent_carrier_screenings, migration 044). */

export type ParentScreenRow = { screening: ParentScreen; updated_at: Date };

export async function findParentScreen(db: Queryable, userId: string): Promise<ParentScreenRow | undefined> {
  const rows = await db.query<ParentScreenRow>(
    'select screening, updated_at from parent_carrier_screenings where user_id = $1',
    [userId],
  );
  return rows[0];
}

/** The screens of those of `userIds` who entered one. */
export function findParentScreens(
  db: Queryable,
  userIds: readonly string[],
): Promise<(ParentScreenRow & { user_id: string })[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.query<ParentScreenRow & { user_id: string }>(
    'select user_id, screening, updated_at from parent_carrier_screenings where user_id = any($1::uuid[])',
    [[...new Set(userIds)]],
  );
}

export async function upsertParentScreen(db: Queryable, userId: string, screen: ParentScreen, at: Date) {
  const rows = await db.query<ParentScreenRow>(
    `insert into parent_carrier_screenings (user_id, screening, created_at, updated_at) values ($1, $2, $3, $3)
     on conflict (user_id) do update set screening = excluded.screening, updated_at = excluded.updated_at
     returning screening, updated_at`,
    [userId, JSON.stringify(screen), at],
  );
  return rows[0]!;
}

export async function deleteParentScreen(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query('delete from parent_carrier_screenings where user_id = $1 returning user_id', [userId]);
  return rows.length > 0;
}

import type { Db } from '../../db/db.ts';

/** SQL for a parent's favourite donors. Donors are addressed by their public reference id. */
export type FavouriteRow = { reference_id: string; created_at: Date | string };

export function listFavourites(db: Db, userId: string): Promise<FavouriteRow[]> {
  return db.query<FavouriteRow>(
    `select d.reference_id, f.created_at from favourites f join donors d on d.id = f.donor_id
     where f.user_id = $1 order by f.created_at desc, d.reference_id`,
    [userId],
  );
}

/** The donor's id when it was revealed to this parent (on any subscription), else undefined. */
export async function revealedDonorId(db: Db, userId: string, referenceId: string): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `select d.id from donors d where d.reference_id = $2
       and exists (select 1 from revealed_donors r where r.user_id = $1 and r.donor_id = d.id)`,
    [userId, referenceId],
  );
  return rows[0]?.id;
}

export async function addFavourite(db: Db, userId: string, donorId: string, at: Date): Promise<void> {
  await db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, $3) on conflict do nothing', [
    userId,
    donorId,
    at,
  ]);
}

export async function removeFavourite(db: Db, userId: string, referenceId: string): Promise<void> {
  await db.query(
    'delete from favourites f using donors d where f.donor_id = d.id and f.user_id = $1 and d.reference_id = $2',
    [userId, referenceId],
  );
}

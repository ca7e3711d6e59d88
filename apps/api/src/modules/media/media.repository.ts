import type { Queryable } from '../../db/db.ts';
import type { MediaFormat } from '@kindred/shared/media';

export type MediaImageRow = { id: string; width: number; height: number };

/** bytea comes back as a Buffer from pg and a Uint8Array from PGlite. */
const toBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

export async function insertImage(
  db: Queryable,
  row: MediaImageRow & { master: Buffer; uploadedBy: string | null; createdAt: Date },
): Promise<void> {
  await db.query(
    'insert into media_images (id, width, height, master, uploaded_by, created_at) values ($1, $2, $3, $4, $5, $6)',
    [row.id, row.width, row.height, row.master, row.uploadedBy, row.createdAt],
  );
}

export async function findImage(db: Queryable, id: string): Promise<MediaImageRow | null> {
  const rows = await db.query<MediaImageRow>('select id, width, height from media_images where id = $1', [id]);
  return rows[0] ?? null;
}

export async function readMaster(db: Queryable, id: string): Promise<Buffer | null> {
  const rows = await db.query<{ master: Uint8Array }>('select master from media_images where id = $1', [id]);
  return rows[0] ? toBuffer(rows[0].master) : null;
}

export async function readVariant(
  db: Queryable,
  id: string,
  width: number,
  format: MediaFormat,
): Promise<Buffer | null> {
  const rows = await db.query<{ data: Uint8Array }>(
    'select data from media_variants where image_id = $1 and width = $2 and format = $3',
    [id, width, format],
  );
  return rows[0] ? toBuffer(rows[0].data) : null;
}

export async function hasVariant(db: Queryable, id: string, width: number, format: MediaFormat): Promise<boolean> {
  return (
    (
      await db.query('select 1 from media_variants where image_id = $1 and width = $2 and format = $3', [
        id,
        width,
        format,
      ])
    ).length > 0
  );
}

/** Stores a variant; a concurrent request that made the same one first wins, and both bytes are equivalent. */
export async function insertVariant(
  db: Queryable,
  id: string,
  width: number,
  format: MediaFormat,
  data: Buffer,
): Promise<void> {
  await db.query(
    'insert into media_variants (image_id, width, format, data) values ($1, $2, $3, $4) on conflict do nothing',
    [id, width, format, data],
  );
}

/** Marks images as used now; returns the ids that exist (an id missing from the answer was deleted or never was). */
export async function touchImages(db: Queryable, ids: readonly string[], at: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'update media_images set last_used_at = $2 where id = any($1) returning id',
    [ids, at],
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes images last used (or, never used, uploaded) before `before` that no article (cover or Markdown body)
 * and no team member refers to; their variants go with them. Returns how many were deleted.
 */
export async function deleteUnreferencedImages(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `delete from media_images m
      where coalesce(m.last_used_at, m.created_at) < $1
        and not exists (select 1 from blogs b
          where b.featured_image like '/media/' || m.id || '/%' or b.content like '%/media/' || m.id || '/%')
        and not exists (select 1 from team_members t where t.image like '/media/' || m.id || '/%')
      returning m.id`,
    [before],
  );
  return rows.length;
}

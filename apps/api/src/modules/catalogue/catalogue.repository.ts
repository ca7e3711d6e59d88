import type { Donor, IndexSource } from '@kindred/matching';
import type { Db, Queryable } from '../../db/db.ts';

export const catalogueVersion = async (db: Queryable) =>
  Number((await db.query<{ version: string }>('select version from catalogue_state where id = 1'))[0]?.version ?? 0);

/**
 * Bumps the catalogue version and returns it. Called first in a writing transaction: the row lock it takes
 * serialises catalogue writers until commit, so a reader that sees version V also sees every change up to V.
 */
export const bumpCatalogueVersion = async (db: Queryable) =>
  Number(
    (
      await db.query<{ version: string }>(
        'update catalogue_state set version = version + 1 where id = 1 returning version',
      )
    )[0]!.version,
  );

/** `bank_name`: the donor's bank, beside the source (price lists are per bank, issue 29). */
export type IndexRow = { reference_id: string; bank_name: string; source: IndexSource };

/**
 * One page of donors in reference-id order (the index's order), after `afterReference`: what the index reads of
 * each (donors.index_source, migration 018, kept by PostgreSQL on every write), not the records.
 */
export const loadIndexPage = (db: Queryable, afterReference: string, limit: number) =>
  db.query<IndexRow>(
    `select reference_id, bank_name, index_source as source from donors where reference_id > $1
     order by reference_id limit $2`,
    [afterReference, limit],
  );

/** Full records of these donors (details shown to a parent), by public id. */
export const findDonorsByReferenceIds = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<{ record: Donor }>('select record from donors where reference_id = any($1::text[])', [referenceIds]);

/** Where a page of changed donors ended: the last row's catalogue version and reference id. */
export type ChangeCursor = { version: number; reference: string };

/**
 * One page of the donors changed after catalogue version `since` (what an instance that applied `since` has not
 * seen), in (version, reference id) order after `after`, served by an index on both (migration 075). Read a page
 * at a time: one statement for a whole import's records (18,000 at 2-3 KB) held the event loop ~0.3 s on PGlite,
 * which parses a result in one go. A donor changed again while the pages are read comes twice, the later last.
 */
export const loadDonorsChangedSince = (db: Queryable, since: number, after: ChangeCursor, limit: number) =>
  db.query<{ record: Donor; version: string }>(
    `select record, catalogue_version::text as version from donors
     where catalogue_version > $1 and (catalogue_version, reference_id) > ($2::bigint, $3::text)
     order by catalogue_version, reference_id limit $4`,
    [since, after.version, after.reference, limit],
  );

/** Announces a committed catalogue version to every instance (inside the writing transaction). */
export type AnnounceVersion = (tx: Queryable, version: number) => Promise<void>;
export const notifyVersion: AnnounceVersion = async (tx, version) => {
  await tx.query('select pg_notify($1, $2)', ['kindred_catalogue', JSON.stringify({ version })]);
};

export const countDonors = async (db: Queryable) =>
  Number((await db.query<{ n: string }>('select count(*)::text as n from donors'))[0]!.n);

export const findDonorByReference = async (db: Queryable, referenceId: string) =>
  (
    await db.query<{ id: string; record: Donor }>('select id, record from donors where reference_id = $1', [
      referenceId,
    ])
  )[0];

/** Runs in an upsert's transaction once its rows are written (the console's audit row, with the counts). */
export type UpsertHook = (tx: Queryable, counts: { inserted: number; updated: number }) => Promise<void>;

/**
 * Inserts or updates donors by the bank's own id (idempotent imports), in batches, and bumps the catalogue
 * version once. Returns how many rows were inserted and how many updated.
 */
export async function upsertDonors(
  db: Db,
  donors: readonly Donor[],
  now: Date,
  announce: AnnounceVersion = notifyVersion,
  within?: UpsertHook,
): Promise<{ inserted: number; updated: number; version: number }> {
  let inserted = 0;
  let updated = 0;
  let version = 0;
  await db.transaction(async (tx) => {
    version = await bumpCatalogueVersion(tx);
    // PGlite runs each statement on this thread: smaller batches keep each pause of a large import short.
    const size = db.kind === 'pglite' ? 100 : 500;
    for (let i = 0; i < donors.length; i += size) {
      const batch = donors.slice(i, i + size);
      const rows = await tx.query<{ inserted: boolean }>(
        `insert into donors (reference_id, bank_name, bank_donor_id, donor_type, disclosure, availability, record,
           created_at, updated_at, catalogue_version)
         select d->>'reference_id', d->>'bank_name', d->>'bank_donor_id', d->>'donor_type', d->>'disclosure',
           d->>'availability', d, $2, $2, $3
         from jsonb_array_elements($1::jsonb) as d
         on conflict (bank_name, bank_donor_id) do update set
           donor_type = excluded.donor_type, disclosure = excluded.disclosure, availability = excluded.availability,
           record = excluded.record || jsonb_build_object('reference_id', donors.reference_id),
           updated_at = excluded.updated_at, catalogue_version = excluded.catalogue_version
         returning (xmax = 0) as inserted`,
        [JSON.stringify(batch), now, version],
      );
      for (const r of rows) {
        if (r.inserted) inserted += 1;
        else updated += 1;
      }
    }
    await within?.(tx, { inserted, updated });
    await announce(tx, version);
  });
  return { inserted, updated, version };
}

export type DonorKeys = { reference_id: string; bank_name: string; bank_donor_id: string };

/** Stored donors among these (bank_name, bank_donor_id) pairs, with their public ids. */
export const findDonorsByBankIds = (db: Queryable, banks: readonly string[], ids: readonly string[]) =>
  db.query<DonorKeys>(
    `select d.reference_id, d.bank_name, d.bank_donor_id from donors d
     join unnest($1::text[], $2::text[]) as k(bank_name, bank_donor_id) on d.bank_name = k.bank_name and
       d.bank_donor_id = k.bank_donor_id`,
    [banks, ids],
  );

/** Stored donors holding any of these public ids. */
export const findDonorsByReferences = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<DonorKeys>(
    'select reference_id, bank_name, bank_donor_id from donors where reference_id = any($1::text[])',
    [referenceIds],
  );

/** The partner bank a clinic account is linked to (users.bank_name), if any. */
export async function findLinkedBank(db: Queryable, userId: string): Promise<string | undefined> {
  const rows = await db.query<{ bank_name: string | null }>('select bank_name from users where id = $1', [userId]);
  return rows[0]?.bank_name ?? undefined;
}

/** Current availability of these donors (the console's dry runs and audit rows), by public id. */
export const findAvailability = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<{ reference_id: string; availability: string }>(
    'select reference_id, availability from donors where reference_id = any($1::text[])',
    [referenceIds],
  );

/**
 * Sets these donors' availability (column and record) and stamps them with catalogue version `version`, in the
 * caller's transaction (which bumped the version first). Donors that already had it are left alone. Returns the
 * donors changed with their availability before.
 */
export const setAvailability = (
  tx: Queryable,
  change: { referenceIds: readonly string[]; availability: string; now: Date; version: number },
) =>
  tx.query<{ reference_id: string; before: string }>(
    `update donors d set availability = $2, record = jsonb_set(d.record, '{availability}', to_jsonb($2::text)),
       updated_at = $3, catalogue_version = $4
     from (select id, availability as before from donors where reference_id = any($1::text[]) for update) t
     where d.id = t.id and t.before <> $2
     returning d.reference_id, t.before`,
    [change.referenceIds, change.availability, change.now, change.version],
  );

/** What is known of the snapshot of the matching index this engine build wrote, if any (migration 120). */
export const findIndexSnapshot = async (db: Queryable, engine: string) =>
  (
    await db.query<{ catalogue_version: string; donors: number }>(
      'select catalogue_version::text, donors from catalogue_index_snapshots where engine = $1',
      [engine],
    )
  )[0];

/**
 * The snapshot's bytes, if it is still there. Sent as base64 text (PostgreSQL breaks it into lines, which Node's
 * decoder skips): node-postgres reads a bytea as hex text twice the size and decodes that, about three times the
 * CPU for the 9 MB of a 100,000-donor index.
 */
export const readIndexSnapshotBytes = async (db: Queryable, engine: string) => {
  const [row] = await db.query<{ b64: string }>(
    "select encode(bytes, 'base64') as b64 from catalogue_index_snapshots where engine = $1",
    [engine],
  );
  return row ? Buffer.from(row.b64, 'base64') : undefined;
};

/**
 * Keeps a snapshot of the matching index for this engine build. One of an older catalogue version or day is
 * replaced, as is one of the same (it may be the damaged one this instance could not read); a newer one (another
 * instance's) is kept.
 */
export const saveIndexSnapshot = (
  db: Queryable,
  s: { engine: string; version: number; day: string; donors: number; bytes: Uint8Array; at: Date },
) =>
  db.query(
    `insert into catalogue_index_snapshots (engine, catalogue_version, built_for_day, donors, bytes, written_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (engine) do update set catalogue_version = excluded.catalogue_version,
       built_for_day = excluded.built_for_day, donors = excluded.donors, bytes = excluded.bytes,
       written_at = excluded.written_at
     where (catalogue_index_snapshots.catalogue_version, catalogue_index_snapshots.built_for_day)
       <= (excluded.catalogue_version, excluded.built_for_day)`,
    [s.engine, s.version, s.day, s.donors, s.bytes, s.at],
  );

/** How many donors changed after catalogue version `since` (the index on (catalogue_version, reference_id)). */
export const countChangedSince = async (db: Queryable, since: number) =>
  Number(
    (await db.query<{ n: string }>('select count(*)::text as n from donors where catalogue_version > $1', [since]))[0]!
      .n,
  );

import type { Queryable } from '../../db/db.ts';

/** SQL of the family ledger (issue 28, ADR 027): reports, cross-bank identities, family-limit holds. */

export type DonorLimitRow = {
  reference_id: string;
  bank_name: string;
  bank_donor_id: string;
  availability: string;
  family_limit: number;
  families_so_far: number;
};

export const findDonorLimits = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<DonorLimitRow>(
    `select reference_id, bank_name, bank_donor_id, availability,
       (index_source->>'family_limit')::int as family_limit,
       (index_source->>'families_so_far')::int as families_so_far
     from donors where reference_id = any($1::text[])`,
    [referenceIds],
  );

/** The clinic's staff accounts that can act (not disabled): who is told a report awaits their confirmation. */
export const clinicStaffIds = async (db: Queryable, clinicId: string) =>
  (
    await db.query<{ id: string }>(
      "select id from users where role = 'clinic' and clinic_id = $1 and disabled_at is null order by id",
      [clinicId],
    )
  ).map((r) => r.id);

export const findActiveClinic = async (db: Queryable, referenceId: string) =>
  (
    await db.query<{ id: string; reference_id: string; name: string }>(
      'select id, reference_id, name from clinics where reference_id = $1 and active',
      [referenceId],
    )
  )[0];

// Reports ----------------------------------------------------------------------------------------------------

export type ReportRow = {
  id: string;
  user_id: string | null;
  donor_reference_id: string;
  clinic_id: string | null;
  clinic_reference_id: string | null;
  clinic_name: string | null;
  kind: 'pregnancy' | 'birth';
  event_date: string | null;
  status: 'reported' | 'confirmed' | 'withdrawn';
  created_at: Date;
  updated_at: Date;
  confirmed_at: Date | null;
  parent_name: string | null;
  parent_email: string | null;
};

const REPORT_COLUMNS = `r.id, r.user_id, r.donor_reference_id, r.clinic_id, c.reference_id as clinic_reference_id,
  c.name as clinic_name, r.kind, to_char(r.event_date, 'YYYY-MM-DD') as event_date, r.status, r.created_at,
  r.updated_at, r.confirmed_at`;
const REPORT_FROM = 'family_reports r left join clinics c on c.id = r.clinic_id';

export const listUserReports = (db: Queryable, userId: string) =>
  db.query<ReportRow>(
    `select ${REPORT_COLUMNS}, null as parent_name, null as parent_email from ${REPORT_FROM}
     where r.user_id = $1 order by r.created_at desc, r.id`,
    [userId],
  );

/** Reports naming this clinic, with the parent's name and address (the clinic's own patient). */
export const listClinicReports = (db: Queryable, clinicId: string) =>
  db.query<ReportRow>(
    `select ${REPORT_COLUMNS}, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as parent_name,
       u.email as parent_email
     from ${REPORT_FROM} left join users u on u.id = r.user_id
     where r.clinic_id = $1 and r.status <> 'withdrawn' order by (r.status = 'reported') desc, r.created_at desc
     limit 500`,
    [clinicId],
  );

export const findReport = async (db: Queryable, id: string, lock = false) =>
  (
    await db.query<ReportRow>(
      `select ${REPORT_COLUMNS}, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as parent_name,
         u.email as parent_email
       from ${REPORT_FROM} left join users u on u.id = r.user_id where r.id = $1${lock ? ' for update of r' : ''}`,
      [id],
    )
  )[0];

export const findLiveReport = async (db: Queryable, userId: string, referenceId: string) =>
  (
    await db.query<{ id: string }>(
      `select id from family_reports where user_id = $1 and donor_reference_id = $2 and status <> 'withdrawn'`,
      [userId, referenceId],
    )
  )[0];

export async function insertReport(
  db: Queryable,
  r: { userId: string; referenceId: string; clinicId: string; kind: string; eventDate: string | null; now: Date },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into family_reports (user_id, donor_reference_id, clinic_id, kind, event_date, status, created_at,
       updated_at)
     values ($1, $2, $3, $4, $5::date, 'reported', $6, $6) returning id`,
    [r.userId, r.referenceId, r.clinicId, r.kind, r.eventDate, r.now],
  );
  return row!.id;
}

/** A correction: new facts, and the report waits for the clinic's confirmation again. */
export const correctReport = (
  db: Queryable,
  r: { id: string; clinicId: string; kind: string; eventDate: string | null; now: Date },
) =>
  db.query(
    `update family_reports set clinic_id = $2, kind = $3, event_date = $4::date, status = 'reported',
       confirmed_at = null, updated_at = $5 where id = $1`,
    [r.id, r.clinicId, r.kind, r.eventDate, r.now],
  );

export const setReportStatus = (db: Queryable, id: string, status: 'confirmed' | 'withdrawn', now: Date) =>
  db.query(
    `update family_reports set status = $2, updated_at = $3,
       confirmed_at = case when $2 = 'confirmed' then $3 else confirmed_at end,
       withdrawn_at = case when $2 = 'withdrawn' then $3 else withdrawn_at end
     where id = $1`,
    [id, status, now],
  );

/**
 * Live reports on these donor records: the family each stands for (the parent, or the report itself once the
 * parent's account is gone) and whether it is confirmed.
 */
export const liveFamilies = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<{ donor_reference_id: string; family: string; confirmed: boolean }>(
    `select donor_reference_id, coalesce(user_id::text, id::text) as family, status = 'confirmed' as confirmed
     from family_reports where donor_reference_id = any($1::text[]) and status <> 'withdrawn'`,
    [referenceIds],
  );

// Cross-bank identities ----------------------------------------------------------------------------------------

/** For each record given, every record of the same person (itself included, linked or not). */
export const findGroups = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<{ reference_id: string; member: string; bank_name: string; bank_donor_id: string; linked_by: string }>(
    `select q.ref as reference_id, coalesce(m.reference_id, q.ref) as member, d.bank_name, d.bank_donor_id,
       coalesce(m.linked_by, '') as linked_by
     from unnest($1::text[]) as q(ref)
     left join donor_identities i on i.reference_id = q.ref
     left join donor_identities m on m.person_id = i.person_id
     join donors d on d.reference_id = coalesce(m.reference_id, q.ref)
     order by q.ref, d.bank_name, d.bank_donor_id`,
    [referenceIds],
  );

/** Puts these records (and everyone already linked to any of them) under one person. */
export async function linkRecords(db: Queryable, referenceIds: readonly string[], linkedBy: string, now: Date) {
  const existing = await db.query<{ person_id: string }>(
    'select distinct person_id from donor_identities where reference_id = any($1::text[]) order by person_id',
    [referenceIds],
  );
  const [fresh] = await db.query<{ id: string }>('select gen_random_uuid() as id');
  const person = existing[0]?.person_id ?? fresh!.id;
  if (existing.length > 1)
    await db.query('update donor_identities set person_id = $1 where person_id = any($2::uuid[])', [
      person,
      existing.map((e) => e.person_id),
    ]);
  await db.query(
    `insert into donor_identities (reference_id, person_id, linked_by, linked_at)
     select r, $2, $3, $4 from unnest($1::text[]) as r on conflict (reference_id) do nothing`,
    [referenceIds, person, linkedBy, now],
  );
}

/** Takes one record out of its person; a person left with one record is no link any more. */
export async function unlinkRecord(db: Queryable, referenceId: string): Promise<boolean> {
  const [gone] = await db.query<{ person_id: string }>(
    'delete from donor_identities where reference_id = $1 returning person_id',
    [referenceId],
  );
  if (!gone) return false;
  await db.query(
    `delete from donor_identities where person_id = $1
       and (select count(*) from donor_identities where person_id = $1) = 1`,
    [gone.person_id],
  );
  return true;
}

/** An admin unlinked this record while it carried this cross_reference: imports do not link it by it again. */
const NOT_KEPT_APART = (alias: string) =>
  `not exists (select 1 from donor_unlinks u where u.reference_id = ${alias}.reference_id
     and u.cross_reference = ${alias}.record->>'cross_reference')`;

/**
 * Records sharing a bank-provided cross_reference where at least one of them is not linked yet (what an import
 * may have just brought in), by cross_reference; a record an admin unlinked while it carried that cross_reference
 * is left out (migration 106).
 */
export const findUnlinkedCrossReferences = (db: Queryable) =>
  db.query<{ cross_reference: string; reference_id: string }>(
    `select d.record->>'cross_reference' as cross_reference, d.reference_id from donors d
     where d.record ? 'cross_reference' and ${NOT_KEPT_APART('d')} and d.record->>'cross_reference' in (
       select s.record->>'cross_reference' from donors s
       where s.record ? 'cross_reference' and coalesce(s.record->>'cross_reference', '') <> ''
         and not exists (select 1 from donor_identities i where i.reference_id = s.reference_id)
         and ${NOT_KEPT_APART('s')})
     order by 1, 2`,
  );

/**
 * Remembers an admin's unlink of a record carrying a cross_reference (the import's linking skips it); returns the
 * cross_reference kept apart, or null when the record carries none.
 */
export async function keepApart(db: Queryable, referenceId: string, actorId: string | null, now: Date) {
  const [row] = await db.query<{ cross_reference: string }>(
    `insert into donor_unlinks (reference_id, cross_reference, unlinked_by, unlinked_at)
     select reference_id, record->>'cross_reference', $2, $3 from donors
     where reference_id = $1 and coalesce(record->>'cross_reference', '') <> ''
     on conflict (reference_id, cross_reference) do update set unlinked_by = excluded.unlinked_by,
       unlinked_at = excluded.unlinked_at
     returning cross_reference`,
    [referenceId, actorId, now],
  );
  return row?.cross_reference ?? null;
}

/** An admin's link of these records ends any unlink remembered for them. */
export const forgetUnlinks = (db: Queryable, referenceIds: readonly string[]) =>
  db.query('delete from donor_unlinks where reference_id = any($1::text[])', [referenceIds]);

/**
 * Rewrites the counts stored on every record of the persons of these records (migration 105): families confirmed
 * and only reported across the person's records (one per parent; a deleted parent's report its own anonymous
 * family; confirmed when any of its reports is) and the person's number of records. Run in the transaction of every
 * change to reports or links; rows already right are left alone.
 */
export const refreshFamilyCounts = (db: Queryable, referenceIds: readonly string[]) =>
  db.query(
    `with q as (
       select distinct coalesce(m.reference_id, q.ref) as ref, coalesce(i.person_id::text, q.ref) as person
       from unnest($1::text[]) as q(ref)
       left join donor_identities i on i.reference_id = q.ref
       left join donor_identities m on m.person_id = i.person_id
     ), fam as (
       select coalesce(i.person_id::text, r.donor_reference_id) as person,
         coalesce(r.user_id::text, r.id::text) as family, bool_or(r.status = 'confirmed') as confirmed
       from family_reports r left join donor_identities i on i.reference_id = r.donor_reference_id
       where r.status <> 'withdrawn' and r.donor_reference_id in (select ref from q) group by 1, 2
     ), per_person as (
       select person, count(*) filter (where confirmed)::int as confirmed,
         count(*) filter (where not confirmed)::int as reported
       from fam group by person
     ), linked as (
       select person, count(*)::int as n from q group by person
     )
     update donors d set family_confirmed = coalesce(p.confirmed, 0), family_reported = coalesce(p.reported, 0),
       family_linked_records = l.n
     from q join linked l on l.person = q.person left join per_person p on p.person = q.person
     where d.reference_id = q.ref
       and (d.family_confirmed, d.family_reported, d.family_linked_records)
         is distinct from (coalesce(p.confirmed, 0), coalesce(p.reported, 0), l.n)`,
    [referenceIds],
  );

/** The records a parent has live reports on (whose counts change when the parent's account goes). */
export const liveReportRecords = async (db: Queryable, userId: string) =>
  (
    await db.query<{ donor_reference_id: string }>(
      `select distinct donor_reference_id from family_reports where user_id = $1 and status <> 'withdrawn'`,
      [userId],
    )
  ).map((r) => r.donor_reference_id);

// Holds, audiences -------------------------------------------------------------------------------------------

export const findHolds = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<{ reference_id: string; availability_before: string }>(
    'select reference_id, availability_before from family_limit_holds where reference_id = any($1::text[])',
    [referenceIds],
  );

export const insertHold = (db: Queryable, referenceId: string, before: string, now: Date) =>
  db.query(
    `insert into family_limit_holds (reference_id, availability_before, held_at) values ($1, $2, $3)
     on conflict (reference_id) do nothing`,
    [referenceId, before, now],
  );

export const deleteHold = (db: Queryable, referenceId: string) =>
  db.query('delete from family_limit_holds where reference_id = $1', [referenceId]);

/** Parents who starred any of these donor records. */
export const findStarredBy = async (db: Queryable, referenceIds: readonly string[]) =>
  (
    await db.query<{ user_id: string }>(
      `select distinct f.user_id from favourites f join donors d on d.id = f.donor_id
       where d.reference_id = any($1::text[]) order by f.user_id`,
      [referenceIds],
    )
  ).map((r) => r.user_id);

/**
 * The audience "reported a pregnancy or birth with this donor": parents with a live report on the record or on
 * any record linked to it (issue 28; the donor-update fan-out includes it).
 */
export async function findReportingParents(db: Queryable, referenceId: string): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `select distinct r.user_id from family_reports r
     where r.status <> 'withdrawn' and r.user_id is not null and r.donor_reference_id in (
       select $1::text union
       select m.reference_id from donor_identities i join donor_identities m on m.person_id = i.person_id
       where i.reference_id = $1)
     order by r.user_id`,
    [referenceId],
  );
  return rows.map((r) => r.user_id);
}

/** The parent's latest stated country (their newest preference set), for the legal limit they live under. */
export const findParentCountry = async (db: Queryable, userId: string) =>
  (
    await db.query<{ country: string | null }>(
      `select normalized->>'country' as country from fertility_profiles where user_id = $1
       order by updated_at desc limit 1`,
      [userId],
    )
  )[0]?.country ?? null;

// The console report -------------------------------------------------------------------------------------------

export type LedgerReportRow = {
  reference_id: string;
  bank_name: string;
  bank_donor_id: string;
  availability: string;
  family_limit: number;
  bank_count: number;
  confirmed: number;
  reported: number;
  linked_records: number;
  on_hold: boolean;
  share: number | null;
  total: string;
};

/** Donors the report lists: those whose stored fullness reaches `$1`, and those with a limit of 0 (listed always). */
const LISTED = `(d.family_fullness >= $1::float8 or (d.record->>'family_limit')::int = 0)`;

/**
 * Donors whose families (the larger of the bank's own count and the families confirmed across linked records)
 * reach `share` of the bank's limit, fullest first. Reads the counts the ledger stores on each record
 * (refreshFamilyCounts, migration 105): a walk of donors_family_fullness_idx down to the page asked for; the total
 * counts that index's entries at or above the share (an index-only scan) and the few records with a limit of 0 below
 * it (their partial index).
 */
export const ledgerReport = (db: Queryable, q: { share: number; limit: number; offset: number }) =>
  db.query<LedgerReportRow>(
    `select d.reference_id, d.bank_name, d.bank_donor_id, d.availability,
       (d.record->>'family_limit')::int as family_limit, (d.record->>'families_so_far')::int as bank_count,
       d.family_confirmed as confirmed, d.family_reported as reported, d.family_linked_records as linked_records,
       exists (select 1 from family_limit_holds h where h.reference_id = d.reference_id) as on_hold,
       greatest((d.record->>'families_so_far')::int, d.family_confirmed)::float8
         / nullif((d.record->>'family_limit')::int, 0) as share,
       ((select count(*) from donors f where f.family_fullness >= $1::float8)
         + (select count(*) from donors z
            where (z.record->>'family_limit')::int = 0 and not z.family_fullness >= $1::float8))::text as total
     from donors d where ${LISTED}
     order by d.family_fullness desc, d.family_confirmed desc, d.reference_id
     limit $2 offset $3`,
    [q.share, q.limit, q.offset],
  );

import type { ConsoleDonorsQuery } from '@kindred/shared/console-donors.schemas';
import type { Queryable } from '../../db/db.ts';

/**
 * SQL of the console's donor catalogue. Filters and sorts read the columns and donors.index_source (stored inline,
 * a few hundred bytes), never `record` (2-3 KB, out of line), so a page at 100,000 donors reads no TOAST.
 */

export type ConsoleDonorRow = {
  reference_id: string;
  bank_name: string;
  bank_donor_id: string;
  donor_type: string;
  disclosure: string;
  availability: string;
  clinic_reference_id: string;
  family_limit: number;
  families_so_far: number;
  last_medical_update: string;
  updated_at: Date;
};

const ROW_COLUMNS = `d.reference_id, d.bank_name, d.bank_donor_id, d.donor_type, d.disclosure, d.availability,
  d.index_source->>'clinic_reference_id' as clinic_reference_id,
  (d.index_source->>'family_limit')::int as family_limit,
  (d.index_source->>'families_so_far')::int as families_so_far,
  d.index_source->>'last_medical_update' as last_medical_update, d.updated_at`;

/** index_source fields the engine's filters read, by the query's name. */
const ATTRIBUTES = {
  race: 'race',
  ethnicity: 'ethnicity',
  hair_color: 'hair_color',
  eye_color: 'eye_color',
  education: 'education',
} as const;

const SORT_SQL: Record<ConsoleDonorsQuery['sort'], string> = {
  reference_id: 'd.reference_id',
  last_medical_update: `(d.index_source->>'last_medical_update')`,
  updated_at: 'd.updated_at',
  bank_name: 'd.bank_name',
};

const FAMILY_OPEN = `(d.index_source->>'families_so_far')::int < (d.index_source->>'family_limit')::int`;

/**
 * One page of donors matching the filters, and the number of matches. Two statements run side by side (two pool
 * connections on PostgreSQL): the page walks an index in the sort's order and stops after the page, the count
 * scans what it must. One statement with `count(*) over ()` had to read and sort every match before the limit
 * (p50 0.8-1.4 s at 100,000 donors, scripts/bench-console/donors-list.ts).
 */
export async function listDonors(
  db: Queryable,
  q: ConsoleDonorsQuery,
): Promise<{ rows: ConsoleDonorRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.q) {
    const like = param(`${q.q.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`(d.reference_id like ${like} or upper(d.bank_donor_id) like ${like})`);
  }
  if (q.donor_type) where.push(`d.donor_type = ${param(q.donor_type)}`);
  if (q.availability) where.push(`d.availability = ${param(q.availability)}`);
  if (q.disclosure) where.push(`d.disclosure = ${param(q.disclosure)}`);
  if (q.bank) where.push(`d.bank_name = ${param(q.bank)}`);
  if (q.family) where.push(q.family === 'open' ? FAMILY_OPEN : `not (${FAMILY_OPEN})`);
  for (const [key, field] of Object.entries(ATTRIBUTES)) {
    const value = q[key as keyof typeof ATTRIBUTES];
    if (value) where.push(`d.index_source->>'${field}' = ${param(value)}`);
  }
  const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const order = q.order === 'desc' ? 'desc' : 'asc';
  const filterParams = [...params];
  const limit = param(q.page_size);
  const offset = param((q.page - 1) * q.page_size);
  const [rows, counted] = await Promise.all([
    // The page's ids first (an index-only walk when the sort and filters allow), then only those rows are read:
    // a deep page does not fetch every skipped row.
    db.query<ConsoleDonorRow>(
      `select ${ROW_COLUMNS} from donors d
        join (select d.reference_id from donors d ${filter}
               order by ${SORT_SQL[q.sort]} ${order}, d.reference_id ${order}
               limit ${limit} offset ${offset}) p on p.reference_id = d.reference_id
        order by ${SORT_SQL[q.sort]} ${order}, d.reference_id ${order}`,
      params,
    ),
    db.query<{ n: string }>(`select count(*)::text as n from donors d ${filter}`, filterParams),
  ]);
  return { rows, total: Number(counted[0]!.n) };
}

/** The partner banks with donors in the catalogue (the bank filter's choices). */
export const listBanks = async (db: Queryable) =>
  (await db.query<{ bank_name: string }>('select distinct bank_name from donors order by bank_name')).map(
    (r) => r.bank_name,
  );

export const findConsoleDonors = (db: Queryable, referenceIds: readonly string[]) =>
  db.query<ConsoleDonorRow>(
    `select ${ROW_COLUMNS} from donors d where d.reference_id = any($1::text[]) order by d.reference_id`,
    [referenceIds],
  );

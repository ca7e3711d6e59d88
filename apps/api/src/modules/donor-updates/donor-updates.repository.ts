import type { Queryable } from '../../db/db.ts';
import { REPORTED_WITH_DONOR_SOURCE } from '../family-ledger/family-ledger.sql.ts';

/** SQL for donor updates (ADR 025) and the families each one reaches. */

export type DonorUpdateRow = {
  id: string;
  donor_id: string;
  reference_id: string;
  kind: 'medical' | 'availability' | 'withdrawal' | 'family_limit';
  category: 'new_diagnosis' | 'genetic_result' | 'other' | null;
  gene: string | null;
  body: string;
  source: string;
  created_at: Date | string;
  fanned_out_at: Date | string | null;
  donor_type: string;
};
const COLUMNS = `u.id, u.donor_id, d.reference_id, u.kind, u.category, u.gene, u.body, u.source, u.created_at,
  u.fanned_out_at, d.donor_type`;

export type DonorRef = { id: string; reference_id: string; bank_name: string; donor_type: string };

/** The donor by reference; for a clinic, only when the donor's bank is one of the clinic's banks. */
export async function findDonor(db: Queryable, referenceId: string, clinicId?: string): Promise<DonorRef | undefined> {
  const rows = await db.query<DonorRef>(
    `select d.id, d.reference_id, d.bank_name, d.donor_type from donors d
     where d.reference_id = $1
       and ($2::uuid is null or d.bank_name in (select bank_name from clinic_banks where clinic_id = $2))`,
    [referenceId, clinicId ?? null],
  );
  return rows[0];
}

export async function clinicOfStaff(db: Queryable, userId: string): Promise<{ id: string; name: string } | undefined> {
  const rows = await db.query<{ id: string; name: string }>(
    `select c.id, c.name from users u join clinics c on c.id = u.clinic_id where u.id = $1 and u.role = 'clinic'`,
    [userId],
  );
  return rows[0];
}

export async function insertUpdate(
  db: Queryable,
  u: {
    donorId: string;
    kind: string;
    category: string | null;
    gene: string | null;
    body: string;
    source: string;
    /** Null for an update Kindred posts by itself (the family ledger's hold). */
    postedBy: string | null;
    clinicId: string | null;
    at: Date;
  },
): Promise<{ id: string }> {
  const rows = await db.query<{ id: string }>(
    `insert into donor_updates (donor_id, kind, category, gene, body, source, posted_by, clinic_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [u.donorId, u.kind, u.category, u.gene, u.body, u.source, u.postedBy, u.clinicId, u.at],
  );
  return rows[0]!;
}

/** The donor's last_medical_update (in its record, read by the index) follows its latest medical update. */
export async function setLastMedicalUpdate(db: Queryable, donorId: string, day: string, at: Date, version: number) {
  await db.query(
    `update donors set record = jsonb_set(record, '{last_medical_update}', to_jsonb($2::text)), updated_at = $3,
       catalogue_version = $4
     where id = $1`,
    [donorId, day, at, version],
  );
}

export function listUpdates(db: Queryable, donorId: string): Promise<DonorUpdateRow[]> {
  return db.query<DonorUpdateRow>(
    `select ${COLUMNS} from donor_updates u join donors d on d.id = u.donor_id
     where u.donor_id = $1 order by u.created_at desc, u.id desc`,
    [donorId],
  );
}

export async function findUpdate(db: Queryable, id: string): Promise<DonorUpdateRow | undefined> {
  const rows = await db.query<DonorUpdateRow>(
    `select ${COLUMNS} from donor_updates u join donors d on d.id = u.donor_id where u.id = $1`,
    [id],
  );
  return rows[0];
}

/** Updates not yet fanned out, locked for this run (SKIP LOCKED: another instance takes none of them). */
export function claimPending(db: Queryable, limit: number): Promise<DonorUpdateRow[]> {
  return db.query<DonorUpdateRow>(
    `select ${COLUMNS} from donor_updates u join donors d on d.id = u.donor_id
     where u.fanned_out_at is null
     order by u.created_at, u.id
     for update of u skip locked
     limit $1`,
    [limit],
  );
}

export async function markFannedOut(db: Queryable, id: string, at: Date) {
  await db.query('update donor_updates set fanned_out_at = $2 where id = $1', [id, at]);
}

/**
 * Who cares about a donor, one SQL source per reason: starred it, had it revealed, compared it (on the family
 * page, where a partner's donor can be compared unstarred), booked a consultation about it, reported a pregnancy
 * or birth with it (or with a record of the same person at another bank: the family ledger).
 */
export const AUDIENCE_SOURCES: readonly string[] = [
  'select f.user_id from favourites f where f.donor_id = $1',
  'select r.user_id from revealed_donors r where r.donor_id = $1',
  'select c.user_id from donor_comparisons c where c.donor_id = $1',
  `select a.user_id from appointments a where a.donor_reference = $2 and a.user_id is not null
     and a.status in ('pending', 'confirmed', 'completed', 'no_show')`,
  REPORTED_WITH_DONOR_SOURCE,
];

export async function audience(db: Queryable, donorId: string, referenceId: string): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `select distinct s.user_id from (${AUDIENCE_SOURCES.join(' union ')}) s
     join users u on u.id = s.user_id`,
    [donorId, referenceId],
  );
  return rows.map((r) => r.user_id);
}

export async function inAudience(db: Queryable, donorId: string, referenceId: string, userId: string) {
  const rows = await db.query(`select 1 from (${AUDIENCE_SOURCES.join(' union ')}) s where s.user_id = $3 limit 1`, [
    donorId,
    referenceId,
    userId,
  ]);
  return rows.length > 0;
}

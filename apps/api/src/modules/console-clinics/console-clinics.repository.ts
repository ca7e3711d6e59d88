import type { Queryable } from '../../db/db.ts';

/** SQL of the console's clinic editing (clinics, clinic_banks, clinicians; migration 025). */

export type ClinicValues = {
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  specialties: string[];
  photo_url: string | null;
  active: boolean;
};
export type ClinicDetailRow = ClinicValues & { id: string; reference_id: string; banks: string[] };

const COLUMNS = `c.id, c.reference_id, c.name, c.address, c.city, c.state, c.latitude, c.longitude, c.time_zone,
  c.specialties, c.photo_url, c.active,
  coalesce((select array_agg(b.bank_name order by b.bank_name) from clinic_banks b where b.clinic_id = c.id),
           '{}'::text[]) as banks`;

export const findClinicDetail = async (db: Queryable, referenceId: string, lock = false) =>
  (
    await db.query<ClinicDetailRow>(
      `select ${COLUMNS} from clinics c where c.reference_id = $1${lock ? ' for update of c' : ''}`,
      [referenceId],
    )
  )[0];

const values = (v: ClinicValues) => [
  v.name,
  v.address,
  v.city,
  v.state,
  v.latitude,
  v.longitude,
  v.time_zone,
  v.specialties,
  v.photo_url,
  v.active,
];

/** Inserts a clinic; undefined when the reference is taken. */
export async function insertClinic(db: Queryable, referenceId: string, v: ClinicValues, now: Date) {
  const rows = await db.query<{ id: string }>(
    `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, specialties,
       photo_url, active, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $12)
     on conflict (reference_id) do nothing returning id`,
    [referenceId, ...values(v), now],
  );
  return rows[0]?.id;
}

export async function updateClinic(db: Queryable, id: string, v: ClinicValues, now: Date) {
  await db.query(
    `update clinics set name = $2, address = $3, city = $4, state = $5, latitude = $6, longitude = $7,
       time_zone = $8, specialties = $9::text[], photo_url = $10, active = $11, updated_at = $12 where id = $1`,
    [id, ...values(v), now],
  );
}

/** Replaces the clinic's partner banks. */
export async function replaceBanks(db: Queryable, clinicId: string, banks: readonly string[]) {
  await db.query('delete from clinic_banks where clinic_id = $1', [clinicId]);
  if (banks.length > 0)
    await db.query(
      `insert into clinic_banks (clinic_id, bank_name)
       select $1, b from unnest($2::text[]) as b on conflict do nothing`,
      [clinicId, banks],
    );
}

export type ClinicianRow = { id: string; name: string; title: string; languages: string[]; active: boolean };
const CLINICIAN_COLUMNS = 'id, name, title, languages, active';

export const listClinicians = (db: Queryable, clinicId: string) =>
  db.query<ClinicianRow>(`select ${CLINICIAN_COLUMNS} from clinicians where clinic_id = $1 order by name, id`, [
    clinicId,
  ]);

export const findClinician = async (db: Queryable, clinicId: string, id: string) =>
  (
    await db.query<ClinicianRow>(`select ${CLINICIAN_COLUMNS} from clinicians where clinic_id = $1 and id = $2`, [
      clinicId,
      id,
    ])
  )[0];

export async function insertClinician(db: Queryable, clinicId: string, c: Omit<ClinicianRow, 'id'>) {
  const rows = await db.query<ClinicianRow>(
    `insert into clinicians (clinic_id, name, title, languages, active) values ($1, $2, $3, $4::text[], $5)
     returning ${CLINICIAN_COLUMNS}`,
    [clinicId, c.name, c.title, c.languages, c.active],
  );
  return rows[0]!;
}

export async function updateClinician(db: Queryable, clinicId: string, id: string, c: Omit<ClinicianRow, 'id'>) {
  const rows = await db.query<ClinicianRow>(
    `update clinicians set name = $3, title = $4, languages = $5::text[], active = $6
     where clinic_id = $1 and id = $2 returning ${CLINICIAN_COLUMNS}`,
    [clinicId, id, c.name, c.title, c.languages, c.active],
  );
  return rows[0];
}

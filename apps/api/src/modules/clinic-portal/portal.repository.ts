import type { Queryable } from '../../db/db.ts';
import type { VisitTypeRow as BookingVisitTypeRow } from '../appointments/directory/directory.service.ts';

/** SQL of the clinic portal. Every statement takes the signed-in account's clinic id and stays inside it. */

export const findStaffClinic = async (db: Queryable, userId: string) =>
  (
    await db.query<{ clinic_id: string | null; bank_name: string | null }>(
      `select clinic_id, bank_name from users where id = $1 and role = 'clinic'`,
      [userId],
    )
  )[0];

// Clinicians and weekly hours --------------------------------------------------------------------------------

export type ClinicianHoursRow = {
  id: string;
  name: string;
  title: string;
  active: boolean;
  hours: { weekday: number; start_time: string; end_time: string }[] | null;
};

export const listClinicianHours = (db: Queryable, clinicId: string) =>
  db.query<ClinicianHoursRow>(
    `select c.id, c.name, c.title, c.active,
            (select json_agg(json_build_object('weekday', h.weekday, 'start_time', to_char(h.start_time, 'HH24:MI'),
                                               'end_time', to_char(h.end_time, 'HH24:MI'))
                             order by h.weekday, h.start_time)
               from working_hours h where h.clinician_id = c.id) as hours
       from clinicians c where c.clinic_id = $1 order by c.name, c.id`,
    [clinicId],
  );

export const clinicianOfClinic = async (db: Queryable, clinicId: string, clinicianId: string) =>
  (await db.query('select 1 from clinicians where id = $1 and clinic_id = $2', [clinicianId, clinicId])).length === 1;

export async function replaceWeek(
  db: Queryable,
  clinicianId: string,
  hours: { weekday: number; start_time: string; end_time: string }[],
) {
  await db.query('delete from working_hours where clinician_id = $1', [clinicianId]);
  for (const h of hours)
    await db.query(
      'insert into working_hours (clinician_id, weekday, start_time, end_time) values ($1, $2, $3::time, $4::time)',
      [clinicianId, h.weekday, h.start_time, h.end_time],
    );
}

// Date overrides -------------------------------------------------------------------------------------------

export type OverrideRow = {
  id: string;
  clinician_id: string;
  on_date: string;
  kind: 'closed' | 'extra';
  start_time: string | null;
  end_time: string | null;
  note: string | null;
};
const OVERRIDE_COLUMNS = `o.id, o.clinician_id, to_char(o.on_date, 'YYYY-MM-DD') as on_date, o.kind,
  to_char(o.start_time, 'HH24:MI') as start_time, to_char(o.end_time, 'HH24:MI') as end_time, o.note`;

export const listOverrides = (db: Queryable, clinicId: string, from: string) =>
  db.query<OverrideRow>(
    `select ${OVERRIDE_COLUMNS} from schedule_overrides o join clinicians c on c.id = o.clinician_id
      where c.clinic_id = $1 and o.on_date >= $2::date order by o.on_date, o.start_time nulls first, o.id`,
    [clinicId, from],
  );

export async function insertOverride(
  db: Queryable,
  o: Omit<OverrideRow, 'id' | 'on_date'> & { on_date: string },
): Promise<OverrideRow> {
  const rows = await db.query<OverrideRow>(
    `with o as (insert into schedule_overrides (clinician_id, on_date, kind, start_time, end_time, note)
       values ($1, $2::date, $3, $4::time, $5::time, $6) returning *)
     select ${OVERRIDE_COLUMNS} from o`,
    [o.clinician_id, o.on_date, o.kind, o.start_time, o.end_time, o.note],
  );
  return rows[0]!;
}

export async function deleteOverride(db: Queryable, clinicId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `delete from schedule_overrides o using clinicians c
      where o.id = $2 and c.id = o.clinician_id and c.clinic_id = $1 returning o.id`,
    [clinicId, id],
  );
  return rows.length === 1;
}

// Visit types ----------------------------------------------------------------------------------------------

/** A visit type as booking reads it (appointments module), without its clinic. */
export type VisitTypeRow = Omit<BookingVisitTypeRow, 'clinic_id'>;
const VISIT_COLUMNS = `id, name, category, mode, duration_minutes, buffer_before_minutes, buffer_after_minutes,
  min_notice_minutes, horizon_days, change_notice_minutes, confirmation, active`;
type VisitValues = Omit<VisitTypeRow, 'id'>;
const visitParams = (v: VisitValues) => [
  v.name,
  v.category,
  v.mode,
  v.duration_minutes,
  v.buffer_before_minutes,
  v.buffer_after_minutes,
  v.min_notice_minutes,
  v.horizon_days,
  v.change_notice_minutes,
  v.active,
  v.confirmation,
];

export const listVisitTypes = (db: Queryable, clinicId: string) =>
  db.query<VisitTypeRow>(`select ${VISIT_COLUMNS} from visit_types where clinic_id = $1 order by name, id`, [clinicId]);

export async function insertVisitType(db: Queryable, clinicId: string, v: VisitValues): Promise<VisitTypeRow> {
  const rows = await db.query<VisitTypeRow>(
    `insert into visit_types (clinic_id, name, category, mode, duration_minutes, buffer_before_minutes,
       buffer_after_minutes, min_notice_minutes, horizon_days, change_notice_minutes, active, confirmation)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${VISIT_COLUMNS}`,
    [clinicId, ...visitParams(v)],
  );
  return rows[0]!;
}

export async function updateVisitType(db: Queryable, clinicId: string, id: string, v: VisitValues) {
  const rows = await db.query<VisitTypeRow>(
    `update visit_types set name = $3, category = $4, mode = $5, duration_minutes = $6, buffer_before_minutes = $7,
       buffer_after_minutes = $8, min_notice_minutes = $9, horizon_days = $10, change_notice_minutes = $11,
       active = $12, confirmation = $13
     where id = $2 and clinic_id = $1 returning ${VISIT_COLUMNS}`,
    [clinicId, id, ...visitParams(v)],
  );
  return rows[0];
}

// Shared shortlists and bank donors ------------------------------------------------------------------------

export type ShortlistRow = {
  parent_id: string;
  first_name: string;
  last_name: string;
  email: string;
  shared_at: Date;
  /** The parent's linked partner (issue 29), only when the partner shares with this clinic too. */
  partner_name: string | null;
  donors: { reference_id: string; donor_type: string; score: number | string | null }[] | null;
};

/**
 * Parents whose latest shortlist_sharing consent for this clinic (scope = its reference id) is a grant, with their
 * starred donors and the score each was last shown with. A withdrawal hides the parent at once. A parent linked with
 * a partner (issue 29, ADR 028) names the partner only when the partner's latest consent for this clinic is a grant
 * too: both agreed to share.
 */
export const listSharedShortlists = (db: Queryable, referenceId: string) =>
  db.query<ShortlistRow>(
    `with latest as (
       select distinct on (e.user_id) e.user_id, e.granted, e.at from consent_events e
        where e.kind = 'shortlist_sharing' and e.scope = $1 order by e.user_id, e.id desc)
     select u.id as parent_id, u.first_name, u.last_name, u.email, l.at as shared_at,
            (select p.first_name || ' ' || p.last_name
               from family_members me join family_members m on m.family_id = me.family_id and m.user_id <> me.user_id
               join users p on p.id = m.user_id join latest lp on lp.user_id = p.id and lp.granted
              where me.user_id = u.id) as partner_name,
            (select json_agg(json_build_object('reference_id', d.reference_id, 'donor_type', d.donor_type,
                                               'score', s.score) order by f.created_at desc, d.reference_id)
               from favourites f join donors d on d.id = f.donor_id
               left join lateral (select r.score from revealed_donors r
                                   where r.user_id = f.user_id and r.donor_id = f.donor_id
                                   order by r.revealed_at desc limit 1) s on true
              where f.user_id = u.id) as donors
       from latest l join users u on u.id = l.user_id
      where l.granted and u.role = 'parent' and u.erased_at is null
      order by l.at desc, u.id`,
    [referenceId],
  );

export type BankDonorRow = {
  reference_id: string;
  bank_name: string;
  donor_type: string;
  availability: string;
  updated_at: Date;
};

export async function listBankDonors(db: Queryable, clinicId: string, limit: number, offset: number) {
  const where = 'from donors d where d.bank_name in (select bank_name from clinic_banks where clinic_id = $1)';
  const [count, rows] = await Promise.all([
    db.query<{ n: string | number }>(`select count(*) as n ${where}`, [clinicId]),
    db.query<BankDonorRow>(
      `select d.reference_id, d.bank_name, d.donor_type, d.availability, d.updated_at ${where}
        order by d.updated_at desc, d.reference_id limit $2 offset $3`,
      [clinicId, limit, offset],
    ),
  ]);
  return { total: Number(count[0]!.n), rows };
}

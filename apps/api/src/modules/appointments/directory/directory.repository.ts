import type { AppointmentCategory, VisitMode } from '@kindred/shared/appointments.schemas';
import type { Queryable } from '../../../db/db.ts';
import type { Range, ScheduleOverride, WeeklyHours } from './slots.ts';

/** SQL for clinics, their clinicians, visit types and schedules, read in a few set-based queries (no N+1). */

export type ClinicRow = {
  id: string;
  reference_id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  specialties: string[];
  photo_url: string | null;
  description: string;
  is_fictional: boolean;
};
export type VisitTypeRow = {
  id: string;
  clinic_id: string;
  name: string;
  category: AppointmentCategory;
  mode: VisitMode;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  change_notice_minutes: number;
  confirmation: 'request' | 'instant';
  active: boolean;
};
export type ClinicianRow = {
  id: string;
  clinic_id: string;
  name: string;
  title: string;
  languages: string[];
  photo_url: string | null;
};
/** A clinician's schedule in a date range: weekly hours, overrides and the busy blocks of live appointments. */
export type Schedule = { hours: WeeklyHours[]; overrides: ScheduleOverride[]; busy: Range[] };

const CLINIC_COLUMNS = `c.id, c.reference_id, c.name, c.address, c.city, c.state, c.latitude, c.longitude, c.time_zone,
  c.specialties, c.photo_url, c.description, c.is_fictional`;

/** Active clinics with an active visit type of the category and mode (each optional). */
export function listClinics(
  q: Queryable,
  f: { category?: AppointmentCategory; mode?: VisitMode },
): Promise<ClinicRow[]> {
  return q.query<ClinicRow>(
    `select ${CLINIC_COLUMNS} from clinics c
     where c.active and exists (select 1 from visit_types v where v.clinic_id = c.id and v.active
       and ($1::text is null or v.category = $1) and ($2::text is null or v.mode = $2))
     order by c.name`,
    [f.category ?? null, f.mode ?? null],
  );
}

export async function findClinic(q: Queryable, referenceId: string): Promise<ClinicRow | undefined> {
  const rows = await q.query<ClinicRow>(
    `select ${CLINIC_COLUMNS} from clinics c where c.reference_id = $1 and c.active`,
    [referenceId],
  );
  return rows[0];
}

/** The active visit types of the clinics, of the category and mode when given. */
export function listVisitTypes(
  q: Queryable,
  clinicIds: readonly string[],
  f: { category?: AppointmentCategory; mode?: VisitMode } = {},
): Promise<VisitTypeRow[]> {
  return q.query<VisitTypeRow>(
    `select id, clinic_id, name, category, mode, duration_minutes, buffer_before_minutes, buffer_after_minutes,
       min_notice_minutes, horizon_days, change_notice_minutes, confirmation, active
     from visit_types where clinic_id = any($1::uuid[]) and active
       and ($2::text is null or category = $2) and ($3::text is null or mode = $3)
     order by duration_minutes, name`,
    [clinicIds, f.category ?? null, f.mode ?? null],
  );
}

/** The active clinicians of the clinics. */
export function listClinicians(q: Queryable, clinicIds: readonly string[]): Promise<ClinicianRow[]> {
  return q.query<ClinicianRow>(
    `select id, clinic_id, name, title, languages, photo_url from clinicians
     where clinic_id = any($1::uuid[]) and active order by name`,
    [clinicIds],
  );
}

/** The banks a clinic works with. */
export async function listClinicBanks(q: Queryable, clinicId: string): Promise<string[]> {
  const rows = await q.query<{ bank_name: string }>(
    'select bank_name from clinic_banks where clinic_id = $1 order by bank_name',
    [clinicId],
  );
  return rows.map((r) => r.bank_name);
}

/** Average stars and count per clinic (only clinics someone rated). */
export function clinicRatings(
  q: Queryable,
  clinicIds: readonly string[],
): Promise<{ clinic_id: string; average: number; count: number }[]> {
  return q.query(
    `select clinic_id, round(avg(stars)::numeric, 1)::float8 as average, count(*)::int as count
     from clinic_ratings where clinic_id = any($1::uuid[]) group by clinic_id`,
    [clinicIds],
  );
}

/**
 * The schedules of the clinicians for local dates [fromDate, toDate] and instants [start, end): three queries
 * whatever the number of clinicians. Busy: pending and confirmed appointments, and holds not yet lapsed at `now`.
 */
export async function loadSchedules(
  q: Queryable,
  clinicianIds: readonly string[],
  range: { fromDate: string; toDate: string; start: Date; end: Date; now: Date },
): Promise<Map<string, Schedule>> {
  const [hours, overrides, busy] = await Promise.all([
    q.query<{ clinician_id: string; weekday: number; start: string; end: string }>(
      `select clinician_id, weekday, start_time::text as start, end_time::text as "end"
       from working_hours where clinician_id = any($1::uuid[])`,
      [clinicianIds],
    ),
    q.query<{ clinician_id: string; date: string; kind: 'closed' | 'extra'; start: string | null; end: string | null }>(
      `select clinician_id, to_char(on_date, 'YYYY-MM-DD') as date, kind, start_time::text as start,
         end_time::text as "end"
       from schedule_overrides where clinician_id = any($1::uuid[]) and on_date between $2::date and $3::date`,
      [clinicianIds, range.fromDate, range.toDate],
    ),
    // Busy: live visits and live holds; a waitlist offer's hold until the waitlist-offers job passes it on (ADR 021).
    q.query<{ clinician_id: string; start: Date; end: Date }>(
      `select clinician_id, block_start as start, block_end as "end" from appointments
       where clinician_id = any($1::uuid[]) and block_start < $3 and block_end > $2
         and (status in ('pending', 'confirmed')
              or (status = 'held' and (hold_expires_at > $4 or waitlist_id is not null)))`,
      [clinicianIds, range.start, range.end, range.now],
    ),
  ]);
  const out = new Map<string, Schedule>(clinicianIds.map((id) => [id, { hours: [], overrides: [], busy: [] }]));
  for (const h of hours)
    out.get(h.clinician_id)?.hours.push({ weekday: Number(h.weekday), start: h.start, end: h.end });
  for (const o of overrides) out.get(o.clinician_id)?.overrides.push(o);
  for (const b of busy) out.get(b.clinician_id)?.busy.push({ start: new Date(b.start), end: new Date(b.end) });
  return out;
}

/** Whether the clinician works at the clinic and is active (a slot can be booked with them). */
export async function isActiveClinicianOf(q: Queryable, clinicianId: string, clinicId: string): Promise<boolean> {
  const rows = await q.query('select 1 from clinicians where id = $1 and clinic_id = $2 and active', [
    clinicianId,
    clinicId,
  ]);
  return rows.length > 0;
}

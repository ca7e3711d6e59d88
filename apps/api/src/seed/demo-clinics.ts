import { BANKS } from '@kindred/matching/generate-data';
import { VISIT_DEFAULTS } from '@kindred/shared/appointments.schemas';
import type { Db, Queryable } from '../db/db.ts';
import { addDays, localDateOf } from '../modules/appointments/directory/slots.ts';

/**
 * Fictional demo clinics (DEMO_DATA): one per bank reference id of the demo donors (packages/matching BANKS), in
 * US cities with real coordinates and their IANA zones, each with 2–3 clinicians, weekly hours with a lunch break,
 * an override or two and its visit types. A clinic already present is left as it is (its staff may have changed
 * it), so this is safe and quick at every start.
 */

type Place = {
  name: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
  zone: string;
  street: string;
};
const PLACES: Record<string, Place> = {
  'CLN-NSC': {
    name: 'Northstar Fertility Clinic (fictional)',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    lat: 40.7128,
    lon: -74.006,
    zone: 'America/New_York',
    street: '210 West 31st Street',
  },
  'CLN-PSB': {
    name: 'Pacific Fertility Clinic (fictional)',
    city: 'San Diego',
    state: 'CA',
    zip: '92101',
    lat: 32.7157,
    lon: -117.1611,
    zone: 'America/Los_Angeles',
    street: '845 Harbor View Drive',
  },
  'CLN-LKC': {
    name: 'Lakeside Fertility Clinic (fictional)',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    lat: 41.8781,
    lon: -87.6298,
    zone: 'America/Chicago',
    street: '150 East Lakeshore Avenue',
  },
  'CLN-BEB': {
    name: 'Bluebell Fertility Clinic (fictional)',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    lat: 42.3601,
    lon: -71.0589,
    zone: 'America/New_York',
    street: '48 Beacon Row',
  },
  'CLN-HEB': {
    name: 'Harbor Fertility Clinic (fictional)',
    city: 'Seattle',
    state: 'WA',
    zip: '98101',
    lat: 47.6062,
    lon: -122.3321,
    zone: 'America/Los_Angeles',
    street: '1200 Pine Terrace',
  },
  'CLN-SFC': {
    name: 'Sunflower Fertility Clinic (fictional)',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    lat: 33.4484,
    lon: -112.074,
    zone: 'America/Phoenix',
    street: '300 Sunflower Plaza',
  },
  'CLN-MSA': {
    name: 'Meadow Fertility & Surrogacy Clinic (fictional)',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    lat: 39.7392,
    lon: -104.9903,
    zone: 'America/Denver',
    street: '1675 Meadow Street',
  },
  'CLN-CSP': {
    name: 'Cedar Fertility & Surrogacy Clinic (fictional)',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    lat: 30.2672,
    lon: -97.7431,
    zone: 'America/Chicago',
    street: '501 Cedar Park Lane',
  },
  'CLN-RBS': {
    name: 'Riverbend Fertility & Surrogacy Clinic (fictional)',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84101',
    lat: 40.7608,
    lon: -111.891,
    zone: 'America/Denver',
    street: '90 Riverbend Way',
  },
};
/** Clinics that also offer IVF consults. */
const IVF = new Set(['CLN-NSC', 'CLN-LKC', 'CLN-HEB', 'CLN-SFC', 'CLN-CSP']);

const PEOPLE = [
  { name: 'Dr. Amelia Hart', title: 'Reproductive Endocrinologist, MD', languages: ['English', 'Spanish'] },
  { name: 'Dr. Rohan Mehta', title: 'Fertility Specialist, MD', languages: ['English', 'Hindi'] },
  { name: 'Grace Whitfield', title: 'Donor Coordinator, RN', languages: ['English'] },
  { name: 'Dr. Lucía Romero', title: 'Reproductive Endocrinologist, MD', languages: ['English', 'Spanish'] },
  { name: 'Samuel Okafor', title: 'Fertility Counselor, LCSW', languages: ['English', 'French'] },
  { name: 'Dr. Mei Lin Chen', title: 'Fertility Specialist, MD', languages: ['English', 'Mandarin'] },
  { name: 'Hannah Brooks', title: 'Surrogacy Coordinator', languages: ['English'] },
] as const;

const TYPE_VISITS = {
  egg: { name: 'Egg donor consultation', category: 'egg' },
  sperm: { name: 'Sperm donor consultation', category: 'sperm' },
  surrogate: { name: 'Surrogacy intro', category: 'surrogate' },
} as const;

type Visit = {
  name: string;
  category: string;
  mode: 'video' | 'in_person';
  duration: number;
  before: number;
  after: number;
};
function visitsOf(types: readonly string[], ivf: boolean): Visit[] {
  const out: Visit[] = types.map((t) => {
    const v = TYPE_VISITS[t as keyof typeof TYPE_VISITS];
    return t === 'surrogate'
      ? { name: `${v.name}, video, 45 min`, category: v.category, mode: 'video', duration: 45, before: 0, after: 10 }
      : { name: `${v.name}, video, 30 min`, category: v.category, mode: 'video', duration: 30, before: 0, after: 10 };
  });
  if (ivf)
    out.push({
      name: 'First IVF consult, in person, 60 min',
      category: 'ivf',
      mode: 'in_person',
      duration: 60,
      before: 15,
      after: 15,
    });
  return out;
}

/** Weekly hours of the clinic's n-th clinician: Mon–Fri with a lunch break; the third works Tue–Sat mornings. */
function hoursOf(n: number): { weekday: number; start: string; end: string }[] {
  if (n === 2) return [2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:30', end: '12:00' }));
  return [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: n === 1 ? '10:00' : '09:00', end: '12:30' },
    { weekday, start: '13:30', end: '17:00' },
  ]);
}

async function seedClinic(tx: Queryable, ref: string, index: number, now: Date): Promise<void> {
  const bank = BANKS.find((b) => b.clinic === ref)!;
  const p = PLACES[ref]!;
  const ivf = IVF.has(ref);
  const inserted = await tx.query<{ id: string }>(
    `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, specialties,
       photo_url, description, phone_number, email, is_fictional)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true)
     on conflict (reference_id) do nothing returning id`,
    [
      ref,
      p.name,
      `${p.street}, ${p.city}, ${p.state} ${p.zip}`,
      p.city,
      p.state,
      p.lat,
      p.lon,
      p.zone,
      [...bank.types, ...(ivf ? ['ivf'] : [])],
      '/images/process/step-4-clinic.svg',
      `A fictional demo clinic working with ${bank.name}. It exists only to show how booking works.`,
      `+1202555${String(200 + index).padStart(4, '0')}`,
      `hello@${ref.toLowerCase()}.kindred.demo`,
    ],
  );
  const clinicId = inserted[0]?.id;
  if (!clinicId) return;
  await tx.query('insert into clinic_banks (clinic_id, bank_name) values ($1, $2)', [clinicId, bank.name]);
  for (const v of visitsOf(bank.types, ivf))
    await tx.query(
      `insert into visit_types (clinic_id, name, category, mode, duration_minutes, buffer_before_minutes,
         buffer_after_minutes, min_notice_minutes, horizon_days, change_notice_minutes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        clinicId,
        v.name,
        v.category,
        v.mode,
        v.duration,
        v.before,
        v.after,
        VISIT_DEFAULTS.minNoticeMinutes,
        VISIT_DEFAULTS.horizonDays,
        VISIT_DEFAULTS.changeNoticeMinutes,
      ],
    );
  const staff = 2 + (index % 2);
  const today = localDateOf(now, p.zone);
  for (let n = 0; n < staff; n++) {
    const person = PEOPLE[(index * 2 + n) % PEOPLE.length]!;
    const [c] = await tx.query<{ id: string }>(
      'insert into clinicians (clinic_id, name, title, languages) values ($1, $2, $3, $4) returning id',
      [clinicId, person.name, person.title, person.languages],
    );
    for (const h of hoursOf(n))
      await tx.query(
        'insert into working_hours (clinician_id, weekday, start_time, end_time) values ($1, $2, $3, $4)',
        [c!.id, h.weekday, h.start, h.end],
      );
    // An override or two: the first clinician is away one day in two weeks; the second adds an evening.
    if (n === 0)
      await tx.query(
        `insert into schedule_overrides (clinician_id, on_date, kind, note) values ($1, $2, 'closed', 'Conference')`,
        [c!.id, addDays(today, 14)],
      );
    if (n === 1)
      await tx.query(
        `insert into schedule_overrides (clinician_id, on_date, kind, start_time, end_time, note)
         values ($1, $2, 'extra', '17:30', '19:30', 'Evening clinic')`,
        [c!.id, addDays(today, 9)],
      );
  }
}

/** Creates the demo clinics that are missing (one transaction); a no-op once all are there. */
export async function seedDemoClinics(db: Db, now = new Date()): Promise<number> {
  const refs = BANKS.map((b) => b.clinic);
  const present = await db.query<{ n: number }>('select count(*)::int as n from clinics where reference_id = any($1)', [
    refs,
  ]);
  if (Number(present[0]!.n) >= refs.length) return 0;
  await db.transaction(async (tx) => {
    for (const [i, ref] of refs.entries()) await seedClinic(tx, ref, i, now);
  });
  return refs.length - Number(present[0]!.n);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { BANKS } from '@kindred/matching/generate-data';
import { bearer, createTestDb, expectDocumentedErrorShape, type TestContext } from './harness.ts';
import { seedDemoClinics } from '../src/seed/demo-clinics.ts';
import {
  appointmentsContext,
  bookingBody,
  chicago,
  createTestClinic,
  quickParents,
  TEST_NOW,
  type TestClinic,
} from './appointments-helpers.ts';

let ctx: TestContext;
let clinic: TestClinic;
/** Statements run on the database so far (the app's and the test's). */
let statements = 0;

beforeAll(async () => {
  const db = await createTestDb();
  const query = db.query.bind(db);
  const counting = Object.assign(db, {
    query: (...args: Parameters<typeof db.query>) => {
      statements += 1;
      return query(...args);
    },
  }) as typeof db;
  ({ ctx, clinic } = await appointmentsContext({}, counting));
  expect(await seedDemoClinics(ctx.db, TEST_NOW)).toBe(9);
});
afterAll(() => ctx.close());

type Summary = {
  reference_id: string;
  name: string;
  time_zone: string;
  distance_miles: number | null;
  is_fictional: boolean;
  visit_types: { id: string; category: string; mode: string }[];
  next_slots: { starts_at: string; clinician_id: string; visit_type_id: string }[];
};
const search = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/v1/clinics/search/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().clinics as Summary[];
};

describe('demo clinics', () => {
  it('one fictional clinic per bank reference id; seeding again adds nothing', async () => {
    expect(await seedDemoClinics(ctx.db, TEST_NOW)).toBe(0);
    const rows = await ctx.db.query<{ reference_id: string; name: string; is_fictional: boolean; banks: string[] }>(
      `select c.reference_id, c.name, c.is_fictional, array_agg(b.bank_name) as banks
       from clinics c join clinic_banks b on b.clinic_id = c.id where c.reference_id like 'CLN-%' and c.reference_id <> 'CLN-TST'
       group by c.id order by c.reference_id`,
    );
    expect(rows.map((r) => r.reference_id)).toEqual(BANKS.map((b) => b.clinic).sort());
    for (const r of rows) {
      expect(r.is_fictional).toBe(true);
      expect(r.name).toMatch(/\(fictional\)$/);
      expect(r.banks).toEqual([BANKS.find((b) => b.clinic === r.reference_id)!.name]);
    }
    const zones = await ctx.db.query<{ time_zone: string }>('select distinct time_zone from clinics');
    expect(zones.map((z) => z.time_zone).sort()).toEqual([
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/New_York',
      'America/Phoenix',
    ]);
  });
});

describe('GET /api/v1/clinics/search/', () => {
  it('lists every clinic with its next free times (distinct, ascending, at 09:00 local or later)', async () => {
    const clinics = await search('');
    expect(clinics).toHaveLength(10);
    for (const c of clinics) {
      expect(c.next_slots.length).toBe(3);
      const starts = c.next_slots.map((s) => s.starts_at);
      expect([...starts].sort()).toEqual(starts);
      expect(new Set(starts).size).toBe(3);
      // 24 h notice from Monday 09:00 Chicago: nothing before Tuesday.
      for (const s of starts) expect(Date.parse(s)).toBeGreaterThanOrEqual(TEST_NOW.getTime() + 86_400_000);
      const local = DateTime.fromISO(starts[0]!, { zone: c.time_zone });
      expect(local.hour).toBeGreaterThanOrEqual(8);
      expect(local.hour).toBeLessThan(17);
      expect(c.distance_miles).toBeNull();
    }
  });

  it('category and mode filter by the visit types', async () => {
    const surrogacy = await search('category=surrogate');
    expect(surrogacy.map((c) => c.reference_id).sort()).toEqual(['CLN-CSP', 'CLN-MSA', 'CLN-RBS']);
    for (const c of surrogacy) expect(c.visit_types.every((v) => v.category === 'surrogate')).toBe(true);
    const inPerson = await search('mode=in_person');
    expect(inPerson.map((c) => c.reference_id).sort()).toEqual([
      'CLN-CSP',
      'CLN-HEB',
      'CLN-LKC',
      'CLN-NSC',
      'CLN-SFC',
      'CLN-TST',
    ]);
    for (const c of inPerson) {
      const ids = new Set(c.visit_types.map((v) => v.id));
      expect(c.visit_types.every((v) => v.mode === 'in_person')).toBe(true);
      expect(c.next_slots.every((s) => ids.has(s.visit_type_id))).toBe(true);
    }
    expect(await search('category=egg&mode=in_person')).toEqual([]);
  });

  it('sorts by distance in miles from lat/lon, or from the place the location names', async () => {
    const fromChicago = await search('lat=41.8781&lon=-87.6298');
    expect(fromChicago[0]!.reference_id).toMatch(/^CLN-(LKC|TST)$/);
    expect(fromChicago[0]!.distance_miles).toBeLessThan(1);
    const miles = fromChicago.map((c) => c.distance_miles!);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
    // Chicago → New York is about 711 miles as the crow flies.
    expect(fromChicago.find((c) => c.reference_id === 'CLN-NSC')!.distance_miles).toBeGreaterThan(700);
    expect(fromChicago.find((c) => c.reference_id === 'CLN-NSC')!.distance_miles).toBeLessThan(725);
    const fromDenver = await search('location=Denver');
    expect(fromDenver[0]!.reference_id).toBe('CLN-MSA');
  });

  it('a date moves the window; dates far off give no slots but never fail', async () => {
    const later = await search('date=2027-02-01&days=1&category=ivf');
    for (const c of later)
      for (const s of c.next_slots)
        expect(DateTime.fromISO(s.starts_at, { zone: c.time_zone }).toISODate()).toBe('2027-02-01');
    for (const date of ['0001-01-01', '1970-01-01', '2099-12-31', '9999-12-31']) {
      const res = await ctx.app.inject({ url: `/api/v1/clinics/search/?date=${date}` });
      expect(res.statusCode, date).toBe(200);
      expect(res.json().clinics.every((c: Summary) => c.next_slots.length === 0)).toBe(true);
    }
    for (const q of ['date=2027-02-30', 'date=tomorrow', 'days=0', 'days=15', 'mode=phone', 'category=x', 'lat=91'])
      expectDocumentedErrorShape(await ctx.app.inject({ url: `/api/v1/clinics/search/?${q}` }));
  });
});

describe('GET /api/v1/clinics/:reference_id/ and availability', () => {
  it('detail: clinicians, banks, visit types; unknown clinic 404', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/clinics/CLN-LKC/' });
    expect(res.statusCode).toBe(200);
    const c = res.json().clinic;
    expect(c.banks).toEqual(['Lakeside Cryo (fictional)']);
    expect(c.clinicians.length).toBeGreaterThanOrEqual(2);
    expect(c.time_zone).toBe('America/Chicago');
    expect(c.specialties).toEqual(['sperm', 'egg', 'ivf']);
    expect(c.visit_types.map((v: { name: string }) => v.name)).toContain('First IVF consult, in person, 60 min');
    const missing = await ctx.app.inject({ url: '/api/v1/clinics/CLN-NOPE/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', success: false, message: APPOINTMENT_MSG.clinicNotFound });
  });

  it('availability: the slots of one visit type, in the clinic zone; wrong visit type 404', async () => {
    const url = (q: string) => `/api/v1/clinics/${clinic.ref}/availability/?${q}`;
    const res = await ctx.app.inject({ url: url(`visit_type=${clinic.videoId}&from=2027-01-05&days=1`) });
    expect(res.statusCode).toBe(200);
    const { time_zone, slots } = res.json();
    expect(time_zone).toBe('America/Chicago');
    expect(slots[0].starts_at).toBe(chicago('2027-01-05', '09:00'));
    expect(slots.at(-1).starts_at).toBe(chicago('2027-01-05', '16:15'));
    // The lunch break: the last morning start is 11:45 (its 10-minute buffer ends 12:25).
    const starts = slots.map((s: { starts_at: string }) => s.starts_at);
    expect(starts).toContain(chicago('2027-01-05', '11:45'));
    expect(starts).not.toContain(chicago('2027-01-05', '12:00'));
    const other = (await ctx.app.inject({ url: '/api/v1/clinics/CLN-LKC/' })).json().clinic.visit_types[0].id;
    const wrong = await ctx.app.inject({ url: url(`visit_type=${other}&from=2027-01-05`) });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(APPOINTMENT_MSG.visitTypeNotFound);
    for (const from of ['0000-01-01', '9999-12-31'])
      expect((await ctx.app.inject({ url: url(`visit_type=${clinic.videoId}&from=${from}`) })).statusCode).toBe(200);
    expectDocumentedErrorShape(await ctx.app.inject({ url: url('visit_type=nope&from=2027-01-05') }));
  });

  it('a booked time disappears from availability and from the search’s next slots', async () => {
    const before = (await search('category=egg&date=2027-01-05&days=1')).find((c) => c.reference_id === clinic.ref)!;
    const first = before.next_slots[0]!;
    const [p] = await quickParents(ctx, 1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointments/create/',
      headers: bearer(p!.access),
      payload: bookingBody(clinic, first.starts_at),
    });
    expect(res.statusCode).toBe(201);
    const after = (await search('category=egg&date=2027-01-05&days=1')).find((c) => c.reference_id === clinic.ref)!;
    expect(after.next_slots.map((s) => s.starts_at)).not.toContain(first.starts_at);
  });
});

describe('search reads set-based', () => {
  it('the number of statements a search runs does not grow with the number of clinics', async () => {
    const statementsOf = async (query: string) => {
      // Mail of the earlier bookings is delivered in the background: let it finish so it is not counted here.
      await ctx.services.mail.flush();
      const before = statements;
      await search(query);
      return statements - before;
    };
    const withTen = await statementsOf('days=14');
    for (const ref of ['CLN-XA', 'CLN-XB', 'CLN-XC', 'CLN-XD', 'CLN-XE']) await createTestClinic(ctx.db, ref);
    expect((await search('days=14')).length).toBe(15);
    expect(await statementsOf('days=14')).toBe(withTen);
    expect(withTen).toBeLessThanOrEqual(8);
  });
});

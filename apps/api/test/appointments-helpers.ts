import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/db.ts';
import { insertUser } from '../src/modules/auth/auth.repository.ts';
import type { TestContext } from './harness.ts';

/**
 * A test clinic in America/Chicago ('CLN-TST'): one clinician working Mon–Fri 09:00–12:30 and 13:30–17:00,
 * a 30-minute video visit (10 min after) and a 60-minute in-person visit (15/15), 24 h notice, 60 days ahead.
 */
export async function createTestClinic(db: Db, ref = 'CLN-TST', zone = 'America/Chicago') {
  const [clinic] = await db.query<{ id: string }>(
    `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, specialties,
       is_fictional) values ($1, 'Test Clinic (fictional)', '1 Test Street, Chicago, IL', 'Chicago', 'IL', 41.88,
       -87.63, $2, '{egg}', true) returning id`,
    [ref, zone],
  );
  const [clinician] = await db.query<{ id: string }>(
    `insert into clinicians (clinic_id, name, title) values ($1, 'Dr. Test Person', 'MD') returning id`,
    [clinic!.id],
  );
  for (const weekday of [1, 2, 3, 4, 5])
    await db.query(
      `insert into working_hours (clinician_id, weekday, start_time, end_time)
       values ($1, $2, '09:00', '12:30'), ($1, $2, '13:30', '17:00')`,
      [clinician!.id, weekday],
    );
  const [video] = await db.query<{ id: string }>(
    `insert into visit_types (clinic_id, name, category, mode, duration_minutes, buffer_after_minutes)
     values ($1, 'Donor consultation, video, 30 min', 'egg', 'video', 30, 10) returning id`,
    [clinic!.id],
  );
  const [inPerson] = await db.query<{ id: string }>(
    `insert into visit_types (clinic_id, name, category, mode, duration_minutes, buffer_before_minutes,
       buffer_after_minutes) values ($1, 'First IVF consult, in person, 60 min', 'ivf', 'in_person', 60, 15, 15)
     returning id`,
    [clinic!.id],
  );
  return { ref, clinicId: clinic!.id, clinicianId: clinician!.id, videoId: video!.id, inPersonId: inPerson!.id };
}
export type TestClinic = Awaited<ReturnType<typeof createTestClinic>>;

/**
 * `n` parent accounts with access tokens, written directly (hashing 50 passwords would only slow the suite; the
 * tokens are the service's own and every request still goes through the auth guard).
 */
export async function quickParents(ctx: TestContext, n: number, role: 'parent' | 'admin' | 'clinic' = 'parent') {
  const hash = `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(8).toString('base64')}$unused`;
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const user = await insertUser(
        ctx.db,
        {
          email: `p${i}.${randomBytes(4).toString('hex')}@example.com`,
          password_hash: hash,
          first_name: 'Pat',
          last_name: `Parent${i}`,
          phone_number: '+12025550123',
          date_of_birth: '1990-01-01',
          relationship_to_child: 'mother',
          highest_education: 'masters',
          race: 'asian',
          ethnicity: 'hispanic_latino',
          role,
          email_verified: true,
        },
        ctx.clock.now(),
      );
      const access = await ctx.services.tokens.signAccess(user!.id, role, hash);
      return { id: user!.id, email: user!.email, access };
    }),
  );
}

/** Monday 2027-01-04 09:00 in Chicago: the tests' "now". */
export const TEST_NOW = new Date('2027-01-04T15:00:00Z');
/** An instant on a Chicago wall clock in January 2027 (CST, UTC−6). */
export const chicago = (date: string, time: string) => new Date(`${date}T${time}:00-06:00`).toISOString();

export const bookingBody = (c: TestClinic, startsAt: string, over: Record<string, unknown> = {}) => ({
  name: 'Pat Parent',
  email: 'pat@example.com',
  phone_number: '',
  reason_for_consultation: 'egg',
  clinic: c.ref,
  doner: 'KE000123',
  visit_type_id: c.videoId,
  clinician_id: c.clinicianId,
  starts_at: startsAt,
  ...over,
});

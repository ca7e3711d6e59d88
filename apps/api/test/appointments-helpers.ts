import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { Db } from '../src/db/db.ts';
import type { App } from '../src/app.ts';
import type { RateRule, RateRuleName } from '../src/plugins/rate-limit.ts';
import { createTestContext, generousRates, newParent, type ReceivedMail, type TestContext } from './harness.ts';
import { insertUser } from '../src/modules/auth/auth.repository.ts';

/**
 * Appointment fixtures written through SQL (issue 14): a clinic with two clinicians, weekday hours, a visit type,
 * and appointments in any state, so lifecycle tests do not depend on the booking flow.
 */
export type SeededClinic = {
  clinicId: string;
  reference: string;
  zone: string;
  email: string;
  clinicianId: string;
  otherClinicianId: string;
  visitTypeId: string;
};

export async function seedClinic(
  db: Db,
  o: { zone?: string; mode?: 'video' | 'in_person'; changeNoticeMinutes?: number } = {},
): Promise<SeededClinic> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const reference = `CLN-T${tag}`;
  const zone = o.zone ?? 'America/Chicago';
  const email = `frontdesk.${tag.toLowerCase()}@clinic.example`;
  const [clinic] = await db.query<{ id: string }>(
    `insert into clinics (reference_id, name, address, city, state, latitude, longitude, time_zone, specialties,
       email, is_fictional)
     values ($1, $2, '100 Lake Street', 'Chicago', 'IL', 41.88, -87.63, $3, '{egg,ivf}', $4, true) returning id`,
    [reference, `Lakeside Fertility ${tag}`, zone, email],
  );
  const clinicId = clinic!.id;
  const clinicians: string[] = [];
  for (const name of ['Dr. Mara Ellis', 'Dr. Tomas Reyes']) {
    const [c] = await db.query<{ id: string }>(
      "insert into clinicians (clinic_id, name, title) values ($1, $2, 'Reproductive endocrinologist') returning id",
      [clinicId, name],
    );
    clinicians.push(c!.id);
    for (let weekday = 1; weekday <= 7; weekday += 1)
      await db.query(
        "insert into working_hours (clinician_id, weekday, start_time, end_time) values ($1, $2, '00:00', '23:59')",
        [c!.id, weekday],
      );
  }
  const [visit] = await db.query<{ id: string }>(
    `insert into visit_types (clinic_id, name, category, mode, duration_minutes, buffer_before_minutes,
       buffer_after_minutes, min_notice_minutes, change_notice_minutes)
     values ($1, 'Egg donor consultation', 'egg', $2, 30, 0, 10, 0, $3) returning id`,
    [clinicId, o.mode ?? 'video', o.changeNoticeMinutes ?? 1440],
  );
  return {
    clinicId,
    reference,
    zone,
    email,
    clinicianId: clinicians[0]!,
    otherClinicianId: clinicians[1]!,
    visitTypeId: visit!.id,
  };
}

export const SECRET_REASON = 'Egg donor, low AMH, previous IVF failed';

/** An appointment row as booking would leave it (30 minutes, 10 minutes' buffer after). */
export async function insertAppointment(
  db: Db,
  clinic: SeededClinic,
  o: { userId: string; email: string; startsAt: Date; status?: string; clinicianId?: string; name?: string },
): Promise<string> {
  const end = new Date(o.startsAt.getTime() + 30 * 60_000);
  const blockEnd = new Date(end.getTime() + 10 * 60_000);
  const [row] = await db.query<{ id: string }>(
    `insert into appointments (user_id, name, email, phone_number, reason_for_consultation, clinic, donor_reference,
       booking_date, status, clinic_id, clinician_id, visit_type_id, starts_at, ends_at, block_start, block_end,
       time_zone)
     values ($1, $2, $3, '+12025550123', $4, $5, 'DNR-12345', $6, $7, $8, $9, $10, $6, $11, $6, $12, $13)
     returning id`,
    [
      o.userId,
      o.name ?? 'Avery Quinn',
      o.email,
      SECRET_REASON,
      clinic.reference,
      o.startsAt,
      o.status ?? 'pending',
      clinic.clinicId,
      o.clinicianId ?? clinic.clinicianId,
      clinic.visitTypeId,
      end,
      blockEnd,
      clinic.zone,
    ],
  );
  return row!.id;
}

/** A signed-in staff account of `clinicId` (role clinic). */
export async function clinicStaff(app: App, db: Db, clinicId: string) {
  const user = await newParent(app, {}, { consent: false });
  await db.query("update users set role = 'clinic', clinic_id = $2 where id = $1", [user.id, clinicId]);
  return user;
}

/** `hour`:00 on the clinic's wall clock `days` after `now`'s local date (inside the seeded hours, on the grid). */
export function dayAt(now: Date, days: number, hour: number, zone = 'America/Chicago'): Date {
  return DateTime.fromJSDate(now, { zone })
    .plus({ days })
    .set({ hour, minute: 0, second: 0, millisecond: 0 })
    .toJSDate();
}

/** The decoded text/calendar part of a received mail, or null. */
export function calendarOf(mail: ReceivedMail): string | null {
  const lines = mail.raw.split(/\r?\n/);
  const at = lines.findIndex((l) => /^Content-Type: text\/calendar/i.test(l));
  if (at < 0) return null;
  let i = at;
  const headers: string[] = [];
  while (i < lines.length && lines[i] !== '') headers.push(lines[i++]!);
  const body: string[] = [];
  for (i += 1; i < lines.length && !lines[i]!.startsWith('--'); i += 1) body.push(lines[i]!);
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(headers.join('\n'))?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.join(''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .join('\r\n')
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body.join('\r\n');
}

/** The calendar's METHOD and its event's UID, SEQUENCE, STATUS, start, as a calendar program reads them. */
export function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent('vevent')!;
  return {
    method: String(cal.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    location: String(event.getFirstPropertyValue('location')),
  };
}

/** The mail's text with quoted-printable soft breaks and escapes undone (enough to search it). */
export const plain = (m: ReceivedMail) =>
  m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));

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

/** A test app at TEST_NOW with the test clinic (rate rules wide open unless `rates` keeps some). */
export async function appointmentsContext(rates: Partial<Record<RateRuleName, RateRule>> = {}) {
  const ctx = await createTestContext({ rateRules: generousRates(rates) });
  ctx.clock.set(TEST_NOW);
  const clinic = await createTestClinic(ctx.db);
  return { ctx, clinic };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  generousRates,
  waitForNth,
  type ReceivedMail,
  type TestContext,
} from './harness.ts';
import {
  calendarOf,
  dayAt,
  parseIcs,
  plain,
  quickParents,
  SECRET_REASON,
  seedClinic,
  type SeededClinic,
} from './appointments-helpers.ts';

let ctx: TestContext;
let clinic: SeededClinic;
type Account = { id: string; email: string; access: string };
let parent: Account;
let waiting: Account;
let staff: Account;

beforeAll(async () => {
  ctx = await createTestContext({ rateRules: generousRates() });
  clinic = await seedClinic(ctx.db);
  const accounts = await quickParents(ctx, 3);
  [parent, waiting, staff] = [accounts[0]!, accounts[1]!, accounts[2]!];
  await ctx.db.query("update users set role = 'clinic' where id = $1", [staff.id]);
  await ctx.db.query('update users set clinic_id = $2 where id = $1', [staff.id, clinic.clinicId]);
});
afterAll(() => ctx?.close());

const post = (url: string, token: string | null, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
/** Books through the booking route (its notifier mails both sides), with health details the mails must not show. */
const book = (start: Date) =>
  post('/api/v1/appointments/create/', parent.access, {
    name: 'Avery Quinn',
    email: parent.email,
    phone_number: '',
    reason_for_consultation: SECRET_REASON,
    clinic: clinic.reference,
    doner: 'KE000123',
    visit_type_id: clinic.visitTypeId,
    clinician_id: clinic.clinicianId,
    starts_at: start.toISOString(),
  });
const isAppointmentMail = (m: ReceivedMail) => calendarOf(m) !== null;
/** The `n`th appointment mail to `to`, with its calendar as a calendar program reads it. */
async function nth(to: string, n: number) {
  const mail = await waitForNth(ctx.smtp, to, n, isAppointmentMail);
  return { mail, text: plain(mail), ics: parseIcs(calendarOf(mail)!) };
}
const manageToken = (text: string) => {
  const m = /\/appointments\/manage\?token=([A-Za-z0-9._~%-]+)/.exec(text);
  if (!m) throw new Error('no manage link');
  return decodeURIComponent(m[1]!);
};

describe('appointment mails', () => {
  it('booked, confirmed, moved and cancelled: each side gets a mail whose .ics keeps its UID and raises SEQUENCE', async () => {
    const start = dayAt(ctx.clock.now(), 4, 9);
    const booked = await book(start);
    expect(booked.statusCode).toBe(201);
    const id = booked.json().appointment.id as string;

    const first = await nth(parent.email, 1);
    expect(first.ics).toMatchObject({ method: 'REQUEST', uid: `${id}@kindred`, sequence: 0, status: 'TENTATIVE' });
    expect(first.ics.start.getTime()).toBe(start.getTime());
    expect(first.text).toContain('(America/Chicago time; ');
    expect(first.text).toMatch(/; \d\d:\d\d UTC/);
    const toClinic = await nth(clinic.email, 1);
    expect(toClinic.ics.uid).toBe(`${id}@kindred`);
    expect((await nth(staff.email, 1)).ics.uid).toBe(`${id}@kindred`);

    // The manage link in the mail works; the stored copy of the mail does not keep its token.
    const token = manageToken(first.text);
    const viaLink = await ctx.app.inject({ url: `/api/v1/appointments/manage/?token=${encodeURIComponent(token)}` });
    expect(viaLink.json().appointment.id).toBe(id);
    const stored = await ctx.db.query<{ text_body: string; html_body: string }>(
      "select text_body, html_body from mail_messages where to_address = $1 and kind = 'appointment_booked'",
      [parent.email],
    );
    expect(stored[0]!.text_body).not.toContain(token);
    expect(stored[0]!.html_body).not.toContain(token);
    expect(stored[0]!.text_body).toContain('[code withheld]');

    const confirm = await post(`/api/v1/clinic/appointments/${id}/confirm/`, staff.access, {
      meeting_link: 'https://meet.example.com/room-1',
    });
    expect(confirm.statusCode).toBe(200);
    const second = await nth(parent.email, 2);
    expect(second.ics).toMatchObject({ method: 'REQUEST', uid: `${id}@kindred`, sequence: 1, status: 'CONFIRMED' });
    expect(second.text).toContain('https://meet.example.com/room-1');

    // Delivered by another instance (no copy of the token in its memory): the link is derived again and works.
    const other = await buildExtraInstance(ctx);
    try {
      const [copy] = await ctx.db.query<{ id: string }>(
        `insert into mail_messages (kind, to_address, subject, text_body, html_body, transport, message_key,
           has_secret, ref, attachments, status)
         select kind, to_address, subject, text_body, html_body, transport, gen_random_uuid()::text, has_secret, ref,
           attachments, 'pending'
         from mail_messages where to_address = $1 and kind = 'appointment_confirmed' returning id`,
        [parent.email],
      );
      await other.services.mail.deliver(copy!.id);
      const again = await waitForNth(ctx.smtp, parent.email, 3, isAppointmentMail);
      expect(parseIcs(calendarOf(again)!).sequence).toBe(1);
      expect(manageToken(plain(again))).toBe(token);
    } finally {
      await other.app.close();
    }

    const moved = new Date(start.getTime() + 2 * 3_600_000);
    const move = await post(`/api/v1/appointments/${id}/reschedule/`, parent.access, {
      starts_at: moved.toISOString(),
    });
    expect(move.statusCode).toBe(200);
    const third = await nth(parent.email, 4);
    expect(third.ics).toMatchObject({ method: 'REQUEST', uid: `${id}@kindred`, sequence: 2 });
    expect(third.ics.start.getTime()).toBe(moved.getTime());
    expect((await nth(clinic.email, 3)).ics.sequence).toBe(2);
    // Moving ends the old link (issue 25): the move's mail carries a new one, and only that one works.
    const manage = (t: string) =>
      ctx.app.inject({ url: `/api/v1/appointments/manage/?token=${encodeURIComponent(t)}` });
    const oldLink = await manage(token);
    expect(oldLink.statusCode).toBe(404);
    expect(oldLink.json()).toEqual({ code: 'link_invalid', success: false, message: APPOINTMENT_MSG.linkInvalid });
    const newToken = manageToken(third.text);
    expect(newToken).not.toBe(token);
    expect((await manage(newToken)).json().appointment).toMatchObject({ id, status: 'pending' });

    // Someone waits for that day: the cancellation offers it to them, once.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: clinic.zone }).format(moved);
    const join = await post(`/api/v1/clinics/${clinic.reference}/waitlist/`, waiting.access, { on_date: day });
    expect(join.statusCode).toBe(201);
    expect(join.json()).toEqual({ success: true, message: APPOINTMENT_MSG.waitlisted });

    const cancel = await post(`/api/v1/appointments/${id}/cancel/`, parent.access, { reason: 'My AMH results' });
    expect(cancel.statusCode).toBe(200);
    const fourth = await nth(parent.email, 5);
    expect(fourth.ics).toMatchObject({ method: 'CANCEL', uid: `${id}@kindred`, sequence: 3, status: 'CANCELLED' });
    expect((await nth(clinic.email, 4)).ics.method).toBe('CANCEL');

    const offer = await waitForNth(ctx.smtp, waiting.email, 1, (m) => /opened up/.test(m.raw));
    expect(plain(offer)).toContain(`/book-appoinment?clinic=${clinic.reference}&date=${day}`);

    // No message names the reason, the donor, the visit type (it names a donor type) or the cancellation note.
    for (const m of ctx.smtp.received) {
      // Tokens are random-looking base64url and may spell "egg": leave them out of the search.
      const text = (plain(m) + (calendarOf(m) ?? '')).replace(/token=[A-Za-z0-9._~%-]+/g, 'token=');
      for (const secret of [SECRET_REASON, 'AMH', 'KE000123', 'Egg donor', 'egg'])
        expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it('a second freed time that day is not offered again to someone already offered one', async () => {
    const start = dayAt(ctx.clock.now(), 4, 15);
    const booked = await book(start);
    expect(booked.statusCode).toBe(201);
    const id = booked.json().appointment.id as string;
    expect(
      (await post(`/api/v1/clinic/appointments/${id}/cancel/`, staff.access, { reason: 'Closed' })).statusCode,
    ).toBe(200);
    await ctx.services.mail.flush();
    expect(ctx.smtp.received.filter((m) => m.to.includes(waiting.email) && /opened up/.test(m.raw))).toHaveLength(1);
  });

  it('waitlist input is checked: a past day, an unknown clinic, another clinic’s visit type', async () => {
    const past = await post(`/api/v1/clinics/${clinic.reference}/waitlist/`, waiting.access, {
      on_date: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().on_date).toEqual([APPOINTMENT_MSG.waitlistDateInPast]);
    const unknown = await post('/api/v1/clinics/CLN-NOPE/waitlist/', waiting.access, { on_date: '2099-01-01' });
    expect(unknown.statusCode).toBe(404);
    const otherType = await post(`/api/v1/clinics/${clinic.reference}/waitlist/`, waiting.access, {
      on_date: '2099-01-01',
      visit_type_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(otherType.statusCode).toBe(404);
    expect(otherType.json().message).toBe(APPOINTMENT_MSG.visitTypeNotFound);
  });
});

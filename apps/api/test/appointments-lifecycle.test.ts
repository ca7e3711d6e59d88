import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { createManageLinks } from '../src/modules/appointments/lifecycle/manage-link.ts';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  login,
  newParent,
  TEST_JWT_SECRET,
  type TestContext,
} from './harness.ts';
import { clinicStaff, dayAt, insertAppointment, seedClinic, type SeededClinic } from './appointments-helpers.ts';

let ctx: TestContext;
let clinic: SeededClinic;
let other: SeededClinic;
let parent: Awaited<ReturnType<typeof newParent>>;
let stranger: Awaited<ReturnType<typeof newParent>>;
let staff: Awaited<ReturnType<typeof newParent>>;
let otherStaff: Awaited<ReturnType<typeof newParent>>;
const links = createManageLinks(TEST_JWT_SECRET, 'http://localhost:3000');

beforeAll(async () => {
  ctx = await createTestContext({ rateRules: generousRates() });
  clinic = await seedClinic(ctx.db);
  other = await seedClinic(ctx.db, { mode: 'in_person' });
  parent = await newParent(ctx.app);
  stranger = await newParent(ctx.app);
  staff = await clinicStaff(ctx.app, ctx.db, clinic.clinicId);
  otherStaff = await clinicStaff(ctx.app, ctx.db, other.clinicId);
});
afterAll(() => ctx?.close());

/** Moves the clock and signs everyone in again (access tokens live 15 minutes of the clock). */
async function at(when: Date) {
  ctx.clock.set(when);
  for (const u of [parent, stranger, staff, otherStaff])
    u.access = (await login(ctx.app, u.email, u.password)).json().tokens.access as string;
}

const post = (url: string, token: string | null, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const book = (startsAt: Date, status = 'pending', c = clinic) =>
  insertAppointment(ctx.db, c, { userId: parent.id, email: parent.email, startsAt, status });
const events = (id: string) =>
  ctx.db.query<{ action: string; actor: string; reason: string | null }>(
    'select action, actor, reason from appointment_events where appointment_id = $1 order by id',
    [id],
  );

describe('appointment lifecycle', () => {
  it('the parent cancels their own live appointment once; a second change is refused with 409', async () => {
    const id = await book(dayAt(ctx.clock.now(), 3, 9));
    const res = await post(`/api/v1/appointments/${id}/cancel/`, parent.access, { reason: 'Travel' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: APPOINTMENT_MSG.cancelled,
      appointment: { id, status: 'cancelled', cancelled_by: 'parent', cancel_reason: 'Travel', can_change: false },
    });
    expect(await events(id)).toEqual([{ action: 'cancelled', actor: 'parent', reason: 'Travel' }]);
    const again = await post(`/api/v1/appointments/${id}/cancel/`, parent.access);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', success: false, message: APPOINTMENT_MSG.notChangeable });
    const move = await post(`/api/v1/appointments/${id}/reschedule/`, parent.access, {
      starts_at: dayAt(ctx.clock.now(), 4, 9).toISOString(),
    });
    expect(move.statusCode).toBe(409);
  });

  it('another parent and another clinic get 404 for an appointment that is not theirs, and nothing changes', async () => {
    const id = await book(dayAt(ctx.clock.now(), 3, 11));
    for (const res of [
      await post(`/api/v1/appointments/${id}/cancel/`, stranger.access),
      await post(`/api/v1/appointments/${id}/reschedule/`, stranger.access, {
        starts_at: dayAt(ctx.clock.now(), 3, 14).toISOString(),
      }),
      await post(`/api/v1/clinic/appointments/${id}/confirm/`, otherStaff.access, {}),
      await post(`/api/v1/clinic/appointments/${id}/cancel/`, otherStaff.access, { reason: 'No' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(APPOINTMENT_MSG.appointmentNotFound);
    }
    const list = await ctx.app.inject({ url: '/api/v1/clinic/appointments/', headers: bearer(otherStaff.access) });
    expect(list.json().appointments.map((a: { id: string }) => a.id)).not.toContain(id);
    // A parent may not use the clinic's routes, nor a clinic the parent's.
    expect((await post(`/api/v1/clinic/appointments/${id}/confirm/`, parent.access, {})).statusCode).toBe(403);
    expect((await post(`/api/v1/appointments/${id}/cancel/`, staff.access)).statusCode).toBe(403);
    const [row] = await ctx.db.query<{ status: string; sequence: number }>(
      'select status, sequence from appointments where id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'pending', sequence: 0 });
  });

  it('the notice window: a change just inside it works, just outside it is refused with tooLateToChange', async () => {
    const start = dayAt(ctx.clock.now(), 2, 9);
    const a = await book(start);
    const b = await book(new Date(start.getTime() + 3_600_000));
    const deadline = start.getTime() - 24 * 3_600_000;
    await at(new Date(deadline - 1000));
    const inside = await post(`/api/v1/appointments/${a}/reschedule/`, parent.access, {
      starts_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().appointment).toMatchObject({ status: 'pending', can_change: true });
    await at(new Date(deadline + 3_600_000 + 1000));
    const outside = await post(`/api/v1/appointments/${b}/cancel/`, parent.access);
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toEqual({ code: 'conflict', success: false, message: APPOINTMENT_MSG.tooLateToChange });
    // The clinic may still cancel before the start, with a reason.
    const noReason = await post(`/api/v1/clinic/appointments/${b}/cancel/`, staff.access, {});
    expect(noReason.statusCode).toBe(400);
    expectDocumentedErrorShape(noReason);
    const byClinic = await post(`/api/v1/clinic/appointments/${b}/cancel/`, staff.access, { reason: 'Doctor ill' });
    expect(byClinic.statusCode).toBe(200);
    expect(byClinic.json().appointment).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'clinic',
      email: parent.email,
    });
    await at(new Date());
  });

  it('a reschedule onto a taken time is 409 slotTaken and leaves the appointment where it was', async () => {
    const start = dayAt(ctx.clock.now(), 5, 9);
    const a = await book(start);
    await insertAppointment(ctx.db, clinic, {
      userId: stranger.id,
      email: stranger.email,
      startsAt: new Date(start.getTime() + 3_600_000),
    });
    const res = await post(`/api/v1/appointments/${a}/reschedule/`, parent.access, {
      starts_at: new Date(start.getTime() + 3_600_000 + 15 * 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(APPOINTMENT_MSG.slotTaken);
    const [row] = await ctx.db.query<{ starts_at: Date; sequence: number }>(
      'select starts_at, sequence from appointments where id = $1',
      [a],
    );
    expect(row!.starts_at.getTime()).toBe(start.getTime());
    expect(row!.sequence).toBe(0);
    // Another of the clinic's clinicians is free then; an unknown clinician is refused.
    const otherDoctor = await post(`/api/v1/appointments/${a}/reschedule/`, parent.access, {
      starts_at: new Date(start.getTime() + 3_600_000).toISOString(),
      clinician_id: clinic.otherClinicianId,
    });
    expect(otherDoctor.statusCode).toBe(200);
    expect(otherDoctor.json().appointment.clinician_name).toBe('Dr. Tomas Reyes');
    const foreign = await post(`/api/v1/appointments/${a}/reschedule/`, parent.access, {
      starts_at: new Date(start.getTime() + 5 * 3_600_000).toISOString(),
      clinician_id: other.clinicianId,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('the clinic confirms a video visit with an https link, completes it after the start, and the parent rates it', async () => {
    const start = dayAt(ctx.clock.now(), 6, 9);
    const id = await book(start);
    const noLink = await post(`/api/v1/clinic/appointments/${id}/confirm/`, staff.access, {});
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().meeting_link).toEqual([APPOINTMENT_MSG.meetingLinkRequired]);
    const http = await post(`/api/v1/clinic/appointments/${id}/confirm/`, staff.access, {
      meeting_link: 'http://meet.example.com/x',
    });
    expect(http.statusCode).toBe(400);
    const early = await post(`/api/v1/appointments/${id}/rating/`, parent.access, { stars: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(APPOINTMENT_MSG.ratingOnlyAfterVisit);
    const ok = await post(`/api/v1/clinic/appointments/${id}/confirm/`, staff.access, {
      meeting_link: 'https://meet.example.com/abc',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().appointment).toMatchObject({ status: 'confirmed', meeting_link: 'https://meet.example.com/abc' });
    expect((await post(`/api/v1/clinic/appointments/${id}/confirm/`, staff.access, {})).statusCode).toBe(409);
    const before = await post(`/api/v1/clinic/appointments/${id}/complete/`, staff.access);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(APPOINTMENT_MSG.notStartedYet);
    await at(new Date(start.getTime() + 60_000));
    const done = await post(`/api/v1/clinic/appointments/${id}/complete/`, staff.access);
    expect(done.json().appointment.status).toBe('completed');
    expect((await post(`/api/v1/clinic/appointments/${id}/no-show/`, staff.access)).statusCode).toBe(409);
    const rated = await post(`/api/v1/appointments/${id}/rating/`, parent.access, { stars: 5 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().appointment.rating).toBe(5);
    const again = await post(`/api/v1/appointments/${id}/rating/`, parent.access, { stars: 2 });
    expect(again.json().appointment.rating).toBe(2);
    expect((await post(`/api/v1/appointments/${id}/rating/`, stranger.access, { stars: 1 })).statusCode).toBe(404);
    const [avg] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from clinic_ratings where clinic_id = $1',
      [clinic.clinicId],
    );
    expect(avg!.n).toBe(1);
    expect((await events(id)).map((e) => e.action)).toEqual(['confirmed', 'completed']);
    await at(new Date());
  });

  it("the clinic lists its own appointments by its local dates, with the booking's contact details", async () => {
    const start = dayAt(ctx.clock.now(), 20, 9);
    const id = await book(start);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: clinic.zone }).format(start);
    const res = await ctx.app.inject({
      url: `/api/v1/clinic/appointments/?from=${day}&to=${day}`,
      headers: bearer(staff.access),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().time_zone).toBe(clinic.zone);
    expect(res.json().appointments).toEqual([
      expect.objectContaining({ id, name: 'Avery Quinn', email: parent.email, phone_number: '+12025550123' }),
    ]);
    const bad = await ctx.app.inject({
      url: `/api/v1/clinic/appointments/?from=${day}&to=2020-01-01`,
      headers: bearer(staff.access),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the signed manage link shows, moves and cancels; forged, junk and expired links are refused', async () => {
    const start = dayAt(ctx.clock.now(), 12, 9);
    const id = await book(start);
    const token = links.token({ id, link_version: 0 });
    const get = await ctx.app.inject({ url: `/api/v1/appointments/manage/?token=${encodeURIComponent(token)}` });
    expect(get.statusCode).toBe(200);
    // A bearer link's answer names a person: no cache keeps it, nor a refusal (issue 25).
    expect(get.headers['cache-control']).toBe('no-store');
    expect(get.json().appointment).toMatchObject({ id, status: 'pending', can_change: true });
    // Without a sign-in the link shows no health detail.
    expect(get.json().appointment).toMatchObject({
      reason_for_consultation: '',
      donor_reference: null,
      visit_type_name: null,
      cancel_reason: null,
      shared_shortlist: false,
    });
    const moved = await post('/api/v1/appointments/manage/reschedule/', null, {
      token,
      starts_at: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    // Moving the visit ends the old link (issue 25); the new link is signed over the next version.
    const old = await post('/api/v1/appointments/manage/cancel/', null, { token });
    expect(old.statusCode).toBe(404);
    expect(old.headers['cache-control']).toBe('no-store');
    expect(old.json()).toEqual({ code: 'link_invalid', success: false, message: APPOINTMENT_MSG.linkInvalid });
    const newToken = links.token({ id, link_version: 1 });
    // The mover gets the replacement in the answer (the new mail carries it too).
    expect(moved.json().manage_token).toBe(newToken);
    const forged = `${id}.${token.split('.')[1]!.slice(0, -2)}AA`;
    const otherId = await book(dayAt(ctx.clock.now(), 12, 13));
    for (const bad of [forged, id, `${otherId}.${token.split('.')[1]}`, 'junk', `${id}.x.y`]) {
      const res = await post('/api/v1/appointments/manage/cancel/', null, { token: bad });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'link_invalid', success: false, message: APPOINTMENT_MSG.linkInvalid });
    }
    expect(
      (await ctx.db.query('select 1 from appointments where id = $1 and status = $2', [otherId, 'pending'])).length,
    ).toBe(1);
    const cancelled = await post('/api/v1/appointments/manage/cancel/', null, { token: newToken });
    expect(cancelled.json().appointment.status).toBe('cancelled');
    // After the start the link has expired.
    const laterStart = dayAt(ctx.clock.now(), 13, 9);
    const later = await book(laterStart);
    await at(new Date(laterStart.getTime() + 3_600_000));
    const expired = await ctx.app.inject({
      url: `/api/v1/appointments/manage/?token=${links.token({ id: later, link_version: 0 })}`,
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(APPOINTMENT_MSG.linkInvalid);
    await at(new Date());
  });
});

describe('after review', () => {
  const subjectsTo = async (to: string) =>
    (
      await ctx.db.query<{ subject: string }>(
        'select subject from mail_messages where lower(to_address) = lower($1) order by created_at',
        [to],
      )
    ).map((r) => r.subject);

  it('a move onto a time whose hold has lapsed is not refused as taken (the lapsed hold is expired first)', async () => {
    // The second clinician, late afternoon: clear of every other test's appointments.
    const start = dayAt(ctx.clock.now(), 20, 15);
    const heldAt = new Date(start.getTime() + 3_600_000);
    const lapsed = await insertAppointment(ctx.db, clinic, {
      userId: stranger.id,
      email: stranger.email,
      startsAt: heldAt,
      status: 'held',
      clinicianId: clinic.otherClinicianId,
    });
    await ctx.db.query("update appointments set hold_expires_at = now() - interval '1 minute' where id = $1", [lapsed]);
    const id = await insertAppointment(ctx.db, clinic, {
      userId: parent.id,
      email: parent.email,
      startsAt: start,
      clinicianId: clinic.otherClinicianId,
    });
    const res = await post(`/api/v1/appointments/${id}/reschedule/`, parent.access, {
      starts_at: heldAt.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().appointment.starts_at).toBe(heldAt.toISOString());
    const [hold] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [lapsed]);
    expect(hold!.status).toBe('expired');
  });

  it("the parent's mails go to their account's address, never to an address typed in the form", async () => {
    const typed = `typed.${Date.now()}@elsewhere.example`;
    const id = await insertAppointment(ctx.db, clinic, {
      userId: parent.id,
      email: typed,
      startsAt: dayAt(ctx.clock.now(), 21, 9),
    });
    expect((await post(`/api/v1/appointments/${id}/cancel/`, parent.access)).statusCode).toBe(200);
    expect(await subjectsTo(typed)).toEqual([]);
    expect((await subjectsTo(parent.email)).some((s) => /is cancelled/.test(s))).toBe(true);
  });

  it('a request with no confirmation deadline (rows from before migration 058) is closed by the system at its start, with a reason and a mail', async () => {
    const start = dayAt(ctx.clock.now(), 22, 9);
    const pending = await book(start);
    const confirmed = await book(new Date(start.getTime() + 3_600_000), 'confirmed');
    await at(new Date(start.getTime() - 60_000));
    await ctx.services.reminders.closeUnconfirmed(); // earlier tests' requests whose time has come
    expect((await ctx.db.query('select status from appointments where id = $1', [pending]))[0]).toEqual({
      status: 'pending',
    });
    await at(new Date(start.getTime() + 60_000));
    expect(await ctx.services.reminders.closeUnconfirmed()).toBeGreaterThanOrEqual(1);
    expect(await ctx.services.reminders.closeUnconfirmed()).toBe(0);
    const rows = await ctx.db.query<{ status: string; cancelled_by: string | null }>(
      'select status, cancelled_by from appointments where id = any($1::uuid[]) order by starts_at',
      [[pending, confirmed]],
    );
    expect(rows.map((r) => [r.status, r.cancelled_by])).toEqual([
      ['cancelled', 'system'],
      ['confirmed', null],
    ]);
    expect(await events(pending)).toEqual([
      { action: 'cancelled', actor: 'system', reason: APPOINTMENT_MSG.notConfirmedInTime },
    ]);
    expect((await subjectsTo(parent.email)).filter((s) => /is cancelled/.test(s)).length).toBeGreaterThanOrEqual(1);
    await at(new Date());
  });
});

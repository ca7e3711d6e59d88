import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { bearer, type TestContext } from './harness.ts';
import {
  appointmentsContext,
  bookingBody,
  chicago,
  plain,
  quickParents,
  TEST_NOW,
  type TestClinic,
} from './appointments-helpers.ts';

/**
 * Issue 25: clinics choose per visit type between "confirm requests" and "instant confirmation"; a request nobody
 * confirmed is cancelled at its confirmation deadline (not at its start) with a reason the parent reads and a mail
 * that offers the next free times; reminders say the real gap.
 */
let ctx: TestContext;
let clinic: TestClinic;

beforeAll(async () => {
  ({ ctx, clinic } = await appointmentsContext());
});
afterAll(() => ctx.close());

const MIN = 60_000;
/** A staff account of the clinic signed in at the test clock's now (tokens are short-lived). */
async function staffToken(): Promise<string> {
  const [s] = await quickParents(ctx, 1, 'clinic');
  await ctx.db.query('update users set clinic_id = $2 where id = $1', [s!.id, clinic.clinicId]);
  return s!.access;
}
const book = (token: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/appointments/create/',
    headers: bearer(token),
    payload: body as Record<string, unknown>,
  });
const mine = async (token: string) =>
  (await ctx.app.inject({ url: '/api/v1/appointments/my-appointments/', headers: bearer(token) })).json()
    .appointments as { id: string; status: string; cancel_reason: string | null }[];
const visitType = (over: Record<string, unknown>) => ({
  name: 'Quick call',
  category: 'egg',
  mode: 'video',
  duration_minutes: 30,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 60,
  change_notice_minutes: 0,
  active: true,
  ...over,
});
async function addVisitType(over: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/clinic/visit-types/',
    headers: bearer(await staffToken()),
    payload: visitType(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().visit_type as { id: string; confirmation: string };
}
const subjects = (to: string) =>
  ctx.smtp.received
    .filter((m) => m.to.includes(to))
    .map((m) => /^Subject: (.*)$/m.exec(plain(m).replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '');
async function closeAt(at: Date) {
  ctx.clock.set(at);
  const closed = await ctx.services.reminders.closeUnconfirmed();
  await ctx.services.mail.flush();
  return closed;
}

describe('confirmation per visit type', () => {
  it('an instant-confirmation visit type books as confirmed; the portal saves and shows the choice', async () => {
    ctx.clock.set(TEST_NOW);
    const instant = await addVisitType({ name: 'Instant call', confirmation: 'instant' });
    expect(instant.confirmation).toBe('instant');
    const list = await ctx.app.inject({ url: '/api/v1/clinic/visit-types/', headers: bearer(await staffToken()) });
    expect(list.json().visit_types.find((v: { id: string }) => v.id === instant.id).confirmation).toBe('instant');
    // Bad input is a 400 with the field, and nothing changes.
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/clinic/visit-types/${instant.id}/`,
      headers: bearer(await staffToken()),
      payload: visitType({ confirmation: 'sometimes' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('confirmation');

    const [parent] = await quickParents(ctx, 1);
    const slot = chicago('2027-01-05', '10:00');
    const res = await book(parent!.access, bookingBody(clinic, slot, { visit_type_id: instant.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().appointment.status).toBe('confirmed');
    await ctx.services.mail.flush();
    expect(subjects(parent!.email)).toContain('Your consultation at Test Clinic (fictional) is confirmed');
    // A visit type saved without the field (an older client) keeps asking for confirmation.
    const request = await addVisitType({ name: 'Request call' });
    expect(request.confirmation).toBe('request');
  });

  it('a request booked 13 minutes ahead is cancelled halfway to its start, with a reason and the next free times', async () => {
    const start = new Date(chicago('2027-01-06', '10:00'));
    ctx.clock.set(new Date(start.getTime() - 13 * MIN));
    const [parent] = await quickParents(ctx, 1);
    const res = await book(parent!.access, bookingBody(clinic, start.toISOString(), { visit_type_id: await quick() }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().appointment.id as string;

    expect(await closeAt(new Date(start.getTime() - 7 * MIN))).toBe(0);
    expect((await mine(parent!.access))[0]).toMatchObject({ id, status: 'pending' });
    // Deadline: 6.5 minutes before the start (half the 13 minutes), not the start itself.
    expect(await closeAt(new Date(start.getTime() - 6 * MIN))).toBe(1);
    expect((await mine(parent!.access))[0]).toMatchObject({
      id,
      status: 'cancelled',
      cancel_reason: APPOINTMENT_MSG.notConfirmedInTime,
    });
    const mail = ctx.smtp.received.filter(
      (m) => m.to.includes(parent!.email) && /Subject: Your consultation at .* is cancelled/.test(plain(m)),
    );
    expect(mail).toHaveLength(1);
    const text = plain(mail[0]!);
    expect(text).toContain('did not confirm your request in time');
    expect(text).toContain('The next free times at Test Clinic (fictional):');
    expect(text).toContain(`/book-appoinment?clinic=${clinic.ref}&date=2027-01-06`);
    // The clinic can no longer confirm it.
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/clinic/appointments/${id}/confirm/`,
      headers: bearer(await staffToken()),
      payload: { meeting_link: 'https://meet.example/abc' },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it('a request booked days ahead closes 2 hours before its start and gets no 2-hour reminder', async () => {
    ctx.clock.set(TEST_NOW);
    const [parent] = await quickParents(ctx, 1);
    const start = new Date(chicago('2027-01-07', '11:00'));
    const res = await book(parent!.access, bookingBody(clinic, start.toISOString(), { visit_type_id: await quick() }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().appointment.id as string;
    expect(await closeAt(new Date(start.getTime() - 121 * MIN))).toBe(0);
    expect(await closeAt(new Date(start.getTime() - 120 * MIN))).toBe(1);
    expect(await ctx.services.reminders.runDue()).toBe(0);
    await ctx.services.mail.flush();
    expect(subjects(parent!.email).filter((s) => s.startsWith('Reminder'))).toEqual([]);
    const [row] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [id]);
    expect(row!.status).toBe('cancelled');
  });
});

describe('reminder wording follows the real gap', () => {
  it('says "today at 14:30" and "in 40 minutes" for a visit today, never "tomorrow"', async () => {
    const start = new Date(chicago('2027-01-08', '14:30'));
    ctx.clock.set(new Date(chicago('2027-01-08', '08:00')));
    const [parent] = await quickParents(ctx, 1);
    const res = await book(parent!.access, bookingBody(clinic, start.toISOString(), { visit_type_id: await quick() }));
    expect(res.statusCode, res.body).toBe(201);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/clinic/appointments/${res.json().appointment.id}/confirm/`,
      headers: bearer(await staffToken()),
      payload: { meeting_link: 'https://meet.example/abc' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await ctx.services.reminders.runDue()).toBe(1);
    ctx.clock.set(new Date(start.getTime() - 40 * MIN));
    expect(await ctx.services.reminders.runDue()).toBe(1);
    await ctx.services.mail.flush();
    const reminders = subjects(parent!.email).filter((s) => s.startsWith('Reminder'));
    expect(reminders).toEqual([
      'Reminder: your consultation at Test Clinic (fictional) is today at 14:30 CST',
      'Reminder: your consultation at Test Clinic (fictional) is in 40 minutes',
    ]);
  });
});

let quickId: string | undefined;
/** A "confirm requests" visit type with no minimum notice (so a visit 13 minutes ahead can be booked). */
async function quick(): Promise<string> {
  quickId ??= (await addVisitType({ name: 'Short-notice call', confirmation: 'request' })).id;
  return quickId;
}

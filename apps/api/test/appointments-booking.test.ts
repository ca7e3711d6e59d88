import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { checkSlot } from '../src/modules/appointments/directory/slot-check.ts';
import { bearer, expectDocumentedErrorShape, type TestContext } from './harness.ts';
import {
  appointmentsContext,
  bookingBody,
  chicago,
  quickParents,
  TEST_NOW,
  type TestClinic,
} from './appointments-helpers.ts';

let ctx: TestContext;
let clinic: TestClinic;

beforeAll(async () => {
  ({ ctx, clinic } = await appointmentsContext());
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });
const book = (token: string, body: unknown) => post('/api/v1/appointments/create/', token, body);
const hold = (token: string, body: unknown) => post('/api/v1/appointments/hold/', token, body);
const holdBody = (startsAt: string, over: Record<string, unknown> = {}) => ({
  clinic: clinic.ref,
  visit_type_id: clinic.videoId,
  clinician_id: clinic.clinicianId,
  starts_at: startsAt,
  ...over,
});
const liveRows = async (startsAt: string) =>
  Number(
    (
      await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from appointments where starts_at = $1 and status in ('held', 'pending', 'confirmed')`,
        [startsAt],
      )
    )[0]!.n,
  );
const countAll = async () =>
  Number((await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments'))[0]!.n);

describe('booking cannot double-book', () => {
  it('50 parents booking one slot at once: exactly one 201 and 49 × 409 with the exact text', async () => {
    const parents = await quickParents(ctx, 50);
    const slot = chicago('2027-01-06', '10:00');
    const results = await Promise.all(parents.map((p) => book(p.access, bookingBody(clinic, slot))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ code: 'conflict', success: false, message: APPOINTMENT_MSG.slotTaken });
    expect(await liveRows(slot)).toBe(1);
    const winner = results.find((r) => r.statusCode === 201)!.json();
    expect(winner.message).toBe(APPOINTMENT_MSG.booked);
    expect(winner.appointment).toMatchObject({
      status: 'pending',
      clinic: clinic.ref,
      booking_date: slot,
      starts_at: slot,
      ends_at: chicago('2027-01-06', '10:30'),
      time_zone: 'America/Chicago',
      donor_reference: 'KE000123',
      reason_for_consultation: 'egg',
      clinic_name: 'Test Clinic (fictional)',
      clinician_name: 'Dr. Test Person',
      visit_type_name: 'Donor consultation, video, 30 min',
      mode: 'video',
      can_change: true,
      change_deadline: chicago('2027-01-05', '10:00'),
      shared_shortlist: false,
    });
    const events = await ctx.db.query<{ action: string; actor: string }>(
      'select action, actor from appointment_events where appointment_id = $1',
      [winner.appointment.id],
    );
    expect(events).toEqual([{ action: 'booked', actor: 'parent' }]);
  });

  it('a buffer blocks the neighbouring slots; the next one clear of it books', async () => {
    const [a, b] = await quickParents(ctx, 2);
    // In person 60 min with 15/15 buffers at 10:00 on Thursday: busy 09:45–11:15.
    const first = await book(
      a!.access,
      bookingBody(clinic, chicago('2027-01-07', '10:00'), { visit_type_id: clinic.inPersonId }),
    );
    expect(first.statusCode).toBe(201);
    const avail = await ctx.app.inject({
      url: `/api/v1/clinics/${clinic.ref}/availability/?visit_type=${clinic.videoId}&from=2027-01-07&days=1`,
    });
    const starts: string[] = avail.json().slots.map((s: { starts_at: string }) => s.starts_at);
    // 09:00's block ends 09:40, before 09:45; 09:15's would end 09:55; 11:15's starts as the buffer ends.
    expect(starts).toContain(chicago('2027-01-07', '09:00'));
    expect(starts).not.toContain(chicago('2027-01-07', '09:15'));
    expect(starts).not.toContain(chicago('2027-01-07', '10:45'));
    expect(starts).toContain(chicago('2027-01-07', '11:15'));
    // Booking what is not offered is refused by the database, whatever the client believed.
    for (const t of ['11:00', '09:15']) {
      const r = await book(b!.access, bookingBody(clinic, chicago('2027-01-07', t)));
      expect(r.statusCode, t).toBe(409);
      expect(r.json().message).toBe(APPOINTMENT_MSG.slotTaken);
    }
    expect((await book(b!.access, bookingBody(clinic, chicago('2027-01-07', '11:15')))).statusCode).toBe(201);
  });
});

describe('checkSlot for reschedules', () => {
  it('moving an appointment over its own old block is allowed; over another is 409 (the constraint)', async () => {
    const [a, b] = await quickParents(ctx, 2);
    const mine = (await book(a!.access, bookingBody(clinic, chicago('2027-01-13', '10:00')))).json().appointment;
    expect((await book(b!.access, bookingBody(clinic, chicago('2027-01-13', '11:00')))).statusCode).toBe(201);
    const move = (to: string) =>
      ctx.db.transaction(async (tx) => {
        const c = await checkSlot(tx, {
          clinic: clinic.ref,
          visitTypeId: clinic.videoId,
          clinicianId: clinic.clinicianId,
          startsAt: new Date(to),
          now: ctx.clock.now(),
        });
        await tx.query(
          'update appointments set starts_at = $2, ends_at = $3, block_start = $4, block_end = $5 where id = $1',
          [mine.id, c.slot.startsAt, c.slot.endsAt, c.slot.blockStart, c.slot.blockEnd],
        );
      });
    await move(chicago('2027-01-13', '10:15'));
    await expect(move(chicago('2027-01-13', '10:45'))).rejects.toMatchObject({ code: '23P01' });
    await expect(move(chicago('2027-01-13', '12:30'))).rejects.toMatchObject({ status: 400 });
  });
});

describe('holds', () => {
  it('hold, then book from it: the slot is taken for others meanwhile; my-appointments shows the booking', async () => {
    const [a, b] = await quickParents(ctx, 2);
    const slot = chicago('2027-01-08', '14:00');
    const h = await hold(a!.access, holdBody(slot));
    expect(h.statusCode).toBe(201);
    const { hold_id, expires_at } = h.json();
    expect(expires_at).toBe(new Date(TEST_NOW.getTime() + 10 * 60_000).toISOString());
    expect((await hold(b!.access, holdBody(slot))).json()).toEqual({
      code: 'conflict',
      success: false,
      message: APPOINTMENT_MSG.slotTaken,
    });
    expect((await book(b!.access, bookingBody(clinic, slot))).statusCode).toBe(409);
    // A held time is not offered, and never listed as an appointment.
    const mineBefore = await ctx.app.inject({
      url: '/api/v1/appointments/my-appointments/',
      headers: bearer(a!.access),
    });
    expect(mineBefore.json().appointments).toEqual([]);
    const created = await book(a!.access, bookingBody(clinic, slot, { hold_id, share_shortlist: true }));
    expect(created.statusCode).toBe(201);
    expect(created.json().appointment).toMatchObject({ id: hold_id, status: 'pending', shared_shortlist: true });
    const mine = await ctx.app.inject({ url: '/api/v1/appointments/my-appointments/', headers: bearer(a!.access) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().appointments).toHaveLength(1);
    expect(mine.json().appointments[0]).toMatchObject({ appointment_id: hold_id, status: 'pending', starts_at: slot });
    // Sharing the shortlist is a recorded consent scoped to the clinic.
    const consents = await ctx.app.inject({ url: '/api/v1/profile/consents/', headers: bearer(a!.access) });
    expect(consents.body).toContain(clinic.ref);
    const rows = await ctx.db.query<{ scope: string; granted: boolean }>(
      "select scope, granted from consent_events where user_id = $1 and kind = 'shortlist_sharing'",
      [a!.id],
    );
    expect(rows).toEqual([{ scope: clinic.ref, granted: true }]);
  });

  it('a lapsed hold frees the slot; converting it afterwards is 409 holdExpired', async () => {
    const [a, b] = await quickParents(ctx, 2);
    const slot = chicago('2027-01-08', '15:00');
    const { hold_id } = (await hold(a!.access, holdBody(slot))).json();
    ctx.clock.advance(10 * 60_000 + 1000);
    try {
      const other = await book(b!.access, bookingBody(clinic, slot));
      expect(other.statusCode).toBe(201);
      const late = await book(a!.access, bookingBody(clinic, slot, { hold_id }));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ code: 'conflict', success: false, message: APPOINTMENT_MSG.holdExpired });
      const [row] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [hold_id]);
      expect(row!.status).toBe('expired');
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it('a parent cannot convert or release another parent’s hold; releasing one’s own frees the slot', async () => {
    const [a, b] = await quickParents(ctx, 2);
    const slot = chicago('2027-01-11', '09:00');
    const { hold_id } = (await hold(a!.access, holdBody(slot))).json();
    const stolen = await book(b!.access, bookingBody(clinic, slot, { hold_id }));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', success: false, message: APPOINTMENT_MSG.appointmentNotFound });
    const del = (token: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v1/appointments/hold/${hold_id}/`, headers: bearer(token) });
    expect((await del(b!.access)).statusCode).toBe(404);
    expect(await liveRows(slot)).toBe(1);
    expect((await del(a!.access)).statusCode).toBe(204);
    expect(await liveRows(slot)).toBe(0);
    expect((await hold(b!.access, holdBody(slot))).statusCode).toBe(201);
  });

  it('a new hold ends the parent’s earlier one', async () => {
    const [a] = await quickParents(ctx, 1);
    const first = chicago('2027-01-11', '10:00');
    await hold(a!.access, holdBody(first));
    expect((await hold(a!.access, holdBody(chicago('2027-01-11', '10:30')))).statusCode).toBe(201);
    expect(await liveRows(first)).toBe(0);
  });
});

describe('refusals change nothing', () => {
  const cases: [string, (c: TestClinic) => Record<string, unknown>, number, Record<string, unknown>][] = [
    ['past', (c) => bookingBody(c, chicago('2027-01-04', '08:00')), 400, { starts_at: [APPOINTMENT_MSG.slotInPast] }],
    [
      'too soon',
      (c) => bookingBody(c, chicago('2027-01-04', '14:00')),
      400,
      { starts_at: [APPOINTMENT_MSG.slotTooSoon] },
    ],
    [
      'beyond horizon',
      (c) => bookingBody(c, chicago('2027-03-15', '10:00')),
      400,
      { starts_at: [APPOINTMENT_MSG.slotBeyondHorizon] },
    ],
    [
      'a Saturday',
      (c) => bookingBody(c, chicago('2027-01-09', '10:00')),
      400,
      { starts_at: [APPOINTMENT_MSG.slotUnavailable] },
    ],
    [
      'the lunch break',
      (c) => bookingBody(c, chicago('2027-01-12', '12:30')),
      400,
      { starts_at: [APPOINTMENT_MSG.slotUnavailable] },
    ],
    [
      'off the grid',
      (c) => bookingBody(c, chicago('2027-01-12', '10:05')),
      400,
      { starts_at: [APPOINTMENT_MSG.slotUnavailable] },
    ],
    [
      'unknown clinic',
      (c) => bookingBody(c, chicago('2027-01-12', '10:00'), { clinic: 'CLN-NOPE' }),
      404,
      { message: APPOINTMENT_MSG.clinicNotFound },
    ],
    [
      'visit type of no clinic',
      (c) => bookingBody(c, chicago('2027-01-12', '10:00'), { visit_type_id: c.clinicianId }),
      404,
      { message: APPOINTMENT_MSG.visitTypeNotFound },
    ],
    [
      'clinician of no clinic',
      (c) => bookingBody(c, chicago('2027-01-12', '10:00'), { clinician_id: c.videoId }),
      400,
      { clinician_id: [APPOINTMENT_MSG.slotUnavailable] },
    ],
    ['malformed time', (c) => bookingBody(c, 'tomorrow at ten'), 400, {}],
    [
      'no name',
      (c) => bookingBody(c, chicago('2027-01-12', '10:00'), { name: '' }),
      400,
      { name: ['Please enter your name.'] },
    ],
    ['bad hold id', (c) => bookingBody(c, chicago('2027-01-12', '10:00'), { hold_id: 'x' }), 400, {}],
  ];
  for (const [what, body, status, expected] of cases)
    it(`${what} → ${status}`, async () => {
      const [p] = await quickParents(ctx, 1);
      const before = await countAll();
      const res = await book(p!.access, body(clinic));
      expect(res.statusCode).toBe(status);
      expectDocumentedErrorShape(res);
      expect(res.json()).toMatchObject(expected);
      if (what !== 'no name' && what !== 'malformed time' && what !== 'bad hold id')
        expect((await hold(p!.access, body(clinic))).statusCode).toBe(status);
      expect(await countAll()).toBe(before);
    });

  it('holds and bookings need a parent account: 401 without, 403 for admins and clinics', async () => {
    const body = bookingBody(clinic, chicago('2027-01-12', '11:00'));
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/appointments/create/', payload: body })).statusCode,
    ).toBe(401);
    for (const role of ['admin', 'clinic'] as const) {
      const [u] = await quickParents(ctx, 1, role);
      expect((await book(u!.access, body)).statusCode).toBe(403);
      expect((await hold(u!.access, holdBody(chicago('2027-01-12', '11:00')))).statusCode).toBe(403);
    }
  });
});

describe('an unverified address', () => {
  it('cannot hold or book (403 with the text, nothing written) until it is verified; then it can', async () => {
    const [p] = await quickParents(ctx, 1);
    await ctx.db.query('update users set email_verified_at = null where id = $1', [p!.id]);
    const slot = chicago('2027-01-15', '14:45');
    const before = await countAll();
    for (const res of [await hold(p!.access, holdBody(slot)), await book(p!.access, bookingBody(clinic, slot))]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(APPOINTMENT_MSG.verifyEmailFirst);
      expectDocumentedErrorShape(res);
    }
    expect(await countAll()).toBe(before);
    await ctx.db.query('update users set email_verified_at = now() where id = $1', [p!.id]);
    expect((await book(p!.access, bookingBody(clinic, slot))).statusCode).toBe(201);
  });
});

describe('rate limit', () => {
  it('holds and bookings per account are limited (429 with Retry-After)', async () => {
    const { ctx: limited, clinic: c } = await appointmentsContext({
      booking_account: { points: 2, durationSeconds: 3600 },
    });
    try {
      const [p] = await quickParents(limited, 1);
      const go = (t: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/appointments/hold/',
          headers: bearer(p!.access),
          payload: {
            clinic: c.ref,
            visit_type_id: c.videoId,
            clinician_id: c.clinicianId,
            starts_at: chicago('2027-01-12', t),
          },
        });
      expect((await go('09:00')).statusCode).toBe(201);
      expect((await go('09:30')).statusCode).toBe(201);
      const third = await go('10:00');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

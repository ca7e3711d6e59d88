import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { JOBS } from '../src/jobs/runner.ts';
import {
  bearer,
  buildExtraInstance,
  createTestContext,
  generousRates,
  type TestContext,
  type TestInstance,
} from './harness.ts';
import {
  dayAt,
  insertAppointment,
  plain,
  quickParents,
  seedClinic,
  type SeededClinic,
} from './appointments-helpers.ts';

/**
 * Issue 14: "if a slot is freed, parents on that clinic's waitlist for that day are offered it first" (ADR 021).
 * The freed time is held 30 minutes for the first parent waiting, then for the next, then it is public.
 */
let ctx: TestContext;
let second: TestInstance;
let clinic: SeededClinic;
type Account = { id: string; email: string };

beforeAll(async () => {
  ctx = await createTestContext({ rateRules: generousRates() });
  second = await buildExtraInstance(ctx);
  clinic = await seedClinic(ctx.db);
});
afterAll(async () => {
  await second?.app.close();
  await ctx?.close();
});
afterEach(() => ctx.clock.set(new Date()));

const MINUTE = 60_000;
/** A request as `who`, with an access token signed at the clock's time (tests move it past a token's life). */
async function send(method: 'GET' | 'POST' | 'DELETE', url: string, who: Account, payload?: object) {
  const [user] = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
    who.id,
  ]);
  const access = await ctx.services.tokens.signAccess(who.id, 'parent', user!.password_hash);
  return ctx.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
}
const localDay = (at: Date, c = clinic) => new Intl.DateTimeFormat('en-CA', { timeZone: c.zone }).format(at);
const join = async (who: Account, at: Date, c = clinic) => {
  const res = await send('POST', `/api/v1/clinics/${c.reference}/waitlist/`, who, { on_date: localDay(at, c) });
  expect(res.statusCode).toBe(201);
  // Oldest first: the next parent joins a second later.
  ctx.clock.set(new Date(ctx.clock.now().getTime() + 1000));
};
const slotBody = (start: Date, c = clinic) => ({
  clinic: c.reference,
  visit_type_id: c.visitTypeId,
  clinician_id: c.clinicianId,
  starts_at: start.toISOString(),
});
const bookBody = (start: Date, holdId?: string) => ({
  ...slotBody(start),
  name: 'Pat Parent',
  email: 'typed@example.com',
  phone_number: '',
  reason_for_consultation: 'egg',
  ...(holdId ? { hold_id: holdId } : {}),
});
/** Is `start` among the public free times of its day (what the search and the modal show anyone)? */
async function isPublic(start: Date, who: Account): Promise<boolean> {
  const res = await send(
    'GET',
    `/api/v1/clinics/${clinic.reference}/availability/?visit_type=${clinic.visitTypeId}&from=${localDay(start)}&days=1` +
      `&clinician=${clinic.clinicianId}`,
    who,
  );
  expect(res.statusCode).toBe(200);
  return (res.json().slots as { starts_at: string }[]).some((s) => s.starts_at === start.toISOString());
}
/** The waitlist offers mailed to `to` (after delivery), each with the hold id of its link. */
async function offers(to: string) {
  await Promise.all([ctx.services.mail.flush(), second.services.mail.flush()]);
  return ctx.smtp.received
    .filter((m) => m.to.includes(to) && /opened up/.test(m.raw))
    .map((m) => ({ text: plain(m), holdId: /[?&]offer=([0-9a-f-]{36})/.exec(plain(m))?.[1] }));
}
/** Both instances run the job's handler twice at the same moment; how many offers they passed on in all. */
async function passOnEverywhere(): Promise<number> {
  const runs = [ctx.services, second.services, ctx.services, second.services].map((s) => s.waitlist.passOnLapsed());
  return (await Promise.all(runs)).reduce((a, b) => a + b, 0);
}
/** A confirmed visit at `start` that the clinic then cancels (the clinic may cancel any live visit). */
async function freeTime(owner: Account, start: Date) {
  const id = await insertAppointment(ctx.db, clinic, {
    userId: owner.id,
    email: owner.email,
    startsAt: start,
    status: 'confirmed',
  });
  await ctx.services.lifecycle.clinicCancel(clinic.clinicId, id, 'The clinician is away');
  return id;
}

describe('waitlist offers hold the freed time', () => {
  it('is a job on the shared queue, every minute', () => {
    expect(JOBS.find((j) => j.name === 'waitlist-offers')).toMatchObject({ scope: 'cluster', cron: '* * * * *' });
  });

  it('holds a freed time for the first parent waiting: hidden from and refused to others; that parent books it', async () => {
    const [owner, first, next, other] = await quickParents(ctx, 4);
    const start = dayAt(ctx.clock.now(), 3, 10, clinic.zone);
    await join(first!, start);
    await join(next!, start);
    expect(await isPublic(start, other!)).toBe(true);
    await freeTime(owner!, start);

    // Offered to the first parent only, with the time, the zone and the hold in the link.
    const [offer] = await offers(first!.email);
    expect(await offers(next!.email)).toHaveLength(0);
    expect(offer!.text).toContain(`/book-appoinment?clinic=${clinic.reference}&date=${localDay(start)}&offer=`);
    expect(offer!.text).toContain('at 10:00 (America/Chicago time)');
    expect(offer!.text).toMatch(/held for you until \d\d:\d\d \(America\/Chicago time\)/);
    const holdId = offer!.holdId!;

    // Nobody else sees it or can hold or book it, not even the next parent waiting.
    expect(await isPublic(start, other!)).toBe(false);
    for (const who of [other!, next!]) {
      const hold = await send('POST', '/api/v1/appointments/hold/', who, slotBody(start));
      expect(hold.statusCode).toBe(409);
      expect(hold.json()).toEqual({ code: 'conflict', success: false, message: APPOINTMENT_MSG.slotTaken });
      const book = await send('POST', '/api/v1/appointments/create/', who, bookBody(start));
      expect(book.statusCode).toBe(409);
      expect(book.json()).toEqual({ code: 'conflict', success: false, message: APPOINTMENT_MSG.slotTaken });
    }
    // The offer's hold is the offered parent's alone.
    expect((await send('GET', `/api/v1/appointments/hold/${holdId}/`, other!)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/appointments/hold/${holdId}/`, other!)).statusCode).toBe(404);
    const stolen = await send('POST', '/api/v1/appointments/create/', other!, bookBody(start, holdId));
    expect(stolen.statusCode).toBe(404);

    // The offered parent opens it (the modal's preselected time) and books it from the hold.
    const held = await send('GET', `/api/v1/appointments/hold/${holdId}/`, first!);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      success: true,
      hold_id: holdId,
      offer: true,
      clinic: clinic.reference,
      time_zone: clinic.zone,
      slot: { starts_at: start.toISOString(), clinician_id: clinic.clinicianId, visit_type_id: clinic.visitTypeId },
    });
    expect(new Date(held.json().expires_at).getTime()).toBe(ctx.clock.now().getTime() + 30 * MINUTE);
    // Picking another time meanwhile does not give the offer away (a parent's other holds end, not this one).
    const elsewhere = await send('POST', '/api/v1/appointments/hold/', first!, slotBody(dayAt(start, 0, 14)));
    expect(elsewhere.statusCode).toBe(201);
    const booked = await send('POST', '/api/v1/appointments/create/', first!, bookBody(start, holdId));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().appointment).toMatchObject({ id: holdId, status: 'pending', starts_at: start.toISOString() });

    // Booked: nothing lapses or passes on later, and the next parent was never offered it.
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 31 * MINUTE));
    expect(await passOnEverywhere()).toBe(0);
    expect(await offers(next!.email)).toHaveLength(0);
  });

  it('after 30 minutes passes to the next parent (once across two instances), then becomes public', async () => {
    const [owner, first, next, other] = await quickParents(ctx, 4);
    const start = dayAt(ctx.clock.now(), 4, 11, clinic.zone);
    await join(first!, start);
    await join(next!, start);
    const freedAt = ctx.clock.now().getTime();
    await freeTime(owner!, start);
    const firstHold = (await offers(first!.email))[0]!.holdId!;

    ctx.clock.set(new Date(freedAt + 29 * MINUTE));
    expect(await passOnEverywhere()).toBe(0);
    expect(await offers(next!.email)).toHaveLength(0);
    // Lapsed but not yet passed on: still nobody else's (the public never sees it between two offers).
    ctx.clock.set(new Date(freedAt + 30 * MINUTE + 1000));
    expect(await isPublic(start, other!)).toBe(false);
    expect((await send('POST', '/api/v1/appointments/hold/', other!, slotBody(start))).statusCode).toBe(409);

    expect(await passOnEverywhere()).toBe(1);
    expect(await passOnEverywhere()).toBe(0);
    const nextOffers = await offers(next!.email);
    expect(nextOffers).toHaveLength(1);
    // The first parent's offer is over; their link now says so and books nothing.
    const gone = await send('GET', `/api/v1/appointments/hold/${firstHold}/`, first!);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(APPOINTMENT_MSG.holdExpired);
    const late = await send('POST', '/api/v1/appointments/create/', first!, bookBody(start, firstHold));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(APPOINTMENT_MSG.holdExpired);
    expect(await isPublic(start, other!)).toBe(false);

    // Each waitlist entry is offered once: the first parent is not offered it again.
    ctx.clock.set(new Date(freedAt + 61 * MINUTE));
    expect(await passOnEverywhere()).toBe(1);
    expect(await offers(first!.email)).toHaveLength(1);
    expect(await offers(next!.email)).toHaveLength(1);

    // The waitlist is exhausted: the time is public and anyone may book it.
    expect(await isPublic(start, other!)).toBe(true);
    const booked = await send('POST', '/api/v1/appointments/create/', other!, bookBody(start));
    expect(booked.statusCode).toBe(201);
  });

  it('a parent who lets the offer go passes it to the next parent at once', async () => {
    const [owner, first, next] = await quickParents(ctx, 3);
    const start = dayAt(ctx.clock.now(), 5, 9, clinic.zone);
    await join(first!, start);
    await join(next!, start);
    await freeTime(owner!, start);
    const holdId = (await offers(first!.email))[0]!.holdId!;
    expect((await send('DELETE', `/api/v1/appointments/hold/${holdId}/`, first!)).statusCode).toBe(204);
    const [offer] = await offers(next!.email);
    expect(offer).toBeDefined();
    const booked = await send('POST', '/api/v1/appointments/create/', next!, bookBody(start, offer!.holdId));
    expect(booked.statusCode).toBe(201);
  });

  it('a parent who moves their visit away frees the old time for the waitlist, not for themselves', async () => {
    const [owner, first] = await quickParents(ctx, 2);
    const start = dayAt(ctx.clock.now(), 6, 10, clinic.zone);
    await join(owner!, start);
    await join(first!, start);
    const id = await insertAppointment(ctx.db, clinic, { userId: owner!.id, email: owner!.email, startsAt: start });
    const moved = await send('POST', `/api/v1/appointments/${id}/reschedule/`, owner!, {
      starts_at: dayAt(start, 0, 15, clinic.zone).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(await offers(owner!.email)).toHaveLength(0);
    const [offer] = await offers(first!.email);
    const held = await send('GET', `/api/v1/appointments/hold/${offer!.holdId}/`, first!);
    expect(held.json().slot.starts_at).toBe(start.toISOString());
  });

  it('a move onto a time overlapping the old one offers nothing (still occupied) and leaves the entry unspent', async () => {
    const [owner, first] = await quickParents(ctx, 2);
    const start = dayAt(ctx.clock.now(), 7, 10, clinic.zone);
    await join(first!, start);
    const id = await insertAppointment(ctx.db, clinic, { userId: owner!.id, email: owner!.email, startsAt: start });
    // 15 minutes later: the visit's new block (10:15–10:55) covers most of the old one (10:00–10:40).
    const moved = await send('POST', `/api/v1/appointments/${id}/reschedule/`, owner!, {
      starts_at: new Date(start.getTime() + 15 * MINUTE).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment.starts_at).toBe(new Date(start.getTime() + 15 * MINUTE).toISOString());
    expect(await offers(first!.email)).toHaveLength(0);
    const entry = await ctx.db.query<{ offered_at: Date | null }>(
      'select offered_at from appointment_waitlist where user_id = $1',
      [first!.id],
    );
    expect(entry[0]!.offered_at).toBeNull();
    // Its next freed time that day is offered to it.
    await ctx.services.lifecycle.clinicCancel(clinic.clinicId, id, 'The clinician is away');
    expect(await offers(first!.email)).toHaveLength(1);
  });

  it('a parent whose address is not verified is passed over (the offer could not reach them)', async () => {
    const [owner, unverified, verified] = await quickParents(ctx, 3);
    const start = dayAt(ctx.clock.now(), 8, 10, clinic.zone);
    await join(unverified!, start);
    await join(verified!, start);
    await ctx.db.query('update users set email_verified_at = null where id = $1', [unverified!.id]);
    await freeTime(owner!, start);
    expect(await offers(verified!.email)).toHaveLength(1);
    const held = await ctx.db.query("select 1 from appointments where user_id = $1 and status = 'held'", [
      unverified!.id,
    ]);
    expect(held).toHaveLength(0);
  });

  it('a freed time inside the clinic’s notice window is not offered (nobody could book it); one outside it is', async () => {
    const strict = await seedClinic(ctx.db);
    await ctx.db.query('update visit_types set min_notice_minutes = 2880 where id = $1', [strict.visitTypeId]);
    const [owner, waiting] = await quickParents(ctx, 2);
    const soon = dayAt(ctx.clock.now(), 1, 10, strict.zone); // inside 48 h
    const later = dayAt(ctx.clock.now(), 3, 10, strict.zone); // beyond it
    for (const at of [soon, later]) {
      const res = await send('POST', `/api/v1/clinics/${strict.reference}/waitlist/`, waiting!, {
        on_date: localDay(at, strict),
      });
      expect(res.statusCode).toBe(201);
    }
    const cancel = async (at: Date) => {
      const id = await insertAppointment(ctx.db, strict, {
        userId: owner!.id,
        email: owner!.email,
        startsAt: at,
        status: 'confirmed',
      });
      await ctx.services.lifecycle.clinicCancel(strict.clinicId, id, 'The clinician is away');
    };
    await cancel(soon);
    expect(await offers(waiting!.email)).toHaveLength(0);
    const holds = await ctx.db.query("select 1 from appointments where user_id = $1 and status = 'held'", [
      waiting!.id,
    ]);
    expect(holds).toHaveLength(0);
    // That day's waitlist entry is still unspent.
    const entry = await ctx.db.query<{ offered_at: Date | null }>(
      'select offered_at from appointment_waitlist where user_id = $1 and on_date = $2',
      [waiting!.id, localDay(soon, strict)],
    );
    expect(entry[0]!.offered_at).toBeNull();

    await cancel(later);
    const [offer] = await offers(waiting!.email);
    expect(offer?.text).toContain(`date=${localDay(later, strict)}`);
  });
});

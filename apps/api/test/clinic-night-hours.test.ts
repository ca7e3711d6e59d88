import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { bearer, type TestContext } from './harness.ts';
import { appointmentsContext, bookingBody, chicago, quickParents, type TestClinic } from './appointments-helpers.ts';

/** Issue 25: working hours that cross midnight (a clinic open 20:00–02:00), from the portal's editor to a booking. */
let ctx: TestContext;
let clinic: TestClinic;
let staff: string;

beforeAll(async () => {
  ({ ctx, clinic } = await appointmentsContext());
  const [s] = await quickParents(ctx, 1, 'clinic');
  await ctx.db.query('update users set clinic_id = $2 where id = $1', [s!.id, clinic.clinicId]);
  staff = s!.access;
});
afterAll(() => ctx.close());

const put = (hours: object[]) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/clinic/schedule/',
    headers: bearer(staff),
    payload: { clinician_id: clinic.clinicianId, hours },
  });
const nights = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start_time: '20:00', end_time: '02:00' }));

describe('working hours across midnight', () => {
  it('the portal saves a 20:00–02:00 week; an overlap across midnight or an empty interval is a 400 that changes nothing', async () => {
    const ok = await put(nights);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().clinicians[0].hours).toEqual(nights);

    const overlap = await put([...nights, { weekday: 2, start_time: '01:00', end_time: '03:00' }]);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().hours).toEqual([CLINIC_MSG.overlapping]);
    // Sunday night runs into Monday morning.
    const wrap = await put([
      { weekday: 7, start_time: '22:00', end_time: '01:00' },
      { weekday: 1, start_time: '00:30', end_time: '04:00' },
    ]);
    expect(wrap.statusCode).toBe(400);
    const empty = await put([{ weekday: 1, start_time: '09:00', end_time: '09:00' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().hours).toEqual([CLINIC_MSG.endNotStart]);
    const after = (await ctx.app.inject({ url: '/api/v1/clinic/schedule/', headers: bearer(staff) })).json();
    expect(after.clinicians[0].hours).toEqual(nights);
  });

  it('the night’s times after midnight are offered with the day it starts on, and one can be booked', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/clinics/${clinic.ref}/availability/?visit_type=${clinic.videoId}&from=2027-01-06&days=1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const starts = (res.json().slots as { starts_at: string }[]).map((s) => s.starts_at);
    expect(starts[0]).toBe(chicago('2027-01-06', '20:00'));
    expect(starts).toContain(chicago('2027-01-07', '01:00'));
    expect(starts).not.toContain(chicago('2027-01-07', '01:45')); // 30 min + 10 min after would end past 02:00
    const [parent] = await quickParents(ctx, 1);
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointments/create/',
      headers: bearer(parent!.access),
      payload: bookingBody(clinic, chicago('2027-01-07', '01:00')),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const daytime = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointments/create/',
      headers: bearer(parent!.access),
      payload: bookingBody(clinic, chicago('2027-01-07', '10:00')),
    });
    expect(daytime.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../src/jobs/runner.ts';
import {
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

let ctx: TestContext;
let second: TestInstance;
let clinic: SeededClinic;

beforeAll(async () => {
  ctx = await createTestContext({ rateRules: generousRates() });
  second = await buildExtraInstance(ctx);
  clinic = await seedClinic(ctx.db);
});
afterAll(async () => {
  await second?.app.close();
  await ctx?.close();
});

const HOUR = 3_600_000;
/** Both instances run the reminder handler twice at the same moment; how many reminders they sent in all. */
async function runEverywhere(): Promise<number> {
  const runs = [ctx.services, second.services, ctx.services, second.services].map((s) => s.reminders.runDue());
  const sent = (await Promise.all(runs)).reduce((a, b) => a + b, 0);
  await Promise.all([ctx.services.mail.flush(), second.services.mail.flush()]);
  return sent;
}
/** The parent's reminders of each kind (the 24 h one opens "A reminder of your visit", the 2 h one "Your visit is"). */
const reminders = (to: string, kind: 'tomorrow' | 'starts soon') =>
  ctx.smtp.received.filter(
    (m) =>
      m.to.includes(to) &&
      plain(m).includes(`Subject: Reminder: your consultation`) &&
      (kind === 'tomorrow' ? /A reminder of your visit: it is / : /Your visit is /).test(plain(m)),
  );

describe('appointment reminders', () => {
  it('is a job on the shared queue, every minute', () => {
    expect(JOBS.find((j) => j.name === 'appointment-reminders')).toMatchObject({ scope: 'cluster', cron: '* * * * *' });
  });

  it('sends the 24 h and the 2 h reminder once each across two instances, again for a new time, never when cancelled', async () => {
    const [parent, other] = await quickParents(ctx, 2);
    const start = dayAt(ctx.clock.now(), 3, 9);
    const id = await insertAppointment(ctx.db, clinic, {
      userId: parent!.id,
      email: parent!.email,
      startsAt: start,
      status: 'confirmed',
    });
    const cancelled = await insertAppointment(ctx.db, clinic, {
      userId: other!.id,
      email: other!.email,
      startsAt: new Date(start.getTime() + HOUR),
    });
    await ctx.services.lifecycle.clinicCancel(clinic.clinicId, cancelled, 'Closed that day');

    ctx.clock.set(new Date(start.getTime() - 25 * HOUR));
    expect(await runEverywhere()).toBe(0);
    ctx.clock.set(new Date(start.getTime() - 23 * HOUR));
    expect(await runEverywhere()).toBe(1);
    expect(await runEverywhere()).toBe(0);
    expect(reminders(parent!.email, 'tomorrow')).toHaveLength(1);
    ctx.clock.set(new Date(start.getTime() - 2 * HOUR + 60_000));
    expect(await runEverywhere()).toBe(1);
    expect(await runEverywhere()).toBe(0);
    expect(reminders(parent!.email, 'starts soon')).toHaveLength(1);
    // The reminder carries the manage link and the clinic's zone.
    const mail = plain(reminders(parent!.email, 'starts soon')[0]!);
    expect(mail).toContain('/appointments/manage?token=');
    expect(mail).toContain('(America/Chicago time; ');

    // Moved a day later: both reminders again, for the new time.
    const moved = new Date(start.getTime() + 24 * HOUR);
    await ctx.services.lifecycle.clinicReschedule(clinic.clinicId, id, { starts_at: moved.toISOString() });
    ctx.clock.set(new Date(moved.getTime() - 23 * HOUR));
    expect(await runEverywhere()).toBe(1);
    ctx.clock.set(new Date(moved.getTime() - HOUR));
    expect(await runEverywhere()).toBe(1);
    expect(reminders(parent!.email, 'tomorrow')).toHaveLength(2);
    expect(reminders(parent!.email, 'starts soon')).toHaveLength(2);
    // After the start nothing more; the cancelled visit never had any.
    ctx.clock.set(new Date(moved.getTime() + 60_000));
    expect(await runEverywhere()).toBe(0);
    expect(ctx.smtp.received.filter((m) => m.to.includes(other!.email) && /Reminder/.test(m.raw))).toHaveLength(0);
    const rows = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from appointment_reminders where appointment_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(4);
    ctx.clock.set(new Date());
  });

  it('a visit booked inside 2 h of its start gets only the 2 h reminder', async () => {
    const [parent] = await quickParents(ctx, 1);
    const start = dayAt(ctx.clock.now(), 5, 10);
    ctx.clock.set(new Date(start.getTime() - 90 * 60_000));
    await insertAppointment(ctx.db, clinic, { userId: parent!.id, email: parent!.email, startsAt: start });
    expect(await runEverywhere()).toBe(1);
    expect(reminders(parent!.email, 'starts soon')).toHaveLength(1);
    expect(reminders(parent!.email, 'tomorrow')).toHaveLength(0);
    ctx.clock.set(new Date());
  });
});

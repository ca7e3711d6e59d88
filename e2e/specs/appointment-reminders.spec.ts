import type { APIRequestContext } from '@playwright/test';
import {
  addExtraHours,
  appointmentIdOf,
  bookEarliest,
  clinicStaffViaApi,
  quickVisitType,
  removeExtraHours,
  type Slot,
} from '../support/clinic.ts';
import { expect, newUser, signInViaApi, signUpViaApi, test, verifyEmailViaApi } from '../support/fixtures.ts';
import { decodedText, mailsTo } from '../support/mail.ts';
import { runJob } from '../support/jobs.ts';
import { scaled } from '../support/time.ts';

/**
 * Appointment reminders end to end (issue 14, ADR 021): the server of the e2e run, its `appointment-reminders` job
 * and real SMTP delivery. No clock is faked: the clinic adds a short visit type with no minimum notice and extra
 * hours today (as its staff can in the portal), so one visit starts within 2 hours and another between 2 and 24 hours.
 * The job runs every minute on the real clock; instead of waiting for that, the spec runs it at once through the test
 * server's job trigger (support/jobs.ts, TEST_JOB_TRIGGER) — the same job, in the same server, against the same
 * database. Each reminder must arrive once, and still once after a later run of the job (shown by a reminder for a
 * visit booked after the first ones arrived). A scheduled run in between changes nothing: each is sent once.
 */

// Only this spec books at this clinic's quick visit type (each spec of the suite keeps to its own clinics).
const CLINIC = 'CLN-SFC';
const MINUTE = 60_000;
// A run's mail goes out at once (a failed attempt is retried by the delivery job within seconds).
const MAIL_WAIT = scaled(30_000);
// The lead of each kind (the time itself is worded by the real gap: "in 40 minutes", "today at 14:30 CST").
const SOON = /Your visit is (in \d+ minutes?|today at|tomorrow at|on )/;
const TOMORROW = /A reminder of your visit: it is /;

type Reminder = { appointment: string | null; kind: '2h' | '24h' };

/** The reminders in the parent's mailbox, in arrival order. */
function remindersTo(email: string): Reminder[] {
  return mailsTo(email).flatMap((m): Reminder[] => {
    const text = decodedText(m.raw);
    const kind = SOON.test(text) ? '2h' : TOMORROW.test(text) ? '24h' : null;
    return kind ? [{ appointment: appointmentIdOf(m.raw), kind }] : [];
  });
}

const byAppointment = (list: Reminder[]) =>
  [...list].sort((a, b) => `${a.appointment}${a.kind}`.localeCompare(`${b.appointment}${b.kind}`));

async function verifiedParent(request: APIRequestContext) {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  return { ...user, token: await signInViaApi(request, user) };
}

const startsWithin = (from: number, to: number) => (s: Slot) => {
  const at = Date.parse(s.starts_at);
  return at >= Date.now() + from && at <= Date.now() + to;
};

test('the reminder job mails the 24 h and the 2 h reminder once each, and not again on its next run', async ({
  request,
}) => {
  const staff = await clinicStaffViaApi(request, CLINIC);
  const visitType = await quickVisitType(request, staff);
  const hours = [
    ...(await addExtraHours(request, staff, 20, 40)),
    ...(await addExtraHours(request, staff, 5 * 60, 30)),
  ];
  try {
    await remindedOnce(request, staff.clinic, visitType);
  } finally {
    await removeExtraHours(request, staff, hours);
  }
});

async function remindedOnce(request: APIRequestContext, clinic: string, visitType: string) {
  const parent = await verifiedParent(request);
  // A visit inside 2 hours (it gets only the 2 h reminder) and one between 2 and 24 hours (the 24 h one, for now).
  const soon = await bookEarliest(request, parent, clinic, visitType, startsWithin(15 * MINUTE, 110 * MINUTE));
  const later = await bookEarliest(request, parent, clinic, visitType, startsWithin(3 * 60 * MINUTE, 22 * 60 * MINUTE));

  const expected = byAppointment([
    { appointment: soon.id, kind: '2h' },
    { appointment: later.id, kind: '24h' },
  ]);
  await runJob('appointment-reminders');
  await expect
    .poll(() => byAppointment(remindersTo(parent.email)), {
      message: 'both reminders arrive after a run of the job',
      timeout: MAIL_WAIT,
      intervals: [250],
    })
    .toEqual(expected);

  // A visit booked now is reminded by a later run of the job, which must not send the first two again.
  const other = await verifiedParent(request);
  const third = await bookEarliest(request, other, clinic, visitType, startsWithin(15 * MINUTE, 110 * MINUTE));
  await runJob('appointment-reminders');
  await expect
    .poll(() => remindersTo(other.email), {
      message: 'a later run of the job reminds the visit booked after the first reminders',
      timeout: MAIL_WAIT,
      intervals: [250],
    })
    .toEqual([{ appointment: third.id, kind: '2h' }]);
  expect(byAppointment(remindersTo(parent.email)), 'each reminder arrived exactly once').toEqual(expected);
}

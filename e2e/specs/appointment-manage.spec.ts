import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { expectNoAxeViolations } from '../support/axe.ts';
import { bookViaApi, freeSlots, myAppointments, rescheduleThenCancel } from '../support/appointments.ts';
import {
  expect,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  test,
  verifyEmailViaApi,
} from '../support/fixtures.ts';
import { icsOf, readCalendar } from '../support/calendar.ts';
import { decodedText, mailsTo, waitForMail } from '../support/mail.ts';

/**
 * The signed link in the appointment mail (issue 14): without signing in, the parent sees the appointment, moves it
 * and cancels it; a link that is not ours says so.
 */
test('the link in the booking mail moves and cancels the appointment without signing in', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  const token = await signInViaApi(request, user);
  const slot = (await freeSlots(request, 'CLN-RBS'))[5];
  await bookViaApi(request, token, 'CLN-RBS', slot!, user.email);

  const mail = await waitForMail(user.email, /appointments\/manage\?token=/);
  const link = /https?:\/\/[^\s"<>]+\/appointments\/manage\?token=[\w.~%-]+/.exec(decodedText(mail.raw))?.[0];
  expect(link, 'a manage link in the mail').toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Your appointment' })).toBeVisible();
  await expect(page.getByText('pending')).toBeVisible();
  await expectNoAxeViolations(page, '/appointments/manage');

  const startsAt = async () => (await myAppointments(request, token))[0]!.starts_at;
  await rescheduleThenCancel(page, page, startsAt, slot!.starts_at);
  await expect(page.getByText('cancelled', { exact: true })).toBeVisible();

  // Each mail carried a calendar file a calendar program accepts: one event (same UID) updated in order, and
  // cancelled at the end.
  const calendars = async () =>
    mailsTo(user.email)
      .map(icsOf)
      .filter((t): t is string => t !== null)
      .map(readCalendar);
  await expect.poll(async () => (await calendars()).map((c) => c.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
  const [booked, moved, cancelled] = await calendars();
  expect(new Set([booked!.uid, moved!.uid, cancelled!.uid]).size).toBe(1);
  expect(booked!.sequence).toBeLessThan(moved!.sequence);
  expect(moved!.sequence).toBeLessThan(cancelled!.sequence);
  expect(booked!.start).toBe(new Date(slot!.starts_at).toISOString());
  expect(moved!.start).not.toBe(booked!.start);
  expect(cancelled!.status).toBe('CANCELLED');

  await page.goto('/appointments/manage?token=not-a-real-token');
  await expect(page.getByText(APPOINTMENT_MSG.linkInvalid)).toBeVisible();
});

test("the waitlist offer's link opens the booking modal at that clinic from that day", async ({ page }) => {
  const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/book-appoinment?clinic=CLN-LKC&date=${day}`);
  const dialog = page.getByRole('dialog', { name: 'Book An Appointment' });
  await expect(dialog.getByRole('heading', { name: /^Lakeside/ })).toBeVisible();
  const firstDay = dialog.getByRole('group', { name: 'Date' }).getByRole('radio').first();
  await expect(firstDay).toBeAttached({ timeout: 10_000 });
  expect((await firstDay.getAttribute('value'))! >= day).toBe(true);
});

test('a signed-in parent joins the waitlist for a full day from the booking modal', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  await signInViaUi(page, user);
  await page.goto('/book-appoinment?clinic=CLN-CSP');
  const dialog = page.getByRole('dialog', { name: 'Book An Appointment' });
  const waitlist = dialog.getByRole('region', { name: 'Waitlist' });
  const day = new Date(Date.now() + 9 * 86_400_000);
  const [yyyy, mm, dd] = day.toISOString().slice(0, 10).split('-');
  await waitlist.getByRole('textbox', { name: /^Day at / }).fill(`${dd}/${mm}/${yyyy}`);
  await waitlist.getByRole('textbox', { name: /^Day at / }).blur();
  await waitlist.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(waitlist.getByRole('status')).toHaveText(APPOINTMENT_MSG.waitlisted);
  await expectNoAxeViolations(page, 'the booking modal with the waitlist joined');
});

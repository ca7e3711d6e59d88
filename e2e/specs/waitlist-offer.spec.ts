import { expectNoAxeViolations } from '../support/axe.ts';
import { bookingDialog, bookViaApi, freeSlots, myAppointments } from '../support/appointments.ts';
import {
  dismissCompleteProfileDialog,
  expect,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  verifyEmailViaApi,
  test,
} from '../support/fixtures.ts';
import { decodedText, waitForMail } from '../support/mail.ts';

/**
 * Issue 14's waitlist (ADR 021): a parent waits for a clinic's day; when another parent cancels a visit that day, the
 * freed time is held for the waiting parent, whose mail's link opens the booking modal on exactly that time.
 */
test('a waiting parent opens the offer from the mail on the time held for them and books it', async ({
  page,
  request,
}) => {
  const [owner, waiting] = [newUser(), newUser()];
  for (const u of [owner, waiting]) {
    await signUpViaApi(request, u);
    await verifyEmailViaApi(request, u.email);
  }
  const ownerToken = await signInViaApi(request, owner);
  const waitingToken = await signInViaApi(request, waiting);

  // A clinic no other spec books at (the others keep to their own: e2e/README.md), a time 3+ days ahead. Picked by
  // reference, not by its place in the search: other specs add clinics and visit types as they run.
  const search = await request.get('/api/v1/clinics/search/');
  const clinics = (await search.json()).clinics as { reference_id: string; time_zone: string }[];
  const clinic = clinics.find((c) => c.reference_id === 'CLN-LKC')!;
  const slots = await freeSlots(request, clinic.reference_id);
  const slot = slots.find((s) => new Date(s.starts_at).getTime() > Date.now() + 3 * 86_400_000)!;
  expect(slot, 'a free time 3 days ahead').toBeTruthy();
  await bookViaApi(request, ownerToken, clinic.reference_id, slot);
  const [booked] = await myAppointments(request, ownerToken);

  const day = new Intl.DateTimeFormat('en-CA', { timeZone: clinic.time_zone }).format(new Date(slot.starts_at));
  const join = await request.post(`/api/v1/clinics/${clinic.reference_id}/waitlist/`, {
    headers: { Authorization: `Bearer ${waitingToken}` },
    data: { on_date: day },
  });
  expect(join.status(), await join.text()).toBe(201);
  const cancel = await request.post(`/api/v1/appointments/${booked!.id}/cancel/`, {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: {},
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  const offer = decodedText((await waitForMail(waiting.email, /opened up/)).raw);
  const link = /https?:\/\/[^\s"<>]+(\/book-appoinment\?clinic=[^\s"<>]+&offer=[0-9a-f-]{36})/.exec(offer)?.[1];
  expect(link, 'the offer link in the mail').toBeTruthy();

  await signInViaUi(page, waiting);
  await dismissCompleteProfileDialog(page);
  await page.goto(link!.replace(/&amp;/g, '&'));
  const dialog = bookingDialog(page);
  await expect(dialog.getByText(/A time from the waitlist, held for you until \d\d:\d\d \(.+\)/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog.locator(`input[type="radio"][value="${slot.starts_at}"]`)).toBeChecked();
  await dialog
    .getByRole('button', { name: 'Not for me: offer it to the next person waiting' })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('waitlist-offer.png'), fullPage: false });
  await expectNoAxeViolations(page, 'the booking modal on a waitlist offer');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await dismissCompleteProfileDialog(page);
  await expect(page.getByTestId('appointment-row').first()).toContainText('pending');
  const [mine] = await myAppointments(request, waitingToken);
  expect(mine).toMatchObject({ status: 'pending', starts_at: slot.starts_at, clinic: clinic.reference_id });
});

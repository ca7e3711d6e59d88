import type { APIRequestContext, Page } from '@playwright/test';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { expectNoAxeViolations } from '../support/axe.ts';
import { bookingDialog, bookViaApi, myAppointments, pickTime } from '../support/appointments.ts';
import { matchCards, parentOnPlan } from '../support/matches.ts';
import {
  dismissCompleteProfileDialog,
  expect,
  newUser,
  signInViaApi,
  signInViaUi,
  signUpViaApi,
  test,
  verifyEmailViaApi,
} from '../support/fixtures.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * The booking modal's details a parent met (issues 24 and 25): an unrated clinic shows no stars, a second visit
 * with the same clinic within a day is named before it is booked, and a category search opens the modal on that
 * category's visit. The parent's zone is fixed so that the texts are known.
 */
test.use({ timezoneId: 'America/New_York' });

// No other spec books at or rates this clinic (e2e/README.md).
const CLINIC = 'CLN-BEB';

type Slot = { clinician_id: string; visit_type_id: string; starts_at: string; ends_at: string };

async function signedInParent(page: Page, request: APIRequestContext) {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  const token = await signInViaApi(request, user);
  await signInViaUi(page, user);
  await dismissCompleteProfileDialog(page);
  return token;
}

test('a second visit with the same clinic within a day is named first; the parent may go back or book it', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(90_000));
  const token = await signedInParent(page, request);
  const detail = await request.get(`/api/v1/clinics/${CLINIC}/`);
  const clinic = (await detail.json()).clinic as {
    name: string;
    rating: unknown;
    visit_types: { id: string; active: boolean }[];
  };
  // What the modal offers first: the first active visit, from today in the parent's zone, New York.
  const visit = clinic.visit_types.find((t) => t.active)!;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const res = await request.get(`/api/v1/clinics/${CLINIC}/availability/`, {
    params: { visit_type: visit.id, from: today, days: '14' },
  });
  const slots = (await res.json()).slots as Slot[];
  // The first day with at least three free times: one booked now, another picked in the modal the same day.
  const dayOf = (s: Slot) => new Date(s.starts_at).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const day = [...new Set(slots.map(dayOf))].find((d) => slots.filter((s) => dayOf(s) === d).length >= 3)!;
  const first = slots.find((s) => dayOf(s) === day)!;
  await bookViaApi(request, token, CLINIC, first);

  await page.goto(`/book-appoinment?book=${CLINIC}&visit=${visit.id}`);
  const dialog = bookingDialog(page);
  await expect(dialog.getByRole('heading', { name: clinic.name })).toBeVisible({ timeout: 15_000 });
  // Issue 24: no stars beside "Not rated yet" (nobody has rated this clinic).
  expect(clinic.rating).toBeNull();
  await expect(dialog.getByTestId('clinic-rating')).toHaveText('Not rated yet');
  await expect(dialog.locator('.mantine-Rating-root')).toHaveCount(0);

  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/New_York',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(new Date(first.starts_at));
  const part = (t: string) => when.find((p) => p.type === t)!.value;
  const dayLabel = `${part('weekday')} ${part('day')} ${part('month')}`;
  // Another time of the booked visit's day.
  const dayRadio = dialog.getByRole('group', { name: /^Date/ }).getByRole('radio', { name: dayLabel });
  await dialog.locator(`label[for="${await dayRadio.getAttribute('id')}"]`).click();
  await expect(dayRadio).toBeChecked();
  await pickTime(page, 'Book An Appointment', 0);
  await expect(dialog.getByText('Held for you for 10 minutes')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();

  const clock = new Date(first.starts_at).toLocaleTimeString('en-GB', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const warning = dialog.getByRole('alert').filter({ hasText: 'You already have' });
  await expect(warning).toContainText(`You already have a visit with ${clinic.name} on ${dayLabel} at ${clock} (EST).`);
  await expect(warning).toContainText('Do you want to book this one as well?');
  await expectNoAxeViolations(page, 'the booking modal asking about a second visit');
  // Go back: nothing is booked, the time stays held.
  await warning.getByRole('button', { name: 'Go back' }).click();
  await expect(warning).toBeHidden();
  expect(await myAppointments(request, token)).toHaveLength(1);

  // Confirm again: asked again; this time book it.
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await warning.getByRole('button', { name: 'Book this one as well' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 });
  await expect.poll(async () => (await myAppointments(request, token)).length).toBe(2);
});

test("Book An Appointment from a category search opens the modal on that category's visit", async ({
  page,
  request,
}) => {
  await signedInParent(page, request);
  await page.goto('/book-appoinment?category=ivf');
  const card = page.getByTestId('clinic-card').first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: /^Book an appointment at/ }).click();
  const dialog = bookingDialog(page);
  await expect(dialog.getByRole('combobox', { name: 'Visit type' })).toHaveValue(/IVF/, { timeout: 15_000 });
  // The free times are that visit's (60 minutes in person), and nothing about the category is lost on reload.
  await page.reload();
  await expect(bookingDialog(page).getByRole('combobox', { name: 'Visit type' })).toHaveValue(/IVF/, {
    timeout: 15_000,
  });
  await expect(page.getByText(APPOINTMENT_MSG.slotTaken)).toHaveCount(0);
});

test('a Premium parent booking from a match is not offered an upgrade on the way', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(120_000));
  const { token } = await parentOnPlan(page, request, 'premium');
  const card = matchCards(page).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Upgrade Required' })).toHaveCount(0);
  const donor = (await card.getByRole('heading', { level: 2 }).innerText()).replace('Donor ', '').trim();
  await card.getByRole('button', { name: `Book a consultation about donor ${donor}` }).click();
  const dialog = bookingDialog(page);
  await expect(dialog.getByRole('button', { name: 'Confirm Booking' })).toBeVisible({ timeout: 30_000 });
  await pickTime(page, 'Book An Appointment', 4);
  await expect(dialog.getByText('Held for you for 10 minutes')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText(/upgrade/i)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  // Booking lands on the profile, where a Premium parent manages the plan instead of being told to upgrade.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Manage Subscription/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /Upgrade/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Upgrade/ })).toHaveCount(0);
  expect(await myAppointments(request, token)).toEqual([expect.objectContaining({ status: 'pending' })]);
});

import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  bookingDialog,
  bookViaApi,
  freeSlots,
  myAppointments,
  pickTime,
  rescheduleThenCancel,
} from '../support/appointments.ts';
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

/**
 * Find and Book (issue 14): a parent finds a clinic on /book-appoinment, books a real free time, sees it pending in
 * Appointment Info, moves it and cancels it; a visitor is asked to sign in and comes back to the same choice; a time
 * taken by someone else says so in words.
 */

test('a parent finds a clinic, books, then reschedules and cancels from the profile', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  const token = await signInViaApi(request, user);
  await signInViaUi(page, user);
  await dismissCompleteProfileDialog(page);
  await expect(page.getByRole('region', { name: 'Appointment Info' })).toContainText(APPOINTMENT_MSG.noAppointments);

  await page.goto('/book-appoinment');
  await expect(page.getByRole('heading', { level: 1, name: 'BOOK APPOINMENT' })).toBeVisible();
  await expect(page.getByText('Find & Match with the Right Person for You')).toBeVisible();
  await expect(page.getByTestId('clinic-card').first()).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page, '/book-appoinment');

  // A quick search runs a real search and puts it in the address.
  await page
    .locator('label')
    .filter({ hasText: /^IVF consult$/ })
    .click();
  await expect(page).toHaveURL(/category=ivf/);
  await expect(page.getByTestId('clinic-card').first()).toBeVisible();

  // The form: a category and a date typed as dd/mm/yyyy (two days ahead), then Search.
  const day = new Date(Date.now() + 2 * 86_400_000);
  const [yyyy, mm, dd] = day.toISOString().slice(0, 10).split('-');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Egg donor consultation' }).click();
  await page.getByRole('textbox', { name: 'Choose Date' }).fill(`${dd}/${mm}/${yyyy}`);
  await page.getByRole('textbox', { name: 'Choose Date' }).blur();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`category=egg.*date=${yyyy}-${mm}-${dd}`));
  // Reloading the address shows the same search.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Egg donor consultation');
  const card = page.getByTestId('clinic-card').first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('(fictional)');
  // Next free times name the parent's zone.
  await expect(card.getByRole('button', { name: /^Book .+ at .+\(.+\)$/ }).first()).toBeVisible();

  await card.getByRole('button', { name: /^Book an appointment at/ }).click();
  const dialog = bookingDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('clinic-rating')).toHaveText(/^Not rated yet$|^\d\.\d \(\d+\)$/);
  await pickTime(page, 'Book An Appointment');
  await expect(dialog.getByText('Held for you for 10 minutes')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByLabel('Name')).toHaveValue(`${user.firstName} ${user.lastName}`);
  await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
  await expectNoAxeViolations(page, 'the booking modal');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await dismissCompleteProfileDialog(page);
  const info = page.getByRole('region', { name: 'Appointment Info' });
  const row = info.getByTestId('appointment-row').first();
  await expect(row).toContainText('pending');
  await expect(row).toContainText(/\((GMT|UTC|[A-Z]{2,5})[^)]*\)/);
  await expectNoAxeViolations(page, "the profile's Appointment Info");
  const [booked] = await myAppointments(request, token);

  // Reschedule to another free time with the same picker, then cancel with a reason.
  const startsAt = async () => (await myAppointments(request, token))[0]!.starts_at;
  await rescheduleThenCancel(page, row, startsAt, booked!.starts_at, 'We found a clinic closer to home.');
  await expect(row).toContainText('cancelled');
});

test('a visitor is asked to sign in and comes back to the time they picked', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);

  await page.goto('/book-appoinment');
  // Each test of this file books at its own clinic (they run in parallel on one server).
  await page
    .getByTestId('clinic-card')
    .nth(1)
    .getByRole('button', { name: /^Book an appointment at/ })
    .click();
  const dialog = bookingDialog(page);
  const picked = await pickTime(page, 'Book An Appointment', 2);
  await dialog.getByLabel('Name').fill('Visitor Example');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog.getByText(APPOINTMENT_MSG.signInToBook)).toBeVisible();

  await dialog.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/book-appoinment\?.*book=/, { timeout: 10_000 });
  await expect(bookingDialog(page).getByText('Held for you for 10 minutes')).toBeVisible({ timeout: 15_000 });
  await expect(bookingDialog(page).getByRole('radio', { name: picked })).toBeChecked();
  await bookingDialog(page).getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await dismissCompleteProfileDialog(page);
  await expect(page.getByTestId('appointment-row').first()).toContainText('pending');
});

test('a time someone else just booked says so and the times reload', async ({ page, request }) => {
  const [first, other] = [newUser(), newUser()];
  await signUpViaApi(request, first);
  await verifyEmailViaApi(request, first.email);
  await signUpViaApi(request, other);
  await verifyEmailViaApi(request, other.email);
  const otherToken = await signInViaApi(request, other);
  await signInViaUi(page, first);

  await page.goto('/book-appoinment');
  const card = page.getByTestId('clinic-card').nth(2);
  await card.getByRole('button', { name: /^Book an appointment at/ }).click();
  const dialog = bookingDialog(page);
  await expect(dialog.getByRole('group', { name: /^Time/ }).getByRole('radio').first()).toBeAttached({
    timeout: 10_000,
  });
  // The other parent books the first time shown while this one is still looking.
  const clinic = new URL(page.url()).searchParams.get('book')!;
  const visit = new URL(page.url()).searchParams.get('visit');
  const slots = await freeSlots(request, clinic);
  const shownFirst = visit ? slots.find((s) => s.visit_type_id === visit) : slots[0];
  const taken = shownFirst ?? slots[0]!;
  await bookViaApi(request, otherToken, clinic, taken);

  await pickTime(page, 'Book An Appointment', 0, false);
  await expect(dialog.getByText(APPOINTMENT_MSG.slotTaken)).toBeVisible();
  await expect(dialog.getByText('Held for you for 10 minutes')).toBeHidden();
  // The reloaded times no longer offer it (unless another clinician is free then).
  const firstTime = dialog.getByRole('group', { name: /^Time/ }).getByRole('radio').first();
  if (slots.filter((s) => s.starts_at === taken.starts_at).length === 1) {
    await expect(firstTime).not.toHaveAttribute('value', taken.starts_at);
  }
});

test('an impossible date in Choose Date is the field’s error and searches nothing', async ({ page }) => {
  await page.goto('/book-appoinment');
  await expect(page.getByTestId('clinic-card').first()).toBeVisible({ timeout: 10_000 });
  const searches: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/v1/clinics/search/') && searches.push(r.url())));
  const field = page.getByRole('textbox', { name: 'Choose Date' });

  await field.fill('31/02/2027');
  await field.blur();
  // The typed text stays, with the error beside it, announced with the field.
  await expect(field).toHaveValue('31/02/2027');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Please enter a real date as dd\/mm\/yyyy/);
  await expect(page.getByText('Please enter a real date as dd/mm/yyyy')).toBeVisible();
  await expectNoAxeViolations(page, '/book-appoinment with a date error');

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(field).toBeFocused();
  // Nothing is searched (the address would carry the search): a short wait shows the absence.
  await page.waitForTimeout(1_000);
  expect(searches).toEqual([]);
  expect(new URL(page.url()).search).toBe('');

  // A real date clears the error and searches it.
  const day = new Date(Date.now() + 3 * 86_400_000);
  const [yyyy, mm, dd] = day.toISOString().slice(0, 10).split('-');
  await field.fill(`${dd}/${mm}/${yyyy}`);
  await field.blur();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter a real date as dd/mm/yyyy')).toHaveCount(0);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`date=${yyyy}-${mm}-${dd}`));
});

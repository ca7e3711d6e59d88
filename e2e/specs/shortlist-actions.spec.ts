import { bookingDialog, myAppointments, pickTime } from '../support/appointments.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { dismissCompleteProfileDialog, expect, test } from '../support/fixtures.ts';
import { cardIds, matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Issue 24 ("small things a parent met on the way"): the shortlist offers the next steps beside each donor, "Book a
 * consultation" (the donor's clinic, the donor's type as the reason) and "Compare" (side by side, up to three).
 */
test('from the shortlist a parent compares two starred donors, then books a consultation about one', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(90_000));
  const parent = await parentOnPlan(page, request, 'starter');
  await expect(matchCards(page)).toHaveCount(3, { timeout: 15_000 });
  const [a, b] = (await cardIds(page)) as [string, string];
  for (const id of [a, b]) {
    await page.getByRole('button', { name: `Add donor ${id} to favourites` }).click();
    await expect(page.getByRole('button', { name: `Remove donor ${id} from favourites` })).toBeVisible();
  }

  await page.getByRole('link', { name: 'Shortlist' }).click();
  const cards = page.getByTestId('shortlist-card');
  await expect(cards).toHaveCount(2, { timeout: 15_000 });
  for (const id of [a, b]) {
    const card = cards.filter({ has: page.getByRole('heading', { name: `Donor ${id}` }) });
    await expect(card.getByRole('button', { name: `Book a consultation about donor ${id}` })).toBeVisible();
    await expect(card.getByRole('checkbox', { name: `Compare donor ${id}` })).toBeVisible();
  }
  await expectNoAxeViolations(page, '/donor-matches/favourites with its actions');

  // Compare: both boxes, then the side-by-side table, whose back link returns to the shortlist.
  await page.getByRole('checkbox', { name: `Compare donor ${a}` }).check();
  await expect(page.getByText('1 of 3 donors selected to compare')).toBeVisible();
  await page.getByRole('checkbox', { name: `Compare donor ${b}` }).check();
  await expect(page.getByText('2 of 3 donors selected to compare')).toBeVisible();
  await page.getByRole('link', { name: 'Compare side by side' }).click();
  await expect(page).toHaveURL(new RegExp(`/donors/compare\\?ids=${a},${b}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Compare donors' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: a })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('columnheader', { name: b })).toBeVisible();
  await page.getByRole('link', { name: '← Back to your shortlist' }).click();
  await expect(page).toHaveURL(/\/donor-matches\/favourites$/);

  // Book: the modal opens on the donor's clinic, with the donor's type as the reason.
  const detail = await request.get(`/api/v1/donors/${a}/`, { headers: { Authorization: `Bearer ${parent.token}` } });
  const clinic = ((await detail.json()) as { match: { clinic_reference_id: string } }).match.clinic_reference_id;
  const card = cards.filter({ has: page.getByRole('heading', { name: `Donor ${a}` }) });
  await card.getByRole('button', { name: `Book a consultation about donor ${a}` }).click();
  const dialog = bookingDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason for consultation')).toHaveValue('Egg Donor');
  await pickTime(page, 'Book An Appointment', 2);
  await expect(dialog.getByText('Held for you for 10 minutes')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await dismissCompleteProfileDialog(page);
  const booked = await myAppointments(request, parent.token);
  expect(booked).toEqual([expect.objectContaining({ status: 'pending', clinic })]);
});

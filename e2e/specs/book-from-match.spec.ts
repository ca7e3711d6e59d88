import { pickTime, myAppointments, bookingDialog } from '../support/appointments.ts';
import { dismissCompleteProfileDialog, expect, test } from '../support/fixtures.ts';
import { matchCards, parentOnPlan } from '../support/matches.ts';

/**
 * Booking from a match (issue 14): "Book a consultation" on a match card opens the booking modal for the donor's
 * clinic with the donor's type as the reason; sharing the shortlist is a consent for that clinic, revocable from
 * Appointment Info.
 */
test('a parent books from a match card, shares the shortlist, then stops sharing', async ({ page, request }) => {
  const { token } = await parentOnPlan(page, request, 'starter');
  const card = matchCards(page).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  const donor = (await card.getByRole('heading', { level: 2 }).innerText()).replace('Donor ', '').trim();
  // Star the donor: the shortlist that may be shared.
  await card.getByRole('button', { name: `Add donor ${donor} to favourites` }).click();
  await expect(card.getByRole('button', { name: `Remove donor ${donor} from favourites` })).toBeVisible();

  await card.getByRole('button', { name: `Book a consultation about donor ${donor}` }).click();
  const dialog = bookingDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason for consultation')).toHaveValue(/Donor|Surrogate/);
  await pickTime(page, 'Book An Appointment', 3);
  await expect(dialog.getByText('Held for you for 10 minutes')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('checkbox', { name: 'Share my shortlist with this clinic' }).check();
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await dismissCompleteProfileDialog(page);
  const [booked] = await myAppointments(request, token);
  expect(booked).toMatchObject({ status: 'pending' });
  const row = page.getByTestId('appointment-row').first();
  await expect(row).toContainText('pending');

  const consents = async () => {
    const res = await request.get('/api/v1/profile/consents/', { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()).consents as { kind: string; scope: string | null; granted: boolean }[]).filter(
      (c) => c.kind === 'shortlist_sharing' && c.scope === booked!.clinic,
    );
  };
  expect(await consents()).toEqual([expect.objectContaining({ granted: true })]);

  await row.getByRole('button', { name: /^Stop sharing your shortlist with/ }).click();
  await expect(row.getByRole('button', { name: /^Stop sharing/ })).toBeHidden();
  await expect.poll(async () => (await consents())[0]?.granted).toBe(false);
});

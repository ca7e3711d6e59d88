import { expectNoAxeViolations } from '../support/axe.ts';
import { clinicStaffViaApi, signInAsStaff } from '../support/clinic.ts';
import { demoAdmin, expect, signInViaUi, test, toast } from '../support/fixtures.ts';
import { cardIds, matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * The family ledger (issue 28): a parent reports a birth with a donor from the donor page, naming their clinic;
 * the clinic's staff confirm it in the portal; the donor's family badge changes from reported to confirmed.
 */

const CLINIC = 'CLN-NSC';

test('a parent reports a birth, the clinic confirms it in the portal, the badge changes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(journeyTimeout(150_000));
  const clinicName = (await (await request.get(`/api/v1/clinics/${CLINIC}/`)).json()).clinic.name as string;
  await parentOnPlan(page, request, 'starter');
  await page.goto('/donor-matches');
  await expect(matchCards(page).first()).toBeVisible({ timeout: 20_000 });
  const [donor] = await cardIds(page);
  // The card says how many families Kindred counted.
  await expect(matchCards(page).first().getByTestId('family-badge-line')).toContainText('0 families confirmed');

  const panel = page.getByRole('region', { name: 'Families with this donor' });
  await test.step('the parent reports a birth from the donor page', async () => {
    await page.goto(`/donors/${donor}`);
    await expect(panel.getByTestId('families-confirmed')).toHaveText('0');
    await expect(panel.getByTestId('families-reported')).toHaveText('0');
    await panel.getByRole('button', { name: 'Report a pregnancy or birth' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a pregnancy or birth' });
    await dialog.getByRole('radio', { name: 'A birth' }).check();
    await dialog.getByLabel('Your clinic').click();
    await page.getByRole('option', { name: clinicName }).click();
    await expectNoAxeViolations(page, 'report a family dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(toast(page, 'Thank you. Your clinic can now confirm it.')).toBeVisible();
    await expect(panel.getByTestId('families-reported')).toHaveText('1');
    await expect(panel.getByTestId('families-confirmed')).toHaveText('0');
    await expectNoAxeViolations(page, `/donors/${donor} (family panel)`);
  });

  await test.step('the clinic confirms it in the portal', async () => {
    const staff = await clinicStaffViaApi(request, CLINIC);
    const context = await browser.newContext();
    const portal = await context.newPage();
    await signInAsStaff(portal, staff);
    await portal.goto('/clinic?tab=families');
    const confirm = portal.getByRole('button', { name: new RegExp(`^Confirm the report of .* for donor ${donor}$`) });
    await expect(confirm).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(portal, '/clinic?tab=families');
    await confirm.click();
    await expect(toast(portal, 'Report confirmed.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await context.close();
  });

  await test.step('the badge changes', async () => {
    await page.reload();
    await expect(panel.getByTestId('families-confirmed')).toHaveText('1');
    await expect(panel.getByTestId('families-reported')).toHaveText('0');
    await page.goto('/profile');
    const mine = page.getByRole('region', { name: 'Families you reported' });
    await expect(mine.getByRole('row', { name: new RegExp(`${donor}.*Birth.*Confirmed`) })).toBeVisible();
    await mine.getByRole('button', { name: `Correct the report for donor ${donor}` }).click();
    await expect(page.getByRole('dialog', { name: 'Correct your report' })).toBeVisible();
    await expectNoAxeViolations(page, '/profile (correct a family report)');
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, '/profile (families you reported)');
  });
});

test('the console lists donors near their family limits', async ({ page }) => {
  await signInViaUi(page, demoAdmin);
  await page.goto('/admin/family-ledger');
  await expect(page.getByRole('heading', { name: 'Donors near or over their family limit' })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, '/admin/family-ledger');
});

import { expectNoAxeViolations } from '../support/axe.ts';
import { randomBytes } from 'node:crypto';
import { test, expect, demoAdmin, signInViaUi } from '../support/fixtures.ts';
import { matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/** Issue 29: the all-in cost of each donor, on the cards and on the donor page, where the plan can change. */

test('the donor page estimate follows the parent’s plan at once; cards carry the estimate', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(180_000));
  const parent = await parentOnPlan(page, request, 'premium');
  const cards = matchCards(page);
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  // The demo banks' lists (seed data): a card with a listed price reads "About $… for 1 egg cohort …".
  const priced = cards.filter({ has: page.getByTestId('cost-summary') }).first();
  await expect(priced.getByTestId('cost-summary')).toHaveText(/^About \$[\d,]+ for 1 egg cohort and one shipment$/);
  // The plain statement that the bank's invoice decides is in the breakdown.
  await priced.getByText('Cost breakdown').click();
  await expect(priced.getByText(/the bank’s invoice decides|the bank's invoice decides/)).toBeVisible();
  await expectNoAxeViolations(page, '/donor-matches (cost estimates)');

  const heading = await priced.getByRole('heading').first().innerText();
  const ref = heading.replace(/^Donor /, '');
  const onCard = await priced.getByTestId('cost-summary').innerText();

  // Starred, the donor's shortlist card carries the same estimate (the default plan), as do the unlocked donors.
  const star = await request.post('/api/v1/donors/favourites/', {
    headers: { Authorization: `Bearer ${parent.token}` },
    data: { donor_reference_id: ref },
  });
  expect(star.status(), await star.text()).toBe(200);
  await page.goto('/donor-matches/favourites');
  const shortlisted = page
    .getByTestId('shortlist-card')
    .filter({ has: page.getByRole('heading', { name: `Donor ${ref}` }) });
  await expect(shortlisted.getByTestId('cost-summary')).toHaveText(onCard, { timeout: 15_000 });
  await expectNoAxeViolations(page, '/donor-matches/favourites (cost estimates)');

  await page.goto(`/donors/${encodeURIComponent(ref)}`);
  const section = page.getByRole('region', { name: 'Estimated cost' });
  await expect(section).toBeVisible({ timeout: 15_000 });
  const summary = section.getByTestId('cost-summary');
  const before = await summary.innerText();
  const total = section.getByTestId('cost-total');
  // "$9,350" or "$9,350.50", in cents.
  const cents = async () => Math.round(Number((await total.innerText()).replace(/[^\d.]/g, '')) * 100);
  const firstTotal = await cents();

  // Two lots, 12 months of storage, shipped to Illinois: the estimate changes without a reload.
  await section.getByLabel('Lots').fill('2');
  await section.getByLabel('Months of storage').fill('12');
  await section.getByLabel('Ship to').selectOption('IL');
  await expect(summary).toHaveText(
    /^About \$[\d,]+ for 2 egg cohorts, 12 months' storage and one shipment to Illinois$/,
  );
  expect(await summary.innerText()).not.toBe(before);
  // Storage is 4 quarters at the demo's $150 (seed data): the total grew by one more lot plus $600 exactly.
  const lot = (await cents()) - firstTotal - 60_000;
  expect(lot).toBeGreaterThan(0);
  await expect(section.getByRole('row', { name: /Storage, 12 months/ })).toContainText('$600');
  await expectNoAxeViolations(page, '/donor-matches/donor (cost estimate)');
});

test('an admin imports price lists with a bad row reported, then edits one in the console', async ({ page }) => {
  test.setTimeout(journeyTimeout(150_000));
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const bank = `E2E Price Bank ${tag} (fictional)`;
  const csv = [
    'bank_name,currency,confirmed_on,iui,ici,storage,storage_period_months,shipping_us',
    `${bank},USD,2026-11-01,69500,59500,15000,3,35000`,
    `${bank} B,USD,2026-13-01,69500,,15000,3,35000`,
  ].join('\n');
  await signInViaUi(page, demoAdmin);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/admin/donors');
  const section = page.getByRole('region', { name: 'Price lists', exact: true });
  await expect(section).toBeVisible({ timeout: 15_000 });
  await section.getByLabel('File content').fill(csv);
  await section.getByRole('button', { name: 'Import price lists', exact: true }).click();
  await expect(section.getByText('1 of 2 lists saved; 1 rows rejected.')).toBeVisible();
  await expect(section.getByText(/^Row 2 .*confirmed_on Enter the date as YYYY-MM-DD\./)).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: bank }).first()).toContainText('IUI vial $695');

  await section.getByLabel('Edit the list of').selectOption(bank);
  const form = section.getByRole('form', { name: `Price list of ${bank}` });
  await form.getByLabel('IUI vial').fill('725.50');
  await form.getByRole('button', { name: 'Save price list' }).click();
  await expect(section.getByRole('row').filter({ hasText: bank }).first()).toContainText('IUI vial $725.50');
  await expectNoAxeViolations(page, '/admin/donors (price lists)');
});

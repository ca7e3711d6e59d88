import { expectNoAxeViolations } from '../support/axe.ts';
import { test, expect } from '../support/fixtures.ts';
import { matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/** Issue 29: the all-in cost of each donor, on the cards and on the donor page, where the plan can change. */

test('the donor page estimate follows the parent’s plan at once; cards carry the estimate', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(180_000));
  await parentOnPlan(page, request, 'premium');
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
  await expect(summary).toHaveText(/^About \$[\d,]+ for 2 egg cohorts, 12 months' storage and one shipment to Illinois$/);
  expect(await summary.innerText()).not.toBe(before);
  // Storage is 4 quarters at the demo's $150 (seed data): the total grew by one more lot plus $600 exactly.
  const lot = (await cents()) - firstTotal - 60_000;
  expect(lot).toBeGreaterThan(0);
  await expect(section.getByRole('row', { name: /Storage, 12 months/ })).toContainText('$600');
  await expectNoAxeViolations(page, '/donor-matches/donor (cost estimate)');
});

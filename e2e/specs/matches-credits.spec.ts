import { expectNoAxeViolations } from '../support/axe.ts';
import { test, expect } from '../support/fixtures.ts';
import { EGG_PREFS, cardIds, matchCards, parentOnPlan } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Trial and Starter credits spent (issue 10): an edited search says so and offers the upgrade instead of "No
 * matches found", and the donors already revealed stay visible there and under "Unlocked donors".
 */

test('Trial: after the credit is spent, edited preferences show the credits panel, Upgrade, and the donor already unlocked', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(90_000));
  const parent = await parentOnPlan(page, request, 'trial');
  await expect(matchCards(page)).toHaveCount(1, { timeout: 15_000 });
  const [revealed] = await cardIds(page);

  // Different preferences put other donors first; with no credit left none of them can be revealed.
  await parent.savePreferences({ ...EGG_PREFS, preferred_races: ['black_african'] });
  await page.reload();
  const panel = page.getByRole('region', { name: 'You have used your match credits' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText('Your Trial plan included 1 match credit, and it has been used.');
  await expect(page.getByText('No matches found')).toHaveCount(0);
  await expect(page.getByTestId('total-matches')).toHaveCount(0);
  const unlocked = page.getByRole('region', { name: 'Your unlocked donors' });
  await expect(unlocked.getByRole('heading', { level: 2, name: `Donor ${revealed}` })).toBeVisible();
  await expect(unlocked.getByText(/^Unlocked [A-Z][a-z]{2} \d{2} \d{4}$/)).toBeVisible();
  await expectNoAxeViolations(page, '/donor-matches with credits spent');

  await page.getByRole('tab', { name: 'Unlocked donors' }).click();
  await expect(page).toHaveURL(/tab=unlocked/);
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: `Donor ${revealed}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Unlocked donors' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 15_000,
  });
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: `Donor ${revealed}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Matches' }).click();

  await panel.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

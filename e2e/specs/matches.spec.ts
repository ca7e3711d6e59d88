import { expectNoAxeViolations } from '../support/axe.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  grantHealthConsent,
  newUser,
  signUpViaApi,
  signInViaApi,
  signInViaUi,
  toast,
} from '../support/fixtures.ts';
import { subscribe } from '../support/wizard.ts';
import { EGG_PREFS } from '../support/matches.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * /donor-matches beyond the wizard (issues 5 and 10): the upgrade dialog without a plan, the empty state, and for
 * Premium the counterfactual hints with a previewed re-run (undo, keep), favourites that persist, the side-by-side
 * comparison and the donor detail view (carrier report, why the donor scored as they did, points per factor).
 * axe-core on each screen.
 */

const UPGRADE = {
  line1: 'This feature is available for subscribed users only.',
  line2: 'Get full access to premium features like donor matches and personalized tools.',
};

const PREFS = EGG_PREFS;

/** A new parent signed in through the UI, with preferences saved through the API (the wizard has its own spec). */
async function parentWithPreferences(page: Page, request: APIRequestContext, prefs: Record<string, unknown> = PREFS) {
  const user = newUser();
  await signUpViaApi(request, user);
  const token = await signInViaApi(request, user);
  await grantHealthConsent(request, token);
  const res = await request.post('/api/v1/fertility-profile/create/', {
    headers: { Authorization: `Bearer ${token}` },
    data: prefs,
  });
  expect(res.status(), await res.text()).toBe(200);
  await signInViaUi(page, user);
  return user;
}

const totalShown = async (page: Page) =>
  Number((await page.getByTestId('total-matches').innerText()).replace(/\D+/g, ''));

test('without a plan: the Upgrade Required dialog, and Subscribe Now goes to /subscription', async ({
  page,
  request,
}) => {
  await parentWithPreferences(page, request);
  await page.goto('/donor-matches');
  const dialog = page.getByRole('dialog', { name: 'Upgrade Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(UPGRADE.line1, { exact: true })).toBeVisible();
  await expect(dialog.getByText(UPGRADE.line2, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/donor-matches with the upgrade dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 2, name: 'No matches found' })).toBeVisible();
  await expect(
    page.getByText('Try adjusting your preferences or contact support for assistance.', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/donor-matches empty');
  await page.goto('/donor-matches');
  await page.getByRole('dialog', { name: 'Upgrade Required' }).getByRole('link', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

/** A new Premium parent on /donor-matches with the first page of cards shown; returns the total. */
async function premiumParent(page: Page, request: APIRequestContext) {
  await parentWithPreferences(page, request);
  await page.goto('/subscription');
  await subscribe(page, 'premium');
  const cards = page.getByTestId('match-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const before = await totalShown(page);
  expect(await cards.count()).toBe(Math.min(before, 50));
  return { cards, before };
}

test('Premium: a re-run without a dealbreaker is previewed; Undo goes back, Keep saves it and can be undone', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(240_000));
  const { before } = await premiumParent(page, request);

  await test.step('hints: a re-run without the height dealbreaker is previewed first; Undo goes back, Keep saves it', async () => {
    const hint = page.getByText(/^Relax your height dealbreaker: \d+ more donors?, best match \d+(\.\d)?%$/);
    await expect(hint).toBeVisible();
    const more = Number(/: (\d+) more/.exec(await hint.innerText())![1]);
    await expect(toast(page, /Payment successful/)).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page, '/donor-matches (Premium with hints)');
    const rerun = () =>
      page
        .getByText(/^Relax your height dealbreaker/)
        .locator('..')
        .getByRole('button', { name: 'Re-run without it' })
        .click();
    const banner = page.getByRole('region', { name: 'Showing results without your height dealbreaker' });

    await rerun();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`Nothing is saved yet. Your saved preferences match ${before} donors.`);
    await expect.poll(() => totalShown(page)).toBe(before + more);
    await banner.getByRole('button', { name: 'Undo' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => totalShown(page)).toBe(before);
    await page.reload();
    await expect(page.getByTestId('total-matches')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => totalShown(page)).toBe(before);

    // Kept, then undone from the banner: the previous set is saved again.
    const saved = page.getByRole('region', { name: 'Saved without your height dealbreaker' });
    await rerun();
    await banner.getByRole('button', { name: 'Keep this change' }).click();
    await expect(saved).toBeVisible();
    await expect.poll(() => totalShown(page)).toBe(before + more);
    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Your previous preferences are back.')).toBeVisible();
    await expect(saved).toHaveCount(0);
    await expect.poll(() => totalShown(page)).toBe(before);

    await rerun();
    await banner.getByRole('button', { name: 'Keep this change' }).click();
    await expect(saved).toBeVisible();
    await expect.poll(() => totalShown(page)).toBe(before + more);
    await page.reload();
    await expect(page.getByTestId('total-matches')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => totalShown(page)).toBe(before + more);
    await expect(page.getByText(/^Relax your height dealbreaker/)).toHaveCount(0);
  });
});

test('Premium: favourites that persist, comparison and the donor detail view', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(120_000));
  const { cards } = await premiumParent(page, request);
  const first = (await cards.first().getByRole('heading', { level: 2 }).innerText()).replace('Donor ', '');
  const second = (await cards.nth(1).getByRole('heading', { level: 2 }).innerText()).replace('Donor ', '');

  await test.step('a favourite persists on the account', async () => {
    const star = page.getByRole('button', { name: `Add donor ${first} to favourites` });
    await star.click();
    await expect(page.getByRole('button', { name: `Remove donor ${first} from favourites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await expect(page.getByRole('button', { name: `Remove donor ${first} from favourites` })).toBeVisible({
      timeout: 15_000,
    });
  });

  await test.step('compare two donors side by side', async () => {
    await page.getByRole('checkbox', { name: `Compare donor ${first}` }).check();
    await page.getByRole('checkbox', { name: `Compare donor ${second}` }).check();
    await page.getByRole('link', { name: 'Compare side by side' }).click();
    await expect(page).toHaveURL(new RegExp(`/donors/compare\\?ids=${first},${second}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Compare donors' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: first })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: second })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Overall match/ })).toBeVisible();
    await expectNoAxeViolations(page, '/donors/compare');
  });

  await test.step('the donor detail: profile, carrier report and why the donor scored as they did', async () => {
    await page.getByRole('link', { name: first, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/donors/${first}$`));
    await expect(page.getByRole('heading', { level: 2, name: /^Why this donor scored \d+(\.\d)?%$/ })).toBeVisible();
    // The badge and the heading say the same score.
    const heading = await page.getByRole('heading', { level: 2, name: /^Why this donor scored/ }).innerText();
    await expect(page.getByTestId('score-badge')).toHaveText(`${heading.replace('Why this donor scored ', '')} match`);
    const points = page.getByRole('region', { name: 'How the score adds up' });
    await expect(points.getByRole('columnheader', { name: 'Points lost' })).toBeVisible();
    await expect(points.getByRole('row', { name: /^Total / })).toBeVisible();
    const carrier = page.getByRole('region', { name: 'Carrier compatibility' });
    // The per-gene table (issue 24): the parent's condition by its gene, with what the pair means.
    await expect(carrier).toContainText(/Cystic fibrosis/i);
    await expect(carrier).toContainText(/Low risk|Unknown|Both carriers|At risk|Donor finding/);
    await expect(page.getByRole('region', { name: 'Profile' }).getByRole('row', { name: /^Age \d+$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove donor ${first} from favourites` })).toBeVisible();
    await expectNoAxeViolations(page, '/donors/:id');
    await page.goto('/donors/ZZZZ-0000');
    await expect(page.getByRole('heading', { level: 1, name: 'Donor not found' })).toBeVisible();
  });
});

test('at 390 px: a Starter parent sees three ranked cards and no hints', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await parentWithPreferences(page, request);
  await page.goto('/subscription');
  await subscribe(page, 'starter');
  const cards = page.getByTestId('match-card');
  await expect(cards).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByTestId('total-matches')).toHaveText('Total Matches: 3');
  await expect(page.getByText(/^Relax your/)).toHaveCount(0);
  await expect(toast(page, /Payment successful/)).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page, '/donor-matches at 390 px');
});

test('a failed load shows the spec toast and the empty state', async ({ page, request }) => {
  await parentWithPreferences(page, request);
  // The API answers an active plan (the entitlement the app reads, issue 25), but the match service fails.
  await page.route('**/api/v1/subscriptions/me/', (route) =>
    route.fulfill({
      json: {
        subscription: {
          active: true,
          status: 'active',
          plan_id: 'starter',
          plan_name: 'Starter ($129 one-time)',
          match_credits_total: 3,
          match_credits_used: 0,
          match_credits_remaining: 3,
          matches_shown: 3,
          started_at: new Date().toISOString(),
          current_period_end: new Date(Date.now() + 86_400_000).toISOString(),
          renews: false,
          cancel_at_period_end: false,
          counterfactuals: false,
          complimentary: false,
        },
      },
    }),
  );
  await page.route('**/api/v1/donors/find-matches/', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'boom' } }),
  );
  await page.goto('/donor-matches');
  await expect(toast(page, 'Failed to load donor matches. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No matches found' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upgrade Required' })).toHaveCount(0);
});

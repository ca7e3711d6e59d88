import { test, expect } from '../support/fixtures.ts';

/** Unhandled interface errors (spec sections 2, 8): 'Something went wrong' with a Refresh Page button. */
test('a render crash shows the error screen and Refresh Page reloads the page', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await page.goto('/__crash');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Refresh Page' });
  await expect(refresh).toBeVisible();

  // Mark this document; a real reload replaces it, so the mark is gone afterwards.
  await page.evaluate('window.__beforeRefresh = true');
  await Promise.all([page.waitForEvent('load'), refresh.click()]);
  expect(await page.evaluate('window.__beforeRefresh === true')).toBe(false);
  await expect(page).toHaveURL(/\/__crash$/);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});

test('the rest of the app is not affected by the crash route', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('the error screen also offers a way home', async ({ page }) => {
  await page.goto('/__crash');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.locator('footer')).toBeVisible();
});

import { test, expect } from '../support/fixtures.ts';

/** Sign-up details a new user hit (issue 11): the country search, and the Terms they accept by signing up. */

test.beforeEach(async ({ page }) => {
  await page.goto('/register');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
});

test('country search: a name, an alias or a dialling code + Enter picks the country meant', async ({ page }) => {
  const country = page.getByRole('combobox', { name: 'Country' });
  for (const [typed, picked] of [
    ['India', /^India \(\+91\)$/],
    ['UK', /^United Kingdom \(\+44\)$/],
    ['USA', /^United States \(\+1\)$/],
    ['+49', /^Germany \(\+49\)$/],
  ] as const) {
    await country.click();
    await country.fill(typed);
    // The best match is listed first.
    await expect(page.getByRole('option').first()).toHaveText(picked);
    await country.press('Enter');
    await expect(country).toHaveValue(picked);
  }
});

test('sign-up states that creating an account accepts the Terms and Privacy Policy, with links', async ({ page }) => {
  const statement = page.getByText(/By creating an account you agree to our/);
  await expect(statement).toBeVisible();
  const terms = statement.getByRole('link', { name: 'Terms and Conditions' });
  const privacy = statement.getByRole('link', { name: 'Privacy Policy' });
  await expect(terms).toHaveAttribute('href', '/terms-conditions');
  await expect(privacy).toHaveAttribute('href', '/privacy-policy');
  // Above the button, so it is read before signing up.
  const statementBox = (await statement.boundingBox())!;
  const buttonBox = (await page.getByRole('button', { name: 'Sign Up', exact: true }).boundingBox())!;
  expect(statementBox.y).toBeLessThan(buttonBox.y);
  // The Terms open beside the form, so nothing typed is lost.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
  await expect(tab).toHaveURL(/\/terms-conditions$/);
  await tab.close();
});

import { test, expect, newUser, signUpViaApi, signInViaUi } from '../support/fixtures.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/** WCAG 2 A and AA checks (axe-core) on every accounts screen. */

for (const [path, ready] of [
  ['/login', 'Sign In'],
  ['/register', 'Sign Up'],
  ['/forget-password', 'Continue'],
  ['/create-password', 'Continue'],
] as const) {
  test(`${path} has no WCAG 2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button', { name: ready, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, path);
  });
}

test('/login with every validation message shown has no WCAG 2 A/AA violations', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/login (errors shown)');
});

test('/otp-verification (reached from Forgot Password) has no WCAG 2 A/AA violations', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto('/forget-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await expect(page.getByRole('textbox', { name: 'Digit 1' })).toBeVisible();
  await expectNoAxeViolations(page, '/otp-verification');
});

test('/profile (signed in) has no WCAG 2 A/AA violations, with and without the Complete Your Profile dialog', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '/profile with the Complete Your Profile dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Personal Info' })).toContainText(user.email);
  await expectNoAxeViolations(page, '/profile');

  const actions = page.getByRole('region', { name: 'Quick actions' });
  await actions.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await expect(change).toBeVisible();
  await expectNoAxeViolations(page, '/profile with the Change Password dialog');
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();

  await actions.getByRole('button', { name: 'Logout' }).click();
  const logout = page.getByRole('dialog', { name: 'Log out?' });
  await expect(logout).toBeVisible();
  await expectNoAxeViolations(page, '/profile with the Logout confirmation');
});

test('/register with every validation message shown has no WCAG 2 A/AA violations', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Full name is required', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/register (errors shown)');
});

test('the mobile menu (390 px wide, open) has no WCAG 2 A/AA violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, '/ with the mobile menu open');
});

test('the axe check finds what it looks for: an image without a text alternative, and after a navigation an empty button', async ({
  page,
}) => {
  // The checks above pass only if this one fails where it should: axe-core added once to a document, and again to
  // the next document after a navigation (the first run there finds no axe and adds it).
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/login', { soft: false });
  await page.evaluate(() => document.body.append(document.createElement('img')));
  await expect(expectNoAxeViolations(page, '/login with an image', { soft: false })).rejects.toThrow(/image-alt/);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/register', { soft: false });
  await page.evaluate(() => {
    const button = document.createElement('button');
    document.body.append(button);
  });
  await expect(expectNoAxeViolations(page, '/register with an empty button', { soft: false })).rejects.toThrow(
    /button-name/,
  );
});

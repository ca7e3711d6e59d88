import { test, expect, newUser, signUpViaApi, signInViaApi, setLocalStorage } from '../support/fixtures.ts';

/** The main header below the 600 px breakpoint (spec section 2): a hamburger opens the mobile menu. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('signed out: the hamburger opens a menu with Login and Signup', async ({ page }) => {
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeVisible();
  await burger.click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
  await expect(menu.getByRole('link', { name: 'Signup', exact: true })).toHaveAttribute('href', '/register');
  await menu.getByRole('link', { name: 'Signup', exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('signed in: the menu has a single Login button to /dashboard', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  const access = await signInViaApi(request, user);
  await page.goto('/');
  await setLocalStorage(page, { userToken: access });
  await page.reload();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/dashboard');
  await expect(menu.getByRole('link', { name: 'Signup', exact: true })).toHaveCount(0);
});

test.describe('desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test('no hamburger above the breakpoint; the header links show instead', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' })).toBeVisible();
  });
});

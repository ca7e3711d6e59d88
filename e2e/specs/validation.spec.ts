import {
  test,
  expect,
  newUser,
  signUpViaApi,
  toast,
  dumpStorage,
  dismissCompleteProfileDialog,
} from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

/** Client-side validation messages (spec section 5) and the "Remember me" storage rule (README). */

const emailInput = (page: Page) => page.getByRole('textbox', { name: 'Email' });
const passwordInput = (page: Page) => page.getByLabel('Password', { exact: true });

test('sign-in: each message shows, and clears as its field becomes valid', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  // The error is tied to its field for assistive technology.
  await expect(emailInput(page)).toHaveAttribute('aria-invalid', 'true');

  await emailInput(page).fill('not-an-email');
  await expect(page.getByText('Email is required', { exact: true })).toBeHidden();
  await expect(page.getByText('Enter a valid email address', { exact: true })).toBeVisible();
  await emailInput(page).fill('someone@example.test');
  await expect(page.getByText('Enter a valid email address', { exact: true })).toBeHidden();
  await expect(emailInput(page)).not.toHaveAttribute('aria-invalid', 'true');

  await passwordInput(page).fill('12345');
  await expect(page.getByText('Password is required', { exact: true })).toBeHidden();
  await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await passwordInput(page).fill('123456');
  await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeHidden();
  // Nothing was sent while the form was invalid, so no toast either.
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-in with unknown credentials shows the server message', async ({ page }) => {
  await page.goto('/login');
  await emailInput(page).fill(newUser().email);
  await passwordInput(page).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up: every message shows and clears when its field is edited', async ({ page }) => {
  await page.goto('/register');
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await signUp.click();
  for (const message of [
    'Full name is required',
    'Last name is required',
    'Email is required',
    'Enter a valid phone number',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^Password (is required|must be at least 12 characters)$/)).toBeVisible();

  const firstName = page.getByRole('textbox', { name: 'First Name' });
  const lastName = page.getByRole('textbox', { name: 'Last Name' });
  await firstName.fill('J0');
  await expect(page.getByText('Full name is required', { exact: true })).toBeHidden();
  await lastName.fill('D#');
  await expect(page.getByText('Last name is required', { exact: true })).toBeHidden();
  await emailInput(page).fill('nope');
  await expect(page.getByText('Email is required', { exact: true })).toBeHidden();
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('12345');
  await expect(page.getByText('Enter a valid phone number', { exact: true })).toBeHidden();
  await page.getByLabel('Create Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password', { exact: true }).fill('abd');
  await signUp.click();

  await expect(page.getByText('Enter a valid first name', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter a valid last name', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter a valid phone number', { exact: true })).toBeVisible();
  await expect(page.getByText('Password must be at least 12 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

  await firstName.fill('Jo-Anne');
  await expect(page.getByText('Enter a valid first name', { exact: true })).toBeHidden();
  await page.getByLabel('Confirm Password', { exact: true }).fill('abcdef');
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeHidden();
  await expect(page).toHaveURL(/\/register$/);
});

test('sign-up with an e-mail that already has an account shows the server message', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Another');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Person');
  await emailInput(page).fill(user.email);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('2025550188');
  await page.getByLabel('Create Password', { exact: true }).fill('Different-pass-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Different-pass-1');
  await page.getByLabel('Date of Birth', { exact: true }).fill('1985-01-02');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(toast(page, 'An account with this email already exists.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('forgot password: the e-mail messages are the sign-in ones', async ({ page }) => {
  await page.goto('/forget-password');
  const cont = page.getByRole('button', { name: 'Continue', exact: true });
  await cont.click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await emailInput(page).fill('x@');
  await expect(page.getByText('Enter a valid email address', { exact: true })).toBeVisible();
  await emailInput(page).fill('x@example.test');
  await expect(page.getByText('Enter a valid email address', { exact: true })).toBeHidden();
});

test('OTP: fewer than six digits is refused with a toast', async ({ page }) => {
  await page.goto('/otp-verification');
  await page.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type('123', { delay: 30 });
  await expect(page.getByRole('textbox', { name: 'Digit 4' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(toast(page, 'Please enter a 6-digit OTP')).toBeVisible();
  await expect(page).toHaveURL(/\/otp-verification$/);
});

test('set password: the messages show and clear', async ({ page }) => {
  await page.goto('/create-password');
  const cont = page.getByRole('button', { name: 'Continue', exact: true });
  await cont.click();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm password is required', { exact: true })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await expect(page.getByText('Password must be at least 12 characters', { exact: true })).toBeVisible();
  // The spec's six characters are no longer enough for a new password (ASVS 2.1.1).
  await page.getByLabel('New Password', { exact: true }).fill('abcdefghijk');
  await expect(page.getByText('Password must be at least 12 characters', { exact: true })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('abcdefghijkl');
  await expect(page.getByText('Password must be at least 12 characters', { exact: true })).toBeHidden();
  await page.getByLabel('Confirm Password', { exact: true }).fill('abcdefghijkm');
  await expect(page.getByText('Confirm password is required', { exact: true })).toBeHidden();
  await cont.click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill('abcdefghijkl');
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeHidden();
});

test('Remember me prefills the e-mail next time; the password is never kept in browser storage', async ({
  page,
  context,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);

  await page.goto('/login');
  await emailInput(page).fill(user.email);
  await passwordInput(page).fill(user.password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await dismissCompleteProfileDialog(page);

  const assertNoPassword = async () => {
    const storage = await dumpStorage(page);
    const all = JSON.stringify(storage);
    expect(all, `browser storage holds the password: ${all}`).not.toContain(user.password);
    expect(Object.keys(storage.local)).not.toContain('rememberedPassword');
    const cookies = await context.cookies();
    for (const c of cookies) expect(c.value).not.toContain(user.password);
    return storage;
  };
  const signedIn = await assertNoPassword();
  expect(signedIn.local.rememberMe).toBe('true');
  expect(signedIn.local.rememberedEmail).toBe(user.email);
  // ...and a longer session: the httpOnly refresh cookie lives for weeks, not hours.
  const day = 24 * 60 * 60;
  const rememberedCookie = (await context.cookies()).find((c) => c.name === 'kindred_refresh');
  expect(rememberedCookie?.httpOnly).toBe(true);
  expect(rememberedCookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * day);

  // The next visit: a fresh page in the same browser profile.
  const next = await context.newPage();
  await next.goto('/login');
  await expect(next.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await expect(next.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await expect(next.getByLabel('Password', { exact: true })).toHaveValue('');
  await assertNoPassword();

  // Signing in without the box forgets the e-mail.
  await next.getByLabel('Password', { exact: true }).fill(user.password);
  await next.getByRole('checkbox', { name: 'Remember me' }).uncheck();
  await next.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(next).toHaveURL(/\/profile$/);
  const after = await dumpStorage(next);
  expect(after.local.rememberMe).toBeUndefined();
  expect(after.local.rememberedEmail).toBeUndefined();
  expect(JSON.stringify(after)).not.toContain(user.password);
  const shortCookie = (await context.cookies()).find((c) => c.name === 'kindred_refresh');
  expect(shortCookie!.expires - Date.now() / 1000).toBeLessThan(day);
});

import type { Page } from '@playwright/test';
import { test, expect, newUser, signUpViaApi, signInViaUi, toast, getLocalStorage } from '../support/fixtures.ts';
import { mailsTo, waitForVerificationCode } from '../support/mail.ts';

/** Password recovery details beyond the main lifecycle: Resend Code voids the old code; the countdown stops at zero. */

async function enterCode(page: Page, code: string) {
  for (let i = 0; i < code.length; i++) await page.getByRole('textbox', { name: `Digit ${i + 1}` }).fill(code[i]!);
}

test('Resend Code sends a new code by e-mail, the old one stops working, the new one lets the password be reset', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  const newPassword = `${user.password}-new`;

  await page.goto('/forget-password');
  const firstCount = mailsTo(user.email).length;
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await expect(page.getByText(user.email)).toBeVisible();
  const firstCode = await waitForVerificationCode(user.email, { afterCount: firstCount });

  const secondCount = mailsTo(user.email).length;
  const resend = page.getByRole('button', { name: 'Resend Code' });
  await resend.click();
  await expect(
    toast(page, 'If an account exists for this email, a six-digit code has been sent to it.').last(),
  ).toBeVisible();
  // A cooldown follows each resend.
  await expect(resend).toBeDisabled();
  const secondCode = await waitForVerificationCode(user.email, { afterCount: secondCount });
  await expect(page.getByRole('timer')).toContainText(/0[23]:\d\d/);

  if (firstCode !== secondCode) {
    await enterCode(page, firstCode);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(toast(page, 'Incorrect OTP')).toBeVisible();
    await expect(page).toHaveURL(/\/otp-verification$/);
  }

  await enterCode(page, secondCode);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(toast(page, 'OTP verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/create-password$/);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The reset token is gone once used.
  expect(await getLocalStorage(page, 'otpToken')).toBeNull();

  await signInViaUi(page, { email: user.email, password: newPassword });
});

test('the OTP countdown shows mm:ss from 03:00 and stops at 00:00', async ({ page }) => {
  // The page's clock is frozen and moved by hand; the countdown's own interval keeps ticking.
  const t0 = Date.parse('2030-01-01T12:00:00Z');
  await page.clock.setFixedTime(t0);
  await page.goto('/otp-verification');
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('03:00');
  await page.clock.setFixedTime(t0 + 1_000);
  await expect(timer).toContainText('02:59');
  await page.clock.setFixedTime(t0 + 119_000);
  await expect(timer).toContainText('01:01');
  await page.clock.setFixedTime(t0 + 179_000);
  await expect(timer).toContainText('00:01');
  await page.clock.setFixedTime(t0 + 180_000);
  await expect(timer).toContainText('00:00');
  await page.clock.setFixedTime(t0 + 240_000);
  await expect(timer).toContainText('00:00');
  // Nothing happens at zero: the screen stays, the boxes still accept a code.
  await expect(page).toHaveURL(/\/otp-verification$/);
  await expect(page.getByRole('textbox', { name: 'Digit 1' })).toBeEditable();
});

import { DELETION_MSG } from '@kindred/shared/account-deletion';
import {
  test,
  expect,
  newUser,
  toast,
  signUpViaApi,
  verifyEmailViaApi,
  signInViaUi,
  dismissCompleteProfileDialog,
} from '../support/fixtures.ts';
import { decodedText, waitForMail } from '../support/mail.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { journeyTimeout } from '../support/time.ts';

/**
 * Account deletion in a real browser (issue 13, ADR 020): a parent deletes the account from the profile with the
 * password, cannot sign in, follows the cancel link from the mail (within the 7 days) and signs in again.
 */
test('delete my account → sign-in refused → cancel link from the mail → signed in again', async ({ page, request }) => {
  test.setTimeout(journeyTimeout(90_000));
  const user = newUser({ firstName: 'Marisol', lastName: 'Ekwueme' });
  await signUpViaApi(request, user);
  await verifyEmailViaApi(request, user.email);
  await signInViaUi(page, user);
  await dismissCompleteProfileDialog(page);

  await test.step('the dialog asks for the password and says why a wrong one is refused', async () => {
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page, '/profile with the Delete your account dialog');
    // Empty: the form's own message, focus stays on the field.
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    // Wrong: the server's message under the field, and the account is untouched.
    await password.fill('Wrong-password-77');
    await password.press('Enter');
    await expect(dialog.getByText(DELETION_MSG.passwordWrong)).toBeVisible();
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page, '/profile with the Delete your account dialog and an error');
    // Escape keeps the account.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
  });

  await test.step('the right password deactivates the account and signs this browser out', async () => {
    await page
      .getByRole('region', { name: 'Delete my account' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(toast(page, DELETION_MSG.scheduled)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('sign-in is refused with the message that says how to cancel', async () => {
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, DELETION_MSG.signInScheduled)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the cancel link from the mail restores the account', async () => {
    const mail = await waitForMail(user.email, /Your Kindred account will be deleted/);
    const link = /https?:\/\/[^\s"<>]+\/account\/restore\?token=[^\s"<>]+/.exec(decodedText(mail.raw));
    expect(link, 'cancel link in the mail').not.toBeNull();
    await page.goto(new URL(link![0]).pathname + new URL(link![0]).search);
    await expect(page.getByRole('heading', { name: 'Keep your account?' })).toBeVisible();
    // What the deletion ended when it started (shared shortlists, visits ahead) does not come back (issue 25).
    await expect(page.getByText(/is not restored: shortlists you shared with clinics stay withdrawn/)).toBeVisible();
    await expectNoAxeViolations(page, '/account/restore');
    await page.getByRole('button', { name: 'Cancel the deletion' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is restored' })).toBeVisible();
    await expect(page.getByText(DELETION_MSG.cancelled)).toBeVisible();
    await expect(page.getByRole('status')).toContainText('is not restored');
    await waitForMail(user.email, /Your Kindred account is restored/);
    await page.getByRole('link', { name: 'Sign in' }).click();
  });

  await test.step('signs in again', async () => {
    await expect(page).toHaveURL(/\/login$/);
    await signInViaUi(page, user);
    await dismissCompleteProfileDialog(page);
    await expect(page.getByRole('region', { name: 'Personal Info' })).toContainText(user.email);
  });
});

import { test, expect, newUser, signUpViaApi } from '../support/fixtures.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { decodedText, waitForMail } from '../support/mail.ts';
import { journeyTimeout } from '../support/time.ts';

// The server's per-account ceiling (ADR 004): this many wrong passwords in 15 minutes, from any clients.
const CEILING = 100;

test('past the failure ceiling the sign-in form asks a new device for the code mailed to the owner', async ({
  page,
  request,
}) => {
  test.setTimeout(journeyTimeout(180_000));
  const user = newUser();
  await signUpViaApi(request, user);
  // Credential stuffing: wrong passwords from many addresses (TEST-NET-1, which no other spec uses).
  for (let i = 0; i < CEILING; i++) {
    const res = await request.post('/api/v1/auth/login/', {
      data: { email: user.email, password: `Wrong-password-${i}` },
      headers: { 'X-Forwarded-For': `192.0.2.${(i % 250) + 1}` },
    });
    expect(res.status()).toBe(401);
  }

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'needs a sign-in code' })).toBeVisible();
  const codeField = page.getByRole('textbox', { name: 'Sign-in code' });
  await expect(codeField).toBeFocused();
  await expectNoAxeViolations(page, '/login asking for a sign-in code');

  const mail = await waitForMail(user.email, /sign-in code is \d{6}/);
  expect(/^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim()).toBe('Your Kindred sign-in code');
  const code = /sign-in code is (\d{6})/.exec(decodedText(mail.raw))![1]!;

  // A wrong code is named on the field; the right one signs in.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('This sign-in code is incorrect or has expired.', { exact: false })).toBeVisible();
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
});

import {
  test,
  expect,
  newUser,
  signUpViaApi,
  signInViaUi,
  dismissCompleteProfileDialog,
  dumpStorage,
  getLocalStorage,
  setLocalStorage,
  evaluateAcrossNavigation,
} from '../support/fixtures.ts';

/** The 'Complete Your Profile' dialog's two ways out (spec section 2). */

test("'Complete Now' keeps the session keys and the wizard's answers only, goes to /profile-steps and reloads the page", async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await expect(dialog).toBeVisible();
  // Wizard answers and progress (kept, ADR 007) and an unrelated key (cleared).
  await setLocalStorage(page, {
    current_country: '"US"',
    donor_type_preference: '"egg"',
    profile_steps_current: '"demographic"',
    otpToken: 'stale',
  });
  const before = await dumpStorage(page);
  expect(Object.keys(before.local)).toEqual(
    expect.arrayContaining([
      'userToken',
      'profileUserId',
      'profileData',
      'rememberMe',
      'rememberedEmail',
      'current_country',
    ]),
  );

  await page.evaluate('window.__beforeCompleteNow = true');
  await dialog.getByRole('button', { name: 'Complete Now' }).click();
  await expect(page).toHaveURL(/\/profile-steps$/);
  // The click navigates, then reloads: read the mark through the reload (a plain evaluate can land mid-reload).
  await expect
    .poll(() => evaluateAcrossNavigation(page, 'window.__beforeCompleteNow === true'), { message: 'the page reloads' })
    .toBe(false);
  await page.waitForLoadState('load');

  const after = await dumpStorage(page);
  // The wizard may add its own progress keys when it opens; the answers given before are what matters.
  const keys = Object.keys(after.local).filter((k) => !k.startsWith('profile_steps_'));
  expect(keys.sort()).toEqual([
    'current_country',
    'donor_type_preference',
    'profileData',
    'profileUserId',
    'userToken',
  ]);
  expect(after.local.donor_type_preference).toBe('"egg"');
  expect(after.local.profile_steps_current).toBe('"demographic"');
  expect(after.local.userToken).toBe(before.local.userToken);
});

test("'Maybe Later' closes the dialog and leaves the profile usable", async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Personal Info' })).toContainText(user.email);
  // Without a subscription there is no 'Update Donor Profile' quick action.
  const actions = page.getByRole('region', { name: 'Quick actions' });
  await expect(actions.getByRole('button', { name: 'Upgrade Subscription' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Update Donor Profile' })).toHaveCount(0);
});

test('a cached profile from an older version (no phone_number) does not crash /profile', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  await dismissCompleteProfileDialog(page);
  // What an older version left in localStorage: the profile without a field the page now reads.
  const cached = JSON.parse((await getLocalStorage(page, 'profileData')) ?? '{}') as Record<string, unknown>;
  delete cached.phone_number;
  await setLocalStorage(page, { profileData: JSON.stringify(cached) });
  await page.reload();
  await dismissCompleteProfileDialog(page);
  await expect(page.getByRole('region', { name: 'Personal Info' })).toContainText(user.email);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  // The fresh profile replaced the stale copy.
  await expect
    .poll(async () => JSON.parse((await getLocalStorage(page, 'profileData')) ?? '{}') as Record<string, unknown>)
    .toHaveProperty('phone_number');
});

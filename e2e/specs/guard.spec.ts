import {
  test,
  expect,
  newUser,
  signUpViaApi,
  signInViaUi,
  dismissCompleteProfileDialog,
  fakeToken,
  setLocalStorage,
  getLocalStorage,
} from '../support/fixtures.ts';

/**
 * The route guard on /profile (spec sections 2, 4, 8): every token failure reason clears the session and goes to
 * /login.
 */

test('without a token /profile redirects to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('a garbage token is removed and /profile redirects to /login', async ({ page }) => {
  await page.goto('/login');
  await setLocalStorage(page, { userToken: 'abc', profileUserId: 'someone' });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => getLocalStorage(page, 'userToken')).toBeNull();
  await expect.poll(() => getLocalStorage(page, 'profileUserId')).toBeNull();
});

test('an undecodable three-part token is removed and /profile redirects to /login', async ({ page }) => {
  await page.goto('/login');
  await setLocalStorage(page, { userToken: 'a.%%%not-base64%%%.c' });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => getLocalStorage(page, 'userToken')).toBeNull();
});

test('an expired token with no refresh cookie is removed and /profile redirects to /login', async ({
  page,
  context,
}) => {
  expect(await context.cookies()).toEqual([]);
  await page.goto('/login');
  const expired = fakeToken({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 3600 });
  await setLocalStorage(page, { userToken: expired, profileUserId: 'x' });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => getLocalStorage(page, 'userToken')).toBeNull();
  await expect.poll(() => getLocalStorage(page, 'profileUserId')).toBeNull();
});

test('signed in, /profile stays, also after a reload', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  await dismissCompleteProfileDialog(page);
  await expect(page.getByText(user.email).first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
});

test('signed in with an expired access token, the refresh cookie renews the session and /profile stays', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  await page.goto('/login');
  await setLocalStorage(page, { userToken: fakeToken({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 }) });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await dismissCompleteProfileDialog(page);
  await expect(page.getByText(user.email).first()).toBeVisible();
  const token = await getLocalStorage(page, 'userToken');
  expect(token).not.toBeNull();
  expect(token!.split('.')).toHaveLength(3);
});

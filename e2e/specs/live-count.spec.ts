import { test, expect, newUser, signUpViaApi, signInViaUi, fakeToken, setLocalStorage } from '../support/fixtures.ts';
import { liveCount } from '../support/wizard.ts';

/**
 * The wizard's live match count when the access token it connects with is refused (close code 4401): the
 * 15-minute access token runs out while the parent is still answering. The page renews it through the refresh
 * cookie, once, and reconnects; only when that fails does the count read 'Unavailable'.
 */

// The wizard's live-count socket; the header bell's (`for=notifications`, issue 28) and a family page's (`for=family`)
// are others on the same path, named in their address.
const REALTIME_URL = /\/ws\/realtime-matching\/(?![^#]*[?&]for=)/;
/** A well-formed, unexpired token the server did not sign: refused as an expired one would be. */
const refusedToken = () => fakeToken({ sub: 'someone', type: 'access', exp: Math.floor(Date.now() / 1000) + 3600 });

test('a refused access token is renewed through the refresh cookie and the live count still arrives', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  const bad = refusedToken();
  await setLocalStorage(page, { userToken: bad });
  const sockets: { url: string; closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    if (!REALTIME_URL.test(ws.url())) return;
    const entry = { url: ws.url(), closed: false };
    sockets.push(entry);
    ws.on('close', () => (entry.closed = true));
  });

  await page.goto('/profile-steps');
  const banner = page.getByTestId('live-count');
  await expect(banner).toBeVisible();
  expect(await liveCount(page)).toBeGreaterThan(0);
  await expect(banner.getByText('Unavailable')).toBeHidden();
  // The count came over a socket opened with the renewed token. Usually the first socket carried the refused one
  // and was closed (4401) before the renewal; when the page's first API call was refused and renewed the token
  // before the socket opened, no socket ever carried it. Either way no socket with the refused token stays open.
  const tokenOf = (s: { url: string }) => new URL(s.url).searchParams.get('token');
  expect(sockets.length).toBeGreaterThanOrEqual(1);
  for (const s of sockets.filter((s) => tokenOf(s) === bad)) await expect.poll(() => s.closed).toBe(true);
  const renewed = tokenOf(sockets.at(-1)!);
  expect(renewed).not.toBe(bad);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userToken'))).toBe(renewed);
});

test('without a usable refresh cookie the live count says Unavailable and stops trying', async ({ page, request }) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  // Leave the app before planting the refused token and dropping the cookies. The profile page that sign-in lands on
  // is still loading: a call of it sent with the planted token would be renewed through the refresh cookie if that
  // were still there (a working token again, and a new cookie set after clearCookies), or end the session and go to
  // /login if it were not. Either way the wizard would never see a refused token without a cookie.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const refused = refusedToken();
  await page.addInitScript((token) => {
    if (location.pathname === '/profile-steps') localStorage.setItem('userToken', token);
  }, refused);
  let sockets = 0;
  page.on('websocket', (ws) => void (REALTIME_URL.test(ws.url()) && sockets++));

  await page.goto('/profile-steps');
  const banner = page.getByTestId('live-count');
  await expect(banner.getByText('Unavailable')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('live-count-value')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile-steps$/);
  // Nothing happens after that: no further socket is opened (a short wait shows the absence).
  await page.waitForTimeout(2_000);
  expect(sockets).toBe(1);
});

test('a renewed token refused again right away gives Unavailable after one renewal, not a loop', async ({
  page,
  request,
}) => {
  const user = newUser();
  await signUpViaApi(request, user);
  await signInViaUi(page, user);
  let connections = 0;
  // Every socket is refused as if its token were bad, whatever token it carries.
  await page.routeWebSocket(REALTIME_URL, (ws) => {
    connections++;
    void ws.close({ code: 4401, reason: 'refused by the test' });
  });
  const refreshes: number[] = [];
  page.on('request', (r) => void (r.url().includes('/auth/token/refresh') && refreshes.push(Date.now())));

  await page.goto('/profile-steps');
  const banner = page.getByTestId('live-count');
  await expect(banner.getByText('Unavailable')).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(2_000);
  expect(connections).toBe(2);
  expect(refreshes.length).toBeLessThanOrEqual(1);
});

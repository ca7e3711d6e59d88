import { readFileSync } from 'node:fs';
import { test, expect, newUser, signUpViaApi, evaluateAcrossNavigation } from '../support/fixtures.ts';
import { extractCode, mailsTo, waitForMail, waitForVerificationCode } from '../support/mail.ts';

/** The harness itself: real server, real SMTP delivery, per-test client address. */
test('the server is ready, and sign-up and recovery mails reach the SMTP sink', async ({ request, clientIp }) => {
  expect(clientIp).toMatch(/^(198\.51\.100|203\.0\.113)\.\d{1,3}$/);
  expect((await request.get('/readyz')).status()).toBe(200);

  const user = newUser();
  await signUpViaApi(request, user);
  const welcome = await waitForMail(user.email, /Welcome to Kindred/);
  expect(extractCode(welcome.raw)).toBeNull();

  const before = mailsTo(user.email).length;
  const res = await request.post('/api/v1/auth/forgot-password/', { data: { email: user.email } });
  expect(res.status()).toBe(200);
  expect(await waitForVerificationCode(user.email, { afterCount: before })).toMatch(/^\d{6}$/);
});

test('a storage read that a reload interrupts is answered by the reloaded page', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate('localStorage.setItem("probe", "kept")');
  // Still running when the page reloads 300 ms later: the reload destroys the document it runs in.
  const slowRead = 'new Promise((resolve) => setTimeout(() => resolve(localStorage.getItem("probe")), 1500))';
  const plain = page.evaluate(slowRead).then(
    () => 'answered',
    (error: Error) => error.message,
  );
  const robust = evaluateAcrossNavigation(page, slowRead);
  await page.evaluate('setTimeout(() => location.reload(), 300)');
  expect(await plain).toMatch(/Execution context was destroyed/);
  expect(await robust).toBe('kept');
});

test("public pages render with React's production build whatever NODE_ENV says", async ({ request }) => {
  // The server is started without NODE_ENV (global setup); its start log says which React the SSR bundle loaded.
  expect((await request.get('/')).status()).toBe(200);
  const log = readFileSync(process.env.E2E_SERVER_LOG!, 'utf8');
  expect(log).toContain('ssr: React production build');
  expect(log).not.toContain('React development build');
});

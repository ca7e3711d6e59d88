import { test, expect, newUser, signUpViaApi } from '../support/fixtures.ts';
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

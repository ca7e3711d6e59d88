import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, codeFrom, createTestContext, newParent, type TestContext } from './harness.ts';

describe('account lifecycle over real HTTP handlers, database and SMTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('signs up, reads the profile, recovers the password with the mailed code, signs in with the new one', async () => {
    const { app, smtp } = ctx;
    const parent = await newParent(app);
    const welcome = await smtp.waitFor(parent.email, (m) => m.raw.includes('Welcome to Kindred'));
    expect(welcome.to).toEqual([parent.email]);

    const profile = await app.inject({ method: 'GET', url: '/api/v1/auth/profile/', headers: bearer(parent.access) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ email: parent.email, subscription: false });
    expect(profile.body).not.toContain('password_hash');

    const forgot = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/',
      payload: { email: parent.email },
    });
    expect(forgot.statusCode).toBe(200);
    const token = forgot.json().token as string;
    const code = codeFrom(await smtp.waitFor(parent.email, (m) => m.raw.includes('verification code')));

    const verify = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/verify-otp/?token=${token}`,
      payload: { otp: code },
    });
    expect(verify.json()).toEqual({ message: 'OTP verified successfully!' });

    const reset = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/reset-password/?token=${token}`,
      payload: { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-77' },
    });
    expect(reset.statusCode).toBe(200);

    const oldLogin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: parent.email, password: parent.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: parent.email, password: 'Lantern-river-77' },
    });
    expect(newLogin.statusCode).toBe(200);

    // The reset signed out every earlier session.
    const stale = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/refresh/',
      payload: { refresh: parent.refresh },
    });
    expect(stale.statusCode).toBe(401);
  });
});

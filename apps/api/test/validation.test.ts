import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG, type ErrorCode } from '@kindred/shared';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  forgot,
  generousRates,
  isCodeMail,
  login,
  newParent,
  signupPayload,
  waitForNth,
  codeFrom,
  type TestContext,
} from './harness.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

/**
 * Every validation message of the auth and profile endpoints, as a client receives it: 400
 * {message, <field>: [message]} with the exact texts of spec section 5 (packages/shared/src/messages.ts).
 */
describe('validation messages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
  });
  afterAll(async () => ctx.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  /** Exactly one field error: 400 {message: msg, field: [msg]}. */
  const expectOnly = (
    res: Awaited<ReturnType<typeof post>>,
    field: string,
    msg: string,
    code: ErrorCode = 'validation_error',
  ) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: msg, code, [field]: [msg] });
  };
  /**
   * An empty confirmation: 'Confirm password is required' is the message and the field's first entry. (The shared
   * schema's mismatch check also runs on an empty confirmation and appends 'Passwords do not match' after it.)
   */
  const expectConfirmRequired = (res: Awaited<ReturnType<typeof post>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.message).toBe(MSG.confirmRequired);
    expect(Object.keys(body).sort()).toEqual([field, 'message', 'code'].sort());
    expect(body[field][0]).toBe(MSG.confirmRequired);
    expect(body[field].every((m: string) => m === MSG.confirmRequired || m === MSG.passwordsMismatch)).toBe(true);
  };

  describe('sign-up (auth/parent/signup/)', () => {
    const signup = (over: Record<string, unknown>) => post('/api/v1/auth/parent/signup/', signupPayload(over));
    const signupWithout = (field: string) => {
      const body: Record<string, unknown> = signupPayload();
      delete body[field];
      return post('/api/v1/auth/parent/signup/', body);
    };

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['not a string', 42],
      ['null', null],
    ])('first name %s → Full name is required', async (_label, value) => {
      expectOnly(await signup({ first_name: value }), 'first_name', MSG.firstNameRequired);
    });
    it('missing first name → Full name is required', async () => {
      expectOnly(await signupWithout('first_name'), 'first_name', MSG.firstNameRequired);
    });
    it.each(['Al', 'R2D2', 'Ann!', '<script>', 'x'.repeat(61)])(
      'first name %j → Enter a valid first name',
      async (value) => {
        expectOnly(await signup({ first_name: value }), 'first_name', MSG.firstNameInvalid);
      },
    );

    it.each([
      ['empty', ''],
      ['blank', '  '],
      ['not a string', true],
    ])('last name %s → Last name is required', async (_label, value) => {
      expectOnly(await signup({ last_name: value }), 'last_name', MSG.lastNameRequired);
    });
    it('missing last name → Last name is required', async () => {
      expectOnly(await signupWithout('last_name'), 'last_name', MSG.lastNameRequired);
    });
    it.each(['Bo', 'Sm1th', 'Quinn?', 'y'.repeat(61)])('last name %j → Enter a valid last name', async (value) => {
      expectOnly(await signup({ last_name: value }), 'last_name', MSG.lastNameInvalid);
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['a number', 5],
    ])('email %s → Email is required', async (_label, value) => {
      expectOnly(await signup({ email: value }), 'email', MSG.emailRequired);
    });
    it('missing email → Email is required', async () => {
      expectOnly(await signupWithout('email'), 'email', MSG.emailRequired);
    });
    it.each([
      'not-an-email',
      'a@b',
      '@example.com',
      'a b@example.com',
      'a@@example.com',
      `${'x'.repeat(250)}@example.com`,
    ])('email %j → Enter a valid email address', async (value) => {
      expectOnly(await signup({ email: value }), 'email', MSG.emailInvalid);
    });

    it.each([
      ['empty', ''],
      ['too short', '12345'],
      ['letters', 'abcdefghijkl'],
      ['not dialable', '+10000000000'],
      ['too long', '+1202555012345678901234'],
      ['a number', 12025550123],
    ])('phone %s → Enter a valid phone number', async (_label, value) => {
      expectOnly(await signup({ phone_number: value }), 'phone_number', MSG.phoneInvalid);
    });
    it('missing phone → Enter a valid phone number', async () => {
      expectOnly(await signupWithout('phone_number'), 'phone_number', MSG.phoneInvalid);
    });

    it('empty password → Password is required (and an empty confirmation its own message)', async () => {
      const res = await signup({ password: '', password_confirm: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_error',
        message: MSG.passwordRequired,
        password: [MSG.passwordRequired],
        password_confirm: [MSG.confirmRequired],
      });
    });
    it('empty confirmation → Confirm password is required', async () => {
      expectConfirmRequired(await signup({ password_confirm: '' }), 'password_confirm');
    });
    it('missing password → Password is required', async () => {
      expectOnly(await signupWithout('password'), 'password', MSG.passwordRequired);
    });
    it.each(['a', '12345', 'Ab1!x', 'Tulip-gard1'])(
      'password %j → Password must be at least 12 characters',
      async (value) => {
        expectOnly(await signup({ password: value, password_confirm: value }), 'password', MSG.newPasswordMin12);
      },
    );
    it('password over 128 characters → Password must be at most 128 characters.', async () => {
      const long = 'Tulip-'.repeat(22);
      expectOnly(await signup({ password: long, password_confirm: long }), 'password', SERVER_MSG.passwordTooLong);
    });
    it('confirmation differs → Passwords do not match', async () => {
      expectOnly(await signup({ password_confirm: 'Tulip-garden-43' }), 'password_confirm', MSG.passwordsMismatch);
    });
    it('missing confirmation → Confirm password is required', async () => {
      expectOnly(await signupWithout('password_confirm'), 'password_confirm', MSG.confirmRequired);
    });
    // Entries of the bundled breached-password list (SecLists top 1,000,000, at ranks 17,404 to 505,728).
    it.each(['Password1234', 'qwertyuiop123', '123456789012', 'letmeinletmein'])(
      'breached password %j is refused',
      async (value) => {
        expectOnly(
          await signup({ password: value, password_confirm: value }),
          'password',
          SERVER_MSG.passwordTooCommon,
        );
      },
    );
    it('a password equal to the e-mail address is refused', async () => {
      const email = `same.${Date.now()}@example.com`;
      expectOnly(
        await signup({ email, password: email.toUpperCase(), password_confirm: email.toUpperCase() }),
        'password',
        SERVER_MSG.passwordTooCommon,
      );
    });

    it('missing date of birth → Date of birth is required.', async () => {
      expectOnly(await signupWithout('date_of_birth'), 'date_of_birth', SERVER_MSG.dobRequired);
      expectOnly(await signup({ date_of_birth: '' }), 'date_of_birth', SERVER_MSG.dobRequired);
    });
    it.each(['2001-02-30', '1990-13-01', '17/05/1990', '1990-5-17', 'yesterday', '1899-12-31'])(
      'date of birth %j → Enter a valid date of birth.',
      async (value) => {
        expectOnly(await signup({ date_of_birth: value }), 'date_of_birth', SERVER_MSG.dobInvalid);
      },
    );

    it('refuses someone who turns 18 tomorrow and accepts someone who turns 18 today (server clock)', async () => {
      ctx.clock.set(new Date('2026-03-10T09:00:00Z'));
      expectOnly(await signup({ date_of_birth: '2008-03-11' }), 'date_of_birth', SERVER_MSG.underage);
      expectOnly(await signup({ date_of_birth: '2010-01-01' }), 'date_of_birth', SERVER_MSG.underage);
      expectOnly(await signup({ date_of_birth: '2030-01-01' }), 'date_of_birth', SERVER_MSG.dobInvalid);
      const ok = await signup({ date_of_birth: '2008-03-10' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ message: MSG.signupSuccess, user: { date_of_birth: '2008-03-10' } });
      // The next day the refused applicant is old enough.
      ctx.clock.set(new Date('2026-03-11T00:00:01Z'));
      const nextDay = await signup({ date_of_birth: '2008-03-11' });
      expect(nextDay.statusCode, nextDay.body).toBe(201);
      ctx.clock.set(new Date());
    });

    it('an e-mail already registered, in any letter case → 400 on email', async () => {
      const first = signupPayload();
      expect((await post('/api/v1/auth/parent/signup/', first)).statusCode).toBe(201);
      const again = await signup({ email: (first.email as string).toUpperCase() });
      expectOnly(again, 'email', SERVER_MSG.emailTaken);
      const padded = await signup({ email: `  ${first.email}  ` });
      expectOnly(padded, 'email', SERVER_MSG.emailTaken);
    });

    it('two simultaneous sign-ups with one address: one account, one "already exists"', async () => {
      const body = signupPayload();
      const answers = await Promise.all([
        post('/api/v1/auth/parent/signup/', body),
        post('/api/v1/auth/parent/signup/', { ...body, email: (body.email as string).toUpperCase() }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      expectOnly(
        answers.find((a) => a.statusCode === 400)!,
        'email',
        SERVER_MSG.emailTaken,
      );
      const rows = await ctx.db.query('select id from users where lower(email) = lower($1)', [body.email]);
      expect(rows).toHaveLength(1);
    });

    it('an unknown option for a defaulted field is a field error, and defaults apply when omitted', async () => {
      const bad = await signup({ relationship_to_child: 'uncle' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['code', 'message', 'relationship_to_child']);
      expectDocumentedErrorShape(bad);

      const body: Record<string, unknown> = signupPayload();
      for (const k of ['relationship_to_child', 'highest_education', 'race', 'ethnicity']) delete body[k];
      const ok = await post('/api/v1/auth/parent/signup/', body);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().user).toMatchObject({
        relationship_to_child: 'father',
        highest_education: 'masters',
        race: 'asian',
        ethnicity: 'hispanic_latino',
        role: 'parent',
        subscription: false,
      });
    });

    it('an empty object lists every required field, message being the first', async () => {
      const res = await post('/api/v1/auth/parent/signup/', {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_error',
        message: MSG.firstNameRequired,
        first_name: [MSG.firstNameRequired],
        last_name: [MSG.lastNameRequired],
        email: [MSG.emailRequired],
        phone_number: [MSG.phoneInvalid],
        password: [MSG.passwordRequired],
        password_confirm: [MSG.confirmRequired],
        date_of_birth: [SERVER_MSG.dobRequired],
      });
    });

    it.each([
      ['an array', []],
      ['a string', 'hello'],
      ['null', null],
      ['a number', 7],
    ])('%s instead of an object → non_field_errors', async (_label, value) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/parent/signup/',
        payload: JSON.stringify(value),
        headers: { 'content-type': 'application/json' },
      });
      expectOnly(res, 'non_field_errors', 'Request must be a JSON object.');
    });

    it('a role in the body cannot make an admin', async () => {
      const res = await signup({ role: 'admin' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('parent');
    });
  });

  describe('sign-in (auth/login/)', () => {
    const signIn = (payload: Record<string, unknown>) => post('/api/v1/auth/login/', payload);
    it.each([
      [{ password: 'Tulip-garden-42' }, 'email', MSG.emailRequired],
      [{ email: '', password: 'Tulip-garden-42' }, 'email', MSG.emailRequired],
      [{ email: 'nobody', password: 'Tulip-garden-42' }, 'email', MSG.emailInvalid],
      [{ email: 'nobody@example', password: 'Tulip-garden-42' }, 'email', MSG.emailInvalid],
      [{ email: 'a@example.com' }, 'password', MSG.passwordRequired],
      [{ email: 'a@example.com', password: '' }, 'password', MSG.passwordRequired],
      [{ email: 'a@example.com', password: '12345' }, 'password', MSG.passwordMin],
      [
        { email: 'a@example.com', password: 'Tulip-garden-42', remember_me: 'yes' },
        'remember_me',
        'remember_me must be true or false.',
      ],
    ])('%j → %s: %s', async (payload, field, msg) => {
      expectOnly(await signIn(payload), field, msg);
    });

    it('both fields missing → both messages', async () => {
      const res = await signIn({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_error',
        message: MSG.emailRequired,
        email: [MSG.emailRequired],
        password: [MSG.passwordRequired],
      });
    });

    it('wrong password and unknown account get the same 401 {detail, message}', async () => {
      const p = await newParent(ctx.app);
      const wrong = await login(ctx.app, p.email, 'Not-the-password-1');
      const unknown = await login(ctx.app, `nobody.${Date.now()}@example.com`, 'Not-the-password-1');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          code: 'not_authenticated',
          detail: SERVER_MSG.invalidCredentials,
          message: SERVER_MSG.invalidCredentials,
        });
      }
      const upper = await login(ctx.app, `  ${p.email.toUpperCase()} `, p.password);
      expect(upper.statusCode).toBe(200);
      expect(upper.json()).toMatchObject({ success: true, message: MSG.loginSuccess, user: { email: p.email } });
    });
  });

  describe('forgot password (auth/forgot-password/)', () => {
    it.each([
      [{}, MSG.emailRequired],
      [{ email: '' }, MSG.emailRequired],
      [{ email: null }, MSG.emailRequired],
      [{ email: 'someone' }, MSG.emailInvalid],
      [{ email: 'some one@example.com' }, MSG.emailInvalid],
    ])('%j → %s', async (payload, msg) => {
      expectOnly(await post('/api/v1/auth/forgot-password/', payload), 'email', msg);
    });
  });

  describe('code verification (auth/verify-otp/)', () => {
    it.each([[''], ['12345'], ['1234567'], ['abcdef'], ['12 345'], [' 123456'], [123456], [null]])(
      'otp %j → Please enter a 6-digit OTP',
      async (otp) => {
        const { token } = await forgot(ctx, `nobody.${Math.random()}@example.com`);
        expectOnly(await post(`/api/v1/auth/verify-otp/?token=${token}`, { otp }), 'otp', MSG.otpSixDigits);
      },
    );
    it('missing otp → Please enter a 6-digit OTP', async () => {
      const { token } = await forgot(ctx, `nobody.${Math.random()}@example.com`);
      expectOnly(await post(`/api/v1/auth/verify-otp/?token=${token}`, {}), 'otp', MSG.otpSixDigits);
    });
    it('missing or empty token → 400 on token', async () => {
      expectOnly(await post('/api/v1/auth/verify-otp/', { otp: '123456' }), 'token', SERVER_MSG.resetSessionInvalid);
      expectOnly(
        await post('/api/v1/auth/verify-otp/?token=', { otp: '123456' }),
        'token',
        SERVER_MSG.resetSessionInvalid,
      );
    });
    it('a token that is not ours → 400 reset session invalid', async () => {
      expectOnly(
        await post('/api/v1/auth/verify-otp/?token=not.a.token', { otp: '123456' }),
        'non_field_errors',
        SERVER_MSG.resetSessionInvalid,
        'reset_invalid',
      );
    });
    it('a wrong code → Incorrect OTP', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expectOnly(await post(`/api/v1/auth/verify-otp/?token=${token}`, { otp: wrong }), 'otp', SERVER_MSG.otpIncorrect);
    });
  });

  describe('set password (auth/reset-password/)', () => {
    const reset = (token: string, payload: Record<string, unknown>) =>
      post(`/api/v1/auth/reset-password/?token=${token}`, payload);
    it.each([
      [{ confirm_password: 'Lantern-river-77' }, 'new_password', MSG.passwordRequired],
      [{ new_password: '', confirm_password: 'Lantern-river-77' }, 'new_password', MSG.passwordRequired],
      [{ new_password: 'abc', confirm_password: 'abc' }, 'new_password', MSG.newPasswordMin12],
      [{ new_password: 'Lantern-riv', confirm_password: 'Lantern-riv' }, 'new_password', MSG.newPasswordMin12],
      [{ new_password: 'Lantern-river-77' }, 'confirm_password', MSG.confirmRequired],
      [
        { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-78' },
        'confirm_password',
        MSG.passwordsMismatch,
      ],
    ])('%j → %s: %s', async (payload, field, msg) => {
      const { token } = await forgot(ctx, `nobody.${Math.random()}@example.com`);
      expectOnly(await reset(token, payload), field, msg);
    });

    it('an empty confirmation → Confirm password is required', async () => {
      const { token } = await forgot(ctx, `nobody.${Math.random()}@example.com`);
      expectConfirmRequired(
        await reset(token, { new_password: 'Lantern-river-77', confirm_password: '' }),
        'confirm_password',
      );
      const both = await reset(token, { new_password: '', confirm_password: '' });
      expect(both.json()).toEqual({
        code: 'validation_error',
        message: MSG.passwordRequired,
        new_password: [MSG.passwordRequired],
        confirm_password: [MSG.confirmRequired],
      });
    });

    it('before the code is verified → Please verify the code sent to your email first.', async () => {
      const p = await newParent(ctx.app);
      const { token } = await forgot(ctx, p.email, 1);
      expectOnly(
        await reset(token, { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-77' }),
        'non_field_errors',
        SERVER_MSG.resetNotVerified,
        'reset_unverified',
      );
    });

    it('after verifying, a too-common password or the e-mail itself is refused on new_password', async () => {
      const p = await newParent(ctx.app);
      const { token, code } = await forgot(ctx, p.email, 1);
      expect((await post(`/api/v1/auth/verify-otp/?token=${token}`, { otp: code })).statusCode).toBe(200);
      expectOnly(
        await reset(token, { new_password: 'iloveyou1234', confirm_password: 'iloveyou1234' }),
        'new_password',
        SERVER_MSG.passwordTooCommon,
      );
      expectOnly(
        await reset(token, { new_password: p.email, confirm_password: p.email }),
        'new_password',
        SERVER_MSG.passwordTooCommon,
      );
      // A refused password does not use up the verified session.
      const ok = await reset(token, { new_password: 'Lantern-river-77', confirm_password: 'Lantern-river-77' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ message: MSG.passwordChanged });
    });
  });

  describe('passwords set before the 12-character rule (ASVS 2.1.1)', () => {
    it('still sign in, and the next change must meet the new rule and the breach list', async () => {
      const p = await newParent(ctx.app);
      // An account whose password was chosen under the spec's 6-character minimum.
      await ctx.db.query('update users set password_hash = $1 where id = $2', [await hashPassword('Tulip42'), p.id]);
      const signIn = await post('/api/v1/auth/login/', { email: p.email, password: 'Tulip42' });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const auth = bearer(signIn.json().tokens.access);
      const change = (next: string) =>
        post(
          '/api/v1/auth/change-password/',
          { old_password: 'Tulip42', new_password: next, confirm_new_password: next },
          auth,
        );
      expectOnly(await change('Tulip42-abcd'.slice(0, 11)), 'new_password', MSG.newPasswordMin);
      expectOnly(await change('iloveyou1234'), 'new_password', SERVER_MSG.passwordTooCommon);
      expect((await post('/api/v1/auth/login/', { email: p.email, password: 'Tulip42' })).statusCode).toBe(200);
      const done = await change('Tulip-garden-43');
      expect(done.statusCode, done.body).toBe(200);
    });
  });

  describe('change password (auth/change-password/)', () => {
    let parent: Awaited<ReturnType<typeof newParent>>;
    beforeAll(async () => {
      parent = await newParent(ctx.app);
    });
    const change = (payload: Record<string, unknown>) =>
      post('/api/v1/auth/change-password/', payload, bearer(parent.access));
    const good = {
      old_password: 'Tulip-garden-42',
      new_password: 'Lantern-river-77',
      confirm_new_password: 'Lantern-river-77',
    };

    it.each([
      [{ ...good, old_password: '' }, 'old_password', MSG.oldPasswordRequired],
      [
        { new_password: good.new_password, confirm_new_password: good.new_password },
        'old_password',
        MSG.oldPasswordRequired,
      ],
      [
        { ...good, new_password: '', confirm_new_password: 'Lantern-river-77' },
        'new_password',
        MSG.newPasswordRequired,
      ],
      [
        { old_password: good.old_password, confirm_new_password: good.new_password },
        'new_password',
        MSG.newPasswordRequired,
      ],
      [{ ...good, new_password: 'abc', confirm_new_password: 'abc' }, 'new_password', MSG.newPasswordMin],
      [
        { ...good, new_password: 'Lantern-riv', confirm_new_password: 'Lantern-riv' },
        'new_password',
        MSG.newPasswordMin,
      ],
      [
        { old_password: good.old_password, new_password: good.new_password },
        'confirm_new_password',
        MSG.confirmRequired,
      ],
      [{ ...good, confirm_new_password: 'Lantern-river-78' }, 'confirm_new_password', MSG.passwordsMismatch],
    ])('%j → %s: %s', async (payload, field, msg) => {
      expectOnly(await change(payload), field, msg);
    });

    it('an empty confirmation → Confirm password is required', async () => {
      expectConfirmRequired(await change({ ...good, confirm_new_password: '' }), 'confirm_new_password');
    });
    it('a wrong old password → Old password is incorrect.', async () => {
      expectOnly(
        await change({ ...good, old_password: 'Wrong-password-9' }),
        'old_password',
        SERVER_MSG.oldPasswordWrong,
      );
    });
    it('the same password again → New password must be different from the old password.', async () => {
      expectOnly(
        await change({ ...good, new_password: good.old_password, confirm_new_password: good.old_password }),
        'new_password',
        SERVER_MSG.sameAsOld,
      );
    });
    it('a too-common new password is refused', async () => {
      expectOnly(
        await change({ ...good, new_password: 'footballfootball', confirm_new_password: 'footballfootball' }),
        'new_password',
        SERVER_MSG.passwordTooCommon,
      );
    });
    it('none of the refusals changed the password', async () => {
      expect((await login(ctx.app, parent.email, parent.password)).statusCode).toBe(200);
    });
  });

  describe('profile update (admin/parent/:id/update/)', () => {
    let parent: Awaited<ReturnType<typeof newParent>>;
    beforeAll(async () => {
      parent = await newParent(ctx.app);
    });
    const update = (payload: Record<string, unknown>, id = parent.id) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/parent/${id}/update/`,
        payload,
        headers: bearer(parent.access),
      });
    const good = { first_name: 'Morgan', last_name: 'Riley', phone_number: '+442071838750' };

    it.each([
      [{ ...good, first_name: '' }, 'first_name', MSG.firstNameRequired],
      [{ last_name: good.last_name, phone_number: good.phone_number }, 'first_name', MSG.firstNameRequired],
      [{ ...good, first_name: 'Mo' }, 'first_name', MSG.firstNameInvalid],
      [{ ...good, first_name: 'M0rgan' }, 'first_name', MSG.firstNameInvalid],
      [{ ...good, last_name: ' ' }, 'last_name', MSG.lastNameRequired],
      [{ ...good, last_name: 'R!ley' }, 'last_name', MSG.lastNameInvalid],
      [{ ...good, phone_number: '555' }, 'phone_number', MSG.phoneInvalid],
      [{ first_name: good.first_name, last_name: good.last_name }, 'phone_number', MSG.phoneInvalid],
    ])('%j → %s: %s', async (payload, field, msg) => {
      expectOnly(await update(payload), field, msg);
    });

    it('an id that is not a UUID → 400 on id', async () => {
      expectOnly(await update(good, 'not-a-uuid'), 'id', SERVER_MSG.notFound);
    });

    it('a valid update answers the new user; the e-mail cannot be changed', async () => {
      const res = await update({ ...good, email: 'taken.over@example.com', role: 'admin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: MSG.profileUpdated,
        user: { ...good, email: parent.email, role: 'parent' },
      });
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile/',
        headers: bearer(parent.access),
      });
      expect(profile.json().user).toMatchObject({ ...good, email: parent.email });
    });
  });

  it('every 400 above is in the documented shape (spot check of a mixed body)', async () => {
    const res = await post('/api/v1/auth/parent/signup/', {
      first_name: 1,
      last_name: [],
      email: {},
      phone_number: null,
      password: false,
      password_confirm: 3,
      date_of_birth: 19900517,
    });
    expectDocumentedErrorShape(res);
  });

  it('the welcome mail reaches a new parent', async () => {
    const p = await newParent(ctx.app);
    const welcome = await waitForNth(ctx.smtp, p.email, 1, (m) => /^Subject: Welcome to Kindred/m.test(m.raw));
    expect(welcome.raw).toContain('Welcome to Kindred, Avery.');
    expect(() => codeFrom(welcome)).toThrow();
    expect(isCodeMail(welcome)).toBe(false);
  });
});

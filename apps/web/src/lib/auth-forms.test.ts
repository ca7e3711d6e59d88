import { describe, expect, it } from 'vitest';
import { schemaResolver } from '@mantine/form';
import { forgotPasswordRequest, loginRequest, MSG } from '@kindred/shared';
import { changePasswordForm, emptySignup, setPasswordForm, signupForm, toSignupRequest } from './auth-forms.ts';

const errorsOf = (schema: Parameters<typeof schemaResolver>[0], values: unknown) =>
  schemaResolver(schema, { sync: true })(values);

describe('sign-in and forgot password with the shared schemas', () => {
  it('gives the spec messages for an empty sign-in', () => {
    expect(errorsOf(loginRequest, { email: '', password: '', remember: false })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
  });

  it('gives the format and length messages', () => {
    expect(errorsOf(loginRequest, { email: 'nope', password: '123', remember: true })).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordMin,
    });
    expect(errorsOf(forgotPasswordRequest, { email: 'x@' })).toEqual({ email: MSG.emailInvalid });
  });

  it('is empty for valid input', () => {
    expect(errorsOf(loginRequest, { email: 'a@b.co', password: 'secret1', remember: false })).toEqual({});
  });
});

describe('passwords that do not match', () => {
  it('are named as soon as both are typed, even while the new password is too short', () => {
    expect(errorsOf(setPasswordForm, { new_password: '12', confirm_password: '13' })).toEqual({
      new_password: MSG.newPasswordMin12,
      confirm_password: MSG.passwordsMismatch,
    });
    expect(
      errorsOf(changePasswordForm, {
        old_password: '',
        new_password: 'abcdefghijkl',
        confirm_new_password: 'abcdefghijkm',
      }),
    ).toEqual({ old_password: MSG.oldPasswordRequired, confirm_new_password: MSG.passwordsMismatch });
  });

  it('ask new passwords for 12 characters (ASVS 2.1.1) while sign-in keeps the spec floor of 6', () => {
    expect(errorsOf(setPasswordForm, { new_password: 'secret1-lon', confirm_password: 'secret1-lon' })).toEqual({
      new_password: MSG.newPasswordMin12,
    });
    expect(
      errorsOf(changePasswordForm, {
        old_password: 'secret1',
        new_password: 'abcdefghijk',
        confirm_new_password: 'abcdefghijk',
      }),
    ).toEqual({ new_password: 'New password must be at least 12 characters' });
    expect(errorsOf(loginRequest, { email: 'a@b.co', password: 'secret1', remember: false })).toEqual({});
  });

  it('leave a matching or empty confirmation alone', () => {
    expect(errorsOf(setPasswordForm, { new_password: 'secret1-long', confirm_password: 'secret1-long' })).toEqual({});
    expect(errorsOf(setPasswordForm, { new_password: 'secret1-long', confirm_password: '' })).toEqual({
      confirm_password: MSG.confirmRequired,
    });
  });
});

describe('sign-up', () => {
  const filled = {
    ...emptySignup(),
    first_name: ' Jo-Anne ',
    last_name: 'Doe',
    email: ' Jo@Example.TEST ',
    phone_number: '2025550188',
    password: 'secret1-long',
    password_confirm: 'secret1-long',
  };

  it('gives every message of an empty form, and none for the date of birth (the server checks it)', () => {
    expect(errorsOf(signupForm, emptySignup())).toEqual({
      first_name: MSG.firstNameRequired,
      last_name: MSG.lastNameRequired,
      email: MSG.emailRequired,
      phone_number: MSG.phoneInvalid,
      password: MSG.passwordRequired,
      password_confirm: MSG.confirmRequired,
    });
  });

  it('checks the body that would be sent: names trimmed, the phone with its country', () => {
    expect(errorsOf(signupForm, filled)).toEqual({});
    expect(errorsOf(signupForm, { ...filled, country: 'gb' })).toEqual({ phone_number: MSG.phoneInvalid });
  });

  it('names the mismatch with the other problems', () => {
    expect(errorsOf(signupForm, { ...filled, first_name: 'J0', password: 'abc', password_confirm: 'abd' })).toEqual({
      first_name: MSG.firstNameInvalid,
      password: MSG.newPasswordMin12,
      password_confirm: MSG.passwordsMismatch,
    });
  });

  it('sends the phone in E.164, the e-mail in lower case and the fixed defaults', () => {
    expect(toSignupRequest({ ...filled, date_of_birth: '1985-01-02' })).toMatchObject({
      first_name: 'Jo-Anne',
      email: 'jo@example.test',
      phone_number: '+12025550188',
      date_of_birth: '1985-01-02',
      relationship_to_child: expect.any(String),
    });
  });
});

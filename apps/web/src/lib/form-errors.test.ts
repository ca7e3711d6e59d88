import { describe, expect, it } from 'vitest';
import { loginRequest, MSG, resetPasswordRequest } from '@kindred/shared';
import { fieldErrors, withMismatch } from './form-errors.ts';
import { signupErrorMessage } from './api-error.ts';

describe('fieldErrors with the shared schemas', () => {
  it('gives the spec messages for an empty sign-in', () => {
    expect(fieldErrors(loginRequest, { email: '', password: '' })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
  });

  it('gives the format and length messages', () => {
    expect(fieldErrors(loginRequest, { email: 'nope', password: '123' })).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordMin,
    });
  });

  it('is empty for valid input', () => {
    expect(fieldErrors(loginRequest, { email: 'a@b.co', password: 'secret1' })).toEqual({});
  });
});

describe('withMismatch', () => {
  it('adds the mismatch message as soon as both passwords are typed', () => {
    const errors = fieldErrors(resetPasswordRequest, { new_password: '12', confirm_password: '13' });
    expect(withMismatch(errors, '12', '13', 'confirm_password', MSG.passwordsMismatch)).toEqual({
      new_password: MSG.passwordMin,
      confirm_password: MSG.passwordsMismatch,
    });
  });

  it('leaves a matching or empty confirmation alone', () => {
    expect(withMismatch({}, 'secret1', 'secret1', 'confirm', MSG.passwordsMismatch)).toEqual({});
    expect(withMismatch({}, 'secret1', '', 'confirm', MSG.passwordsMismatch)).toEqual({});
  });
});

describe('signupErrorMessage (spec section 8 order)', () => {
  it('prefers non_field_errors, then date_of_birth, then message, then the fallback', () => {
    const fallback = MSG.signupFailed;
    expect(signupErrorMessage({ non_field_errors: ['A'], date_of_birth: ['B'], message: 'C' }, fallback)).toBe('A');
    expect(signupErrorMessage({ date_of_birth: ['B'], message: 'C' }, fallback)).toBe('B');
    expect(signupErrorMessage({ message: 'C', email: ['D'] }, fallback)).toBe('C');
    expect(signupErrorMessage(undefined, fallback)).toBe(fallback);
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from '@kindred/shared';
import { ApiError, fieldErrorsOf, signupErrorMessage } from './api-error.ts';

describe('signupErrorMessage (spec section 8 order)', () => {
  it('prefers non_field_errors, then date_of_birth, then message, then the fallback', () => {
    const fallback = MSG.signupFailed;
    expect(signupErrorMessage({ non_field_errors: ['A'], date_of_birth: ['B'], message: 'C' }, fallback)).toBe('A');
    expect(signupErrorMessage({ date_of_birth: ['B'], message: 'C' }, fallback)).toBe('B');
    expect(signupErrorMessage({ message: 'C', email: ['D'] }, fallback)).toBe('C');
    expect(signupErrorMessage(undefined, fallback)).toBe(fallback);
  });
});

describe('fieldErrorsOf (server errors shown under the inputs)', () => {
  it('gives the first message of each field of a 400, without the form-wide ones', () => {
    const error = new ApiError(400, {
      message: 'Invalid input',
      non_field_errors: ['A'],
      email: ['An account with this email already exists.', 'x'],
      date_of_birth: ['You must be at least 18 years old.'],
    });
    expect(fieldErrorsOf(error)).toEqual({
      email: 'An account with this email already exists.',
      date_of_birth: 'You must be at least 18 years old.',
    });
  });

  it('gives nothing for other statuses', () => {
    expect(fieldErrorsOf(new ApiError(409, { email: ['taken'] }))).toEqual({});
    expect(fieldErrorsOf(new Error('boom'))).toEqual({});
  });
});

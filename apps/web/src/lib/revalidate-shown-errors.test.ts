import { describe, expect, it } from 'vitest';
import { refreshShownErrors } from './revalidate-shown-errors.ts';

describe('refreshShownErrors', () => {
  it('replaces a shown message with the new problem and removes it once the field passes', () => {
    const shown = { email: 'Email is required', password: 'Password is required' };
    expect(
      refreshShownErrors(shown, { email: 'Enter a valid email address', password: 'Password is required' }),
    ).toEqual({ email: 'Enter a valid email address', password: 'Password is required' });
    expect(refreshShownErrors(shown, { password: 'Password is required' })).toEqual({
      password: 'Password is required',
    });
  });

  it('shows no new error before the next submit', () => {
    expect(refreshShownErrors({ email: 'Email is required' }, { email: 'Email is required', password: 'x' })).toEqual({
      email: 'Email is required',
    });
    const none = {};
    expect(refreshShownErrors(none, { password: 'x' })).toBe(none);
  });

  it('keeps the same object when nothing changed, so nothing renders again', () => {
    const shown = { confirm: 'Passwords do not match' };
    expect(refreshShownErrors(shown, { confirm: 'Passwords do not match', other: 'x' })).toBe(shown);
  });
});

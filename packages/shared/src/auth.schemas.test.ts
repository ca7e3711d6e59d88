import { describe, expect, it } from 'vitest';
import { loginRequest, signupAgeError, signupRequest } from './auth.schemas.ts';
import { ageOn, isRealIsoDate } from './validation.ts';

/** First message per field, as the server's error body and the forms show it. */
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).reverse().map((i) => [String(i.path[0] ?? ''), i.message]));

describe('sign-up rules (spec section 5)', () => {
  const valid = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone_number: '+12025550143',
    password: 'analytical-engine',
    password_confirm: 'analytical-engine',
    date_of_birth: '1990-01-01',
  };
  it('accepts a valid payload and fills the spec defaults', () => {
    const r = signupRequest.parse(valid);
    expect(r).toMatchObject({
      relationship_to_child: 'father',
      highest_education: 'masters',
      race: 'asian',
      ethnicity: 'hispanic_latino',
    });
  });
  it('gives the spec message for each bad field', () => {
    const r = signupRequest.safeParse({
      ...valid,
      first_name: '',
      last_name: 'Al',
      email: 'x@y',
      phone_number: '12345',
      password: '12345',
      password_confirm: '1',
    });
    expect(messages(r)).toMatchObject({
      first_name: 'Full name is required',
      last_name: 'Enter a valid last name',
      email: 'Enter a valid email address',
      phone_number: 'Enter a valid phone number',
      password: 'Password must be at least 12 characters',
    });
    expect(messages(signupRequest.safeParse({ ...valid, last_name: ' ' }))).toMatchObject({
      last_name: 'Last name is required',
    });
    expect(messages(signupRequest.safeParse({ ...valid, first_name: 'R2D2' }))).toMatchObject({
      first_name: 'Enter a valid first name',
    });
    expect(messages(signupRequest.safeParse({ ...valid, password_confirm: 'analytical-enginE' }))).toMatchObject({
      password_confirm: 'Passwords do not match',
    });
  });
  it('allows letters with accents, hyphens, underscores and spaces in names', () => {
    expect(
      signupRequest.safeParse({ ...valid, first_name: 'Zoë-Anne', last_name: 'de la Cruz_2'.replace('2', 'x') })
        .success,
    ).toBe(true);
  });
});

describe('sign-in rules', () => {
  it('trims and lower-cases e-mail, and reports one message per field', () => {
    expect(loginRequest.parse({ email: ' Ada@Example.COM ', password: 'secret1' }).email).toBe('ada@example.com');
    const r = loginRequest.safeParse({ email: '', password: '' });
    expect(messages(r)).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(r.error?.issues).toHaveLength(2);
  });
});

describe('dates and age', () => {
  it('recognises real calendar dates only', () => {
    expect(isRealIsoDate('2000-02-29')).toBe(true);
    expect(isRealIsoDate('2001-02-29')).toBe(false);
    expect(isRealIsoDate('2001-13-01')).toBe(false);
    expect(isRealIsoDate('01/02/2001')).toBe(false);
  });
  it('counts whole years, turning 18 on the birthday itself', () => {
    const today = new Date('2026-11-21T10:00:00Z');
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(signupAgeError('2008-11-21', today)).toBeNull();
    expect(signupAgeError('2008-11-22', today)).toBe('You must be at least 18 years old to sign up.');
  });
});

describe('edge cases found by the API suite', () => {
  it('reports only "Confirm password is required" for an empty confirmation', async () => {
    const { resetPasswordRequest } = await import('./auth.schemas.ts');
    const r = resetPasswordRequest.safeParse({ new_password: 'Lantern-river-77', confirm_password: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Confirm password is required']);
  });
  it('calls a birth date in the future invalid rather than underage', () => {
    expect(signupAgeError('2030-01-01', new Date('2026-11-21T00:00:00Z'))).toBe('Enter a valid date of birth.');
  });
  it('refuses control characters in e-mail addresses', () => {
    expect(loginRequest.safeParse({ email: 'a\u0000b@example.com', password: 'secret1' }).success).toBe(false);
  });
});

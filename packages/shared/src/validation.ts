import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, NEW_PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MIN, PHONE_MIN } from './constants.ts';
import { MSG, SERVER_MSG } from './messages.ts';
import { isValidPhoneNumber } from 'libphonenumber-js/min';

/** The spec's "simple address pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/** Letters (any script), underscore, hyphen or space; apostrophes and dots allowed for real names such as O'Neil. */
export const NAME_PATTERN = /^[\p{L}\p{M}_\- '.]+$/u;

/**
 * Exactly one mailbox (an addr-spec such as ada@example.com; zod's e-mail pattern): no display name, quotes,
 * comment, comma or second address. A reply or notice goes to what is typed, so a list, a "Name <other@x>" or a
 * hidden second address must be refused, not passed on to the mail library's address parser.
 */
export const isSingleMailbox = (value: string): boolean =>
  value.length <= EMAIL_MAX && z.email().safeParse(value).success;

/** Required string whose type error reads like the "required" message, so junk input gets a field message. */
export const requiredString = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true });

export const emailField = requiredString(MSG.emailRequired)
  .max(EMAIL_MAX, { error: MSG.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, { error: MSG.emailInvalid })
  .transform((e) => e.toLowerCase());

/** An existing password as typed to prove who one is (sign-in, deletion): the spec's 6-character floor. */
export const passwordField = (
  required: string = MSG.passwordRequired,
  min: string = MSG.passwordMin,
  minLength: number = PASSWORD_MIN,
) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(minLength, { error: min, abort: true })
    .max(PASSWORD_MAX, { error: SERVER_MSG.passwordTooLong });

/**
 * A password being chosen (sign-up, reset, change, staff invitation): at least NEW_PASSWORD_MIN characters. The
 * server also refuses passwords found in its bundled breach list (apps/api, auth/password.ts).
 */
export const newPasswordField = (required: string = MSG.passwordRequired, min: string = MSG.newPasswordMin12) =>
  passwordField(required, min, NEW_PASSWORD_MIN);

export const nameField = (required: string, invalid: string) =>
  requiredString(required)
    .max(NAME_MAX, { error: invalid, abort: true })
    .refine((v) => v.length >= NAME_MIN && NAME_PATTERN.test(v), { error: invalid });

/**
 * Phone numbers are kept in E.164 (+15551234567). The spec asks for at least 10 characters; the server also
 * checks the number is dialable with libphonenumber's metadata.
 */
export const phoneField = z
  .string({ error: MSG.phoneInvalid })
  .trim()
  .min(PHONE_MIN, { error: MSG.phoneInvalid, abort: true })
  .max(20, { error: MSG.phoneInvalid, abort: true })
  .refine((v) => isValidPhoneNumber(v), { error: MSG.phoneInvalid });

/** ISO calendar date (YYYY-MM-DD) that really exists. */
export const isoDateField = z
  .string({ error: SERVER_MSG.dobRequired })
  .trim()
  .min(1, { error: SERVER_MSG.dobRequired, abort: true })
  .refine((v) => isRealIsoDate(v), { error: SERVER_MSG.dobInvalid });

/** The years a clinic's schedule and its filters may name (PostgreSQL has no year 0; windows end past 9999). */
export const SCHEDULE_YEARS = { first: 1970, last: 2199 } as const;
export const SCHEDULE_DATE_RANGE_MSG = `Give a date between ${SCHEDULE_YEARS.first} and ${SCHEDULE_YEARS.last}.`;

/** A calendar day (YYYY-MM-DD) of a clinic's schedule or of a filter on it; `message` is the route's own wording. */
export const scheduleDate = (message: string) =>
  z.iso
    .date({ error: message, abort: true })
    .refine((v) => v >= `${SCHEDULE_YEARS.first}-01-01` && v <= `${SCHEDULE_YEARS.last}-12-31`, {
      error: SCHEDULE_DATE_RANGE_MSG,
    });

/** True when `value` is YYYY-MM-DD and names a real day. */
export function isRealIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Whole years between an ISO birth date and `today` (both calendar dates, UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

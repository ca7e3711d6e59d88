/**
 * The client schemas of the auth forms, built from the server's shared schemas so that the messages are the spec's
 * (section 5) and the rules cannot drift apart. The forms pass them to Mantine's `schemaResolver` (Standard Schema).
 */
import { z } from 'zod';
import type { ZodType } from 'zod';
import { changePasswordRequest, MSG, resetPasswordRequest, SIGNUP_DEFAULTS, signupRequest } from '@kindred/shared';
import type { SignupRequest } from '@kindred/shared';
import { combinePhone, DEFAULT_COUNTRY } from './phone.ts';

/**
 * `schema`, plus 'Passwords do not match' on `confirm` as soon as both passwords are typed, whatever else is wrong.
 * The shared schemas check the match in an object-level refinement, which zod runs only once every field passes
 * (the password rules stop at their first failure), and the user should see the mismatch at once. The intersection
 * runs both sides on every validation; a message already given for `confirm` by `schema` wins.
 */
export function withPasswordsMatch<S extends ZodType>(schema: S, password: string, confirm: string) {
  const match = z
    .object({ [password]: z.string(), [confirm]: z.string() })
    .refine((v) => !v[confirm] || v[password] === v[confirm], { path: [confirm], error: MSG.passwordsMismatch });
  return z.intersection(schema, match);
}

/** Create New Password (/create-password). */
export const setPasswordForm = withPasswordsMatch(resetPasswordRequest, 'new_password', 'confirm_password');

/** The Change Password dialog. */
export const changePasswordForm = withPasswordsMatch(changePasswordRequest, 'new_password', 'confirm_new_password');

/** What the sign-up form holds: the phone as a country and a national number, every text as typed. */
export type SignupValues = {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  phone_number: string;
  password: string;
  password_confirm: string;
  date_of_birth: string;
};

export const emptySignup = (): SignupValues => ({
  first_name: '',
  last_name: '',
  email: '',
  country: DEFAULT_COUNTRY,
  phone_number: '',
  password: '',
  password_confirm: '',
  date_of_birth: '',
});

/** The request body: the phone combined to E.164 and the spec's four fixed defaults, which the form never shows. */
export function toSignupRequest(v: SignupValues): SignupRequest {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    email: v.email.trim().toLowerCase(),
    phone_number: combinePhone(v.country, v.phone_number),
    password: v.password,
    password_confirm: v.password_confirm,
    date_of_birth: v.date_of_birth,
    ...SIGNUP_DEFAULTS,
  };
}

/**
 * The server's sign-up schema on the body that would be sent, except that the date of birth has no client check
 * (spec section 5; the server checks it, including the age of 18).
 */
export const signupForm = z.preprocess(
  (values) => toSignupRequest(values as SignupValues),
  withPasswordsMatch(signupRequest.safeExtend({ date_of_birth: z.string() }), 'password', 'password_confirm'),
);

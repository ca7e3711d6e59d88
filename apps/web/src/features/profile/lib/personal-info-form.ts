import { z } from 'zod';
import { profileUpdateRequest } from '@kindred/shared';
import type { UserDto } from '@kindred/shared';
import { combinePhone, splitPhone } from '../../../lib/phone.ts';

/** What the Personal Info form holds: the names as typed, the phone as a country and a national number. */
export type PersonalInfoValues = { first_name: string; last_name: string; country: string; phone_number: string };

export function personalInfoFrom(user: UserDto): PersonalInfoValues {
  const { country, national } = splitPhone(user.phone_number);
  return { first_name: user.first_name, last_name: user.last_name, country, phone_number: national };
}

/** The request body: names trimmed, the phone combined to E.164. */
export function toProfileUpdate(v: PersonalInfoValues) {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    phone_number: combinePhone(v.country, v.phone_number),
  };
}

/** The server's schema, on the body that would be sent. */
export const personalInfoForm = z.preprocess(
  (values) => toProfileUpdate(values as PersonalInfoValues),
  profileUpdateRequest,
);

import { z } from 'zod';
import { visitTypeDto } from './appointments.schemas.ts';
import { adminClinicDto, visitTypeRequest } from './clinic-portal.schemas.ts';

/**
 * The operator console's clinics (issue 15, ADR 022): an admin creates and edits clinics, their clinicians and
 * visit types (the clinic portal's own visit-type rules), and links the partner banks a clinic works with.
 */

export const CONSOLE_CLINIC_MSG = {
  created: 'Clinic created.',
  saved: 'Clinic saved.',
  clinicianSaved: 'Clinician saved.',
  visitTypeSaved: 'Visit type saved.',
  banksSaved: 'Banks saved.',
  referenceTaken: 'A clinic with this reference already exists.',
  referenceFormat: 'Use 2-50 capital letters, digits or hyphens, e.g. CLN-BOS.',
  placeNotFound: 'We could not find this city. Check the city and state.',
  timeZone: 'Choose a time zone such as America/New_York.',
  clinicianNotFound: 'We could not find this clinician at this clinic.',
  visitTypeNotFound: 'We could not find this visit type at this clinic.',
} as const;

export const CLINIC_SPECIALTIES = ['egg', 'sperm', 'surrogate', 'ivf'] as const;

/** An IANA time zone this runtime knows (Intl throws a RangeError for any other name). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const required = (label: string, max: number) =>
  z
    .string({ error: `Give the ${label}.` })
    .trim()
    .min(1, { error: `Give the ${label}.` })
    .max(max, { error: `The ${label} is at most ${max} characters.` });

export const clinicReferenceField = z
  .string({ error: CONSOLE_CLINIC_MSG.referenceFormat })
  .trim()
  .regex(/^[A-Z0-9-]{2,50}$/, { error: CONSOLE_CLINIC_MSG.referenceFormat });

/** A clinic's editable fields; its coordinates come from the geocoder (city and state), never typed in. */
export const clinicRequest = z.object({
  name: required('clinic name', 200),
  address: required('street address', 200),
  city: required('city', 80),
  state: required('state', 80),
  time_zone: z
    .string({ error: CONSOLE_CLINIC_MSG.timeZone })
    .trim()
    .refine(isTimeZone, { error: CONSOLE_CLINIC_MSG.timeZone }),
  specialties: z
    .array(z.enum(CLINIC_SPECIALTIES, { error: 'Choose egg, sperm, surrogate or IVF.' }))
    .max(4)
    .default([]),
  photo_url: z
    .union([z.literal(''), z.url({ protocol: /^https$/, error: 'The photo must be an https address.' }).max(500)])
    .nullish()
    .transform((v) => v || null),
  active: z.boolean({ error: 'active must be true or false.' }).default(true),
});
export type ClinicRequest = z.input<typeof clinicRequest>;
export const createClinicRequest = clinicRequest.extend({ reference_id: clinicReferenceField });
export type CreateClinicRequest = z.input<typeof createClinicRequest>;

export const clinicianRequest = z.object({
  name: required('clinician’s name', 120),
  title: required('title', 120),
  languages: z
    .array(z.string().trim().min(1).max(40), { error: 'Give at least one language.' })
    .min(1, { error: 'Give at least one language.' })
    .max(10, { error: 'At most 10 languages.' }),
  active: z.boolean({ error: 'active must be true or false.' }).default(true),
});
export type ClinicianRequest = z.input<typeof clinicianRequest>;

export const clinicBanksRequest = z.object({
  banks: z
    .array(required('bank name', 120), { error: 'Give the list of banks.' })
    .max(20, { error: 'At most 20 banks.' }),
});
export type ClinicBanksRequest = z.infer<typeof clinicBanksRequest>;

/** The console's visit types: the portal's rules (clinic-portal.schemas). */
export { visitTypeRequest };

export const consoleClinicianDto = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  languages: z.array(z.string()),
  active: z.boolean(),
});
export type ConsoleClinicianDto = z.infer<typeof consoleClinicianDto>;

export const consoleClinicDto = z.object({
  reference_id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
  specialties: z.array(z.string()),
  photo_url: z.string().nullable(),
  active: z.boolean(),
  banks: z.array(z.string()),
  clinicians: z.array(consoleClinicianDto),
  visit_types: z.array(visitTypeDto),
});
export type ConsoleClinicDto = z.infer<typeof consoleClinicDto>;
export const consoleClinicResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  clinic: consoleClinicDto,
});
export { adminClinicDto };

export const clinicianParams = z.object({
  reference_id: clinicReferenceField,
  id: z.uuid({ error: CONSOLE_CLINIC_MSG.clinicianNotFound }),
});
export const visitTypeParams = z.object({
  reference_id: clinicReferenceField,
  id: z.uuid({ error: CONSOLE_CLINIC_MSG.visitTypeNotFound }),
});
export const clinicParams = z.object({ reference_id: clinicReferenceField });

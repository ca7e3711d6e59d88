import { z } from 'zod';
import {
  availabilitySchema,
  disclosureSchema,
  donorTypeSchema,
  educationLevelSchema,
  ethnicitySchema,
  eyeColorSchema,
  hairColorSchema,
  raceSchema,
} from './vocabulary.ts';

/**
 * The operator console's donor catalogue (issue 15, ADR 022): support reads, admins change availability (one donor
 * or up to 500 at once, with a dry run). The list carries no health data (no carrier panel, no conditions): what
 * an operator needs to run the catalogue is availability, the family limit and the date of the last medical update.
 */

export const CONSOLE_DONOR_MSG = {
  notFound: 'We could not find this donor.',
  bulkTooMany: 'Choose at most 500 donors at once.',
  bulkEmpty: 'Choose at least one donor.',
  availabilitySaved: 'Availability saved.',
} as const;

/** Most donors a bulk change may name (the cap). */
export const BULK_MAX = 500;
export const CONSOLE_DONORS_PAGE_SIZE = 25;
export const CONSOLE_DONOR_SORTS = ['reference_id', 'last_medical_update', 'updated_at', 'bank_name'] as const;
export type ConsoleDonorSort = (typeof CONSOLE_DONOR_SORTS)[number];
/** open: families_so_far below family_limit (the engine's `family_limit` filter passes it); full otherwise. */
export const FAMILY_STATUSES = ['open', 'full'] as const;

const choice = <T extends z.ZodType>(schema: T, label: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()).describe(label);

/** The catalogue's filters: the engine's own (type, availability, family limit, the dealbreaker attributes). */
export const consoleDonorsQuery = z.object({
  q: z.string().trim().max(64, { error: 'The search is at most 64 characters.' }).optional(),
  donor_type: choice(donorTypeSchema, 'egg, sperm or surrogate'),
  bank: z.string().trim().max(120).optional(),
  availability: choice(availabilitySchema, 'available, reserved or unavailable'),
  disclosure: choice(disclosureSchema, 'ANON, KNOWN or OPEN'),
  family: choice(z.enum(FAMILY_STATUSES), 'open or full'),
  race: choice(raceSchema, 'race'),
  ethnicity: choice(ethnicitySchema, 'ethnicity'),
  hair_color: choice(hairColorSchema, 'hair colour'),
  eye_color: choice(eyeColorSchema, 'eye colour'),
  education: choice(educationLevelSchema, 'education'),
  sort: z.enum(CONSOLE_DONOR_SORTS, { error: 'This is not a sort of the donor list.' }).default('reference_id'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }).default('asc'),
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number.' })
    .int()
    .min(1)
    .max(100)
    .default(CONSOLE_DONORS_PAGE_SIZE),
});
export type ConsoleDonorsQuery = z.infer<typeof consoleDonorsQuery>;

export const consoleDonorDto = z.object({
  reference_id: z.string(),
  bank_name: z.string(),
  bank_donor_id: z.string(),
  clinic_reference_id: z.string(),
  donor_type: donorTypeSchema,
  disclosure: disclosureSchema,
  availability: availabilitySchema,
  family_limit: z.number().int(),
  families_so_far: z.number().int(),
  family_status: z.enum(FAMILY_STATUSES),
  last_medical_update: z.string(),
  updated_at: z.string(),
});
export type ConsoleDonorDto = z.infer<typeof consoleDonorDto>;

export const consoleDonorsResponse = z.object({
  success: z.literal(true),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  donors: z.array(consoleDonorDto),
});
export const consoleBanksResponse = z.object({ success: z.literal(true), banks: z.array(z.string()) });

export const donorReferenceParams = z.object({
  reference_id: z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: CONSOLE_DONOR_MSG.notFound }),
});

const reason = z.string().trim().max(500, { error: 'The reason is at most 500 characters.' }).optional();

export const availabilityRequest = z.object({
  availability: availabilitySchema,
  reason,
});
export type AvailabilityRequest = z.infer<typeof availabilityRequest>;
export const availabilityResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  donor: consoleDonorDto,
});

export const bulkAvailabilityRequest = z.object({
  reference_ids: z
    .array(z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: 'This is not a donor reference.' }), {
      error: CONSOLE_DONOR_MSG.bulkEmpty,
    })
    .min(1, { error: CONSOLE_DONOR_MSG.bulkEmpty })
    .max(BULK_MAX, { error: CONSOLE_DONOR_MSG.bulkTooMany }),
  availability: availabilitySchema,
  dry_run: z.boolean({ error: 'dry_run must be true or false.' }).default(false),
  reason,
});
export type BulkAvailabilityRequest = z.input<typeof bulkAvailabilityRequest>;
export const bulkAvailabilityResponse = z.object({
  success: z.literal(true),
  dry_run: z.boolean(),
  message: z.string(),
  /** Donors whose availability changes (or would). */
  changed: z.array(z.string()),
  /** Donors that already had this availability. */
  unchanged: z.array(z.string()),
  not_found: z.array(z.string()),
});
export type BulkAvailabilityResponse = z.infer<typeof bulkAvailabilityResponse>;

import { z } from 'zod';
import {
  alcoholUseSchema,
  availabilitySchema,
  bloodGroupSchema,
  chronicConditionSchema,
  disclosureSchema,
  donorReligionSchema,
  donorTypeSchema,
  educationLevelSchema,
  ethnicitySchema,
  exerciseLevelSchema,
  eyeColorSchema,
  geneticConditionSchema,
  hairColorSchema,
  raceSchema,
  recreationalDrugsSchema,
  smokingHistorySchema,
} from './vocabulary.ts';
import { isRealIsoDate } from './validation.ts';

const isoDate = z.string().refine(isRealIsoDate, { error: 'must be a date (YYYY-MM-DD)' });
const text = (max: number) => z.string().trim().max(max);
const list = <T extends z.ZodType>(item: T, max = 30) => z.array(item).max(max);

/**
 * A donor record as stored and as partner banks import it: the engine's `Donor` type, validated. Values use the
 * shared vocabulary's stored spellings; `null` means "not stated".
 */
export const donorRecordSchema = z
  .object({
    reference_id: z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: 'must be 4-32 capital letters, digits or hyphens' }),
    bank_donor_id: text(64).min(1, { error: 'is required' }),
    clinic_reference_id: text(64).min(1, { error: 'is required' }),
    bank_name: text(120).min(1, { error: 'is required' }),
    donor_type: donorTypeSchema,
    disclosure: disclosureSchema,
    availability: availabilitySchema,
    family_limit: z.number().int().min(0).max(1000),
    families_so_far: z.number().int().min(0).max(1000),
    last_medical_update: isoDate,
    /**
     * Optional: the bank's cross-reference for the same person at other banks (e.g. a national donor register's
     * code). Records sharing one are counted together by the family ledger (issue 28); never inferred.
     */
    cross_reference: text(64).min(1).optional(),
    display_name: text(120),
    is_fictional: z.boolean(),
    date_of_birth: isoDate,
    height_in: z.number().min(48).max(90).nullable(),
    weight_lb: z.number().min(70).max(450).nullable(),
    race: raceSchema.nullable(),
    ethnicity: ethnicitySchema.nullable(),
    hair_color: hairColorSchema.nullable(),
    eye_color: eyeColorSchema.nullable(),
    blood_group: bloodGroupSchema.nullable(),
    location: z
      .object({
        city: text(80),
        state: text(80),
        country: text(80),
        zip: text(16).nullable(),
        lat: z.number().min(-90).max(90),
        lon: z.number().min(-180).max(180),
      })
      .nullable(),
    education: educationLevelSchema.nullable(),
    occupation: text(120),
    religion: donorReligionSchema.nullable(),
    languages: list(text(40), 10),
    smoking: smokingHistorySchema.nullable(),
    recreational_drugs: recreationalDrugsSchema.nullable(),
    alcohol: alcoholUseSchema.nullable(),
    exercise: exerciseLevelSchema.nullable(),
    chronic_conditions: list(chronicConditionSchema, 10),
    family_medical_history: list(text(200), 20),
    carrier_screening: z.partialRecord(geneticConditionSchema, z.object({ tested: z.boolean(), carrier: z.boolean() })),
    surrogate: z
      .object({
        previous_full_term_pregnancies: z.number().int().min(0).max(20),
        pregnancy_complications: z.boolean(),
        health_insurance_covers_pregnancy: z.boolean(),
        bmi: z.number().min(10).max(70),
        max_embryos_per_transfer: z.union([z.literal(1), z.literal(2)]),
        open_to_selective_reduction: z.boolean(),
      })
      .nullable(),
    personality: list(text(40), 12),
    interests: list(text(60), 12),
    essay: text(4000),
    avatar: z.object({
      style: z.literal('geometric'),
      background: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      shape: z.enum(['circle', 'hexagon', 'leaf', 'wave']),
      initials: z.string().max(3),
    }),
  })
  .superRefine((d, ctx) => {
    if (d.families_so_far > d.family_limit)
      ctx.addIssue({ code: 'custom', path: ['families_so_far'], message: 'must not exceed family_limit' });
    if ((d.donor_type === 'surrogate') !== (d.surrogate !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['surrogate'],
        message: 'is required for surrogates and must be null for other donor types',
      });
    }
  });
export type DonorRecord = z.infer<typeof donorRecordSchema>;

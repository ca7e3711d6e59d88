/**
 * Response shapes of the match endpoints (find-matches, donor detail). The server uses them as response schemas,
 * so OpenAPI documents them and a field that is not listed here (a bank's own donor id, an internal name, the
 * per-factor breakdown in the list) can never reach a client by accident: the serializer drops it.
 */
import { z } from 'zod';
import {
  alcoholUseSchema, availabilitySchema, bloodGroupSchema, carrierStatusSchema, chronicConditionSchema,
  disclosureSchema, donorReligionSchema, donorTypeSchema, educationLevelSchema, ethnicitySchema, exerciseLevelSchema,
  eyeColorSchema, geneticConditionSchema, hairColorSchema, raceSchema, recreationalDrugsSchema, smokingHistorySchema,
} from './vocabulary.ts';

const percentage = z.number().min(0).max(100);

/** One score per preference category, each 0-100 (or, for weights, the category's share in percent). */
export const categoryScoresSchema = z.object({
  demographic: percentage, medical_genetic: percentage, lifestyle_environment: percentage, values_legal: percentage,
});

/** Per-condition carrier check between the parent and the donor. */
export const carrierReportEntrySchema = z.object({ condition: geneticConditionSchema, status: carrierStatusSchema });

/** The plain-text explanation and the factors each sentence comes from. */
export const explanationSchema = z.object({
  summary: z.string(),
  summary_factors: z.array(z.string()),
  sentences: z.array(z.object({ text: z.string(), factor: z.string() })),
});

/** One ranked donor in a find-matches answer (spec's match item plus the carrier report and explanation). */
export const matchItemSchema = z.object({
  donor_reference_id: z.string(),
  clinic_reference_id: z.string(),
  donor_type: donorTypeSchema,
  disclosure: disclosureSchema,
  overall_match_percentage: percentage,
  match_percentage: percentage,
  category_scores: categoryScoresSchema,
  category_weights: categoryScoresSchema,
  matched_attributes_summary: z.array(z.string()),
  ai_explanation: z.string(),
  explanation: explanationSchema,
  carrier_report: z.array(carrierReportEntrySchema),
  flagged: z.boolean(),
});
export type MatchItem = z.infer<typeof matchItemSchema>;

/** A factor's part in a donor's score: `score` 0-100 and `weight`, its share of the overall score in percent. */
export const factorResultSchema = z.object({ factor: z.string(), category: z.string(), score: percentage, weight: percentage });

/** Premium: how many more donors relaxing one hard filter would add, and the best score among them. */
export const counterfactualSchema = z.object({
  filter: z.string(),
  additional_matches: z.number().int().min(0),
  best_overall_match_percentage: percentage.nullable(),
  best_donor_reference_id: z.string().nullable(),
});

/** POST donors/find-matches/. Without an active plan `matches` is empty and `subscription` false. */
export const findMatchesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  total_matches: z.number().int().min(0),
  matches: z.array(matchItemSchema),
  subscription: z.boolean(),
  plan_name: z.string().nullable(),
  matches_shown: z.number().int().nullable(),
  match_credits_remaining: z.number().int().nullable(),
  counterfactuals: z.array(counterfactualSchema).optional(),
});
export type FindMatchesResponse = z.infer<typeof findMatchesResponseSchema>;

/**
 * What a parent may see of a donor they were matched with: no bank id, no coordinates, and `display_name` is
 * null for anonymous (ANON) donors.
 */
export const publicDonorSchema = z.object({
  reference_id: z.string(),
  clinic_reference_id: z.string(),
  bank_name: z.string(),
  donor_type: donorTypeSchema,
  disclosure: disclosureSchema,
  availability: availabilitySchema,
  display_name: z.string().nullable(),
  is_fictional: z.boolean(),
  age: z.number().int(),
  height_in: z.number().nullable(),
  weight_lb: z.number().nullable(),
  race: raceSchema.nullable(),
  ethnicity: ethnicitySchema.nullable(),
  hair_color: hairColorSchema.nullable(),
  eye_color: eyeColorSchema.nullable(),
  blood_group: bloodGroupSchema.nullable(),
  location: z.object({ city: z.string(), state: z.string(), country: z.string() }).nullable(),
  education: educationLevelSchema.nullable(),
  occupation: z.string(),
  religion: donorReligionSchema.nullable(),
  languages: z.array(z.string()),
  smoking: smokingHistorySchema.nullable(),
  recreational_drugs: recreationalDrugsSchema.nullable(),
  alcohol: alcoholUseSchema.nullable(),
  exercise: exerciseLevelSchema.nullable(),
  chronic_conditions: z.array(chronicConditionSchema),
  family_medical_history: z.array(z.string()),
  carrier_screening: z.partialRecord(geneticConditionSchema, z.object({ tested: z.boolean(), carrier: z.boolean() })),
  surrogate: z.object({
    previous_full_term_pregnancies: z.number().int(),
    pregnancy_complications: z.boolean(),
    health_insurance_covers_pregnancy: z.boolean(),
    bmi: z.number(),
    max_embryos_per_transfer: z.number().int(),
    open_to_selective_reduction: z.boolean(),
  }).nullable(),
  personality: z.array(z.string()),
  interests: z.array(z.string()),
  essay: z.string(),
  last_medical_update: z.string(),
  family_limit: z.number().int(),
  families_so_far: z.number().int(),
  /** A generated illustration (SVG data URL), never a photo. */
  avatar_url: z.string(),
});
export type PublicDonor = z.infer<typeof publicDonorSchema>;

/** GET donors/:reference_id/: the donor and the match as the parent last saw it, with its factor breakdown. */
export const donorDetailResponseSchema = z.object({
  success: z.literal(true),
  donor: publicDonorSchema,
  match: matchItemSchema.extend({ factors: z.array(factorResultSchema).optional() }),
  matched_at: z.string(),
});
export type DonorDetailResponse = z.infer<typeof donorDetailResponseSchema>;

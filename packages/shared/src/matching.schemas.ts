/**
 * Request and response shapes of the match endpoints (find-matches, revealed donors, donor detail, favourites,
 * relaxing a saved set). The server uses them as request and response schemas, so OpenAPI documents them and a
 * field that is not listed here (a bank's own donor id, an internal name, the per-factor breakdown in the list)
 * can never reach a client by accident: the serializer drops it.
 */
import { z } from 'zod';
import { pairingReportEntrySchema } from './genetics.ts';
import { costPlanSchema, estimateSchema, MAX_MINOR, PRICE_MSG, priceListTermsSchema } from './price-lists.ts';
import {
  alcoholUseSchema,
  availabilitySchema,
  bloodGroupSchema,
  carrierStatusSchema,
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
  hardFilterIdSchema,
  raceSchema,
  recreationalDrugsSchema,
  smokingHistorySchema,
  sortOrderSchema,
} from './vocabulary.ts';

const percentage = z.number().min(0).max(100);

/** One score per preference category, each 0-100 (or, for weights, the category's share in percent). */
export const categoryScoresSchema = z.object({
  demographic: percentage,
  medical_genetic: percentage,
  lifestyle_environment: percentage,
  values_legal: percentage,
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
  /**
   * The per-gene pairing report (issue 24, ADR 023): parent | donor | outcome | "about 1 in N", at-risk pairs
   * first, untested genes never compatible. Absent only on matches scored before it existed.
   */
  genetics_report: z.array(pairingReportEntrySchema).optional(),
  flagged: z.boolean(),
  /** Stated preferences the donor misses, the costliest first (factor ids). */
  missed: z.array(z.string()),
  /** Stated preferences missed in a category the parent marked not important: named, worth no points. */
  missed_not_counted: z.array(z.string()).default([]),
  /** Conditions the parent carries that this donor was not tested for: a flag, never "compatible". */
  not_tested_for: z.array(geneticConditionSchema),
  /** How many of the parent's stated preferences the donor fully meets. */
  preferences_met: z.number().int().min(0),
  /** Whole km from the parent; null when either location is unknown. */
  distance_km: z.number().min(0).nullable(),
  /** ISO date of the donor's last medical update. */
  last_medical_update: z.string(),
  availability: availabilitySchema,
  /** In a list by score: why the donor sits where it does when a neighbour shows the same score (issue 24). */
  tie_note: z.string().nullable().default(null),
});
export type MatchItem = z.infer<typeof matchItemSchema>;

/**
 * A factor's part in a donor's score: `score` 0-100, `weight` its share of the overall score in percent (the
 * points it could add), `points` what it added, `met` whether fully met, `stated` whether the parent asked for it.
 */
export const factorResultSchema = z.object({
  factor: z.string(),
  category: z.string(),
  score: percentage,
  weight: percentage,
  points: percentage,
  met: z.boolean(),
  stated: z.boolean(),
});
export type FactorResult = z.infer<typeof factorResultSchema>;

/** A match with its per-factor breakdown (donor detail; the list leaves `factors` out). */
export const matchWithFactorsSchema = matchItemSchema.extend({ factors: z.array(factorResultSchema) });
export type MatchWithFactors = z.infer<typeof matchWithFactorsSchema>;

/** Bounds of the results-page filters (spec section 9's age and height options sit inside them). */
export const MATCH_FILTER_LIMITS = {
  age: { min: 18, max: 60 },
  heightIn: { min: 48, max: 90 },
  distanceKm: { min: 1, max: 20_000 },
  /** The price maximum, in minor units ($1.00 to $10,000,000.00). */
  costMinor: { min: 100, max: MAX_MINOR },
} as const;

const bounded = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be between ${min} and ${max}.` })
    .max(max, { error: `${label} must be between ${min} and ${max}.` });

/**
 * Narrowing the parent's matches on the results page without changing the saved preferences; the engine applies
 * it over the whole passing set. Bounds are inclusive; `includeReserved` widens to donors on hold for another
 * family.
 */
export const matchFiltersSchema = z
  .object(
    {
      ageMin: bounded('Minimum age', MATCH_FILTER_LIMITS.age.min, MATCH_FILTER_LIMITS.age.max).optional(),
      ageMax: bounded('Maximum age', MATCH_FILTER_LIMITS.age.min, MATCH_FILTER_LIMITS.age.max).optional(),
      heightMin: bounded(
        'Minimum height',
        MATCH_FILTER_LIMITS.heightIn.min,
        MATCH_FILTER_LIMITS.heightIn.max,
      ).optional(),
      heightMax: bounded(
        'Maximum height',
        MATCH_FILTER_LIMITS.heightIn.min,
        MATCH_FILTER_LIMITS.heightIn.max,
      ).optional(),
      minEducation: educationLevelSchema.optional(),
      maxDistanceKm: bounded(
        'Maximum distance',
        MATCH_FILTER_LIMITS.distanceKm.min,
        MATCH_FILTER_LIMITS.distanceKm.max,
      ).optional(),
      disclosure: z
        .array(disclosureSchema)
        .min(1, { error: 'Choose at least one disclosure type.' })
        .max(3)
        .refine((v) => new Set(v).size === v.length, { error: 'Each disclosure type may be given once.' })
        .optional(),
      includeReserved: z.boolean().optional(),
      /** At most this estimated cost of the price plan, in minor units of `price_currency` (issue 29). */
      maxCost: bounded(
        'Maximum price',
        MATCH_FILTER_LIMITS.costMinor.min,
        MATCH_FILTER_LIMITS.costMinor.max,
      ).optional(),
    },
    { error: 'filters must be an object.' },
  )
  .strict()
  .refine((f) => f.ageMin === undefined || f.ageMax === undefined || f.ageMin <= f.ageMax, {
    error: 'Minimum age must not be above maximum age.',
    path: ['ageMax'],
  })
  .refine((f) => f.heightMin === undefined || f.heightMax === undefined || f.heightMin <= f.heightMax, {
    error: 'Minimum height must not be above maximum height.',
    path: ['heightMax'],
  });
export type MatchFilters = z.infer<typeof matchFiltersSchema>;

/** POST donors/find-matches/: the saved set to rank, the page, and the results page's sort, filters and preview. */
export const findMatchesRequestSchema = z.object({
  profile_id: z.uuid({ error: 'profile_id must be the id of one of your preference profiles.' }),
  offset: z.number().int().min(0).max(100_000).optional(),
  sort: sortOrderSchema.optional(),
  filters: matchFiltersSchema.optional(),
  /** Premium: hard filters left out for this ranking only (a "re-run without it" preview); nothing is saved. */
  relax: z.array(hardFilterIdSchema).max(13).optional(),
  /**
   * The plan every donor's cost estimate is for (issue 29; default: 6 IUI vials or one egg cohort, 12 months'
   * storage, one shipment), and the currency estimates are compared in (default USD).
   */
  price_plan: costPlanSchema.optional(),
  price_currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: PRICE_MSG.currencyInvalid })
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type FindMatchesRequest = z.infer<typeof findMatchesRequestSchema>;

/** Premium: how many more donors relaxing one hard filter would add, and the best score among them. */
export const counterfactualSchema = z.object({
  filter: z.string(),
  additional_matches: z.number().int().min(0),
  best_overall_match_percentage: percentage.nullable(),
  best_donor_reference_id: z.string().nullable(),
});

/** POST donors/find-matches/. Without an active plan `matches` is empty and `subscription` false. */
/** Donors' all-in cost estimates (issue 29, ADR 029), by reference: for the cards of the page that carries them. */
export const donorEstimatesSchema = z.array(z.object({ donor_reference_id: z.string(), estimate: estimateSchema }));

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
  /** Donors passing the saved preferences before the results-page filters (`total_matches` is after them). */
  passing_matches: z.number().int().min(0),
  /** The hard filters left out of this ranking (echo of the request's `relax`). */
  relaxed: z.array(hardFilterIdSchema),
  /** The plan's match credits are all spent: donors not revealed before stay hidden until an upgrade. */
  credits_exhausted: z.boolean(),
  /** Donors this answer would have shown but withheld because no credit was left. */
  withheld: z.number().int().min(0),
  /** Each shown donor's cost estimate for `price_plan` (issue 29), in the order of `matches`. */
  estimates: donorEstimatesSchema,
  /** The currency price sorts and filters compare in; donors priced in another are not compared (sorted last). */
  price_currency: z.string(),
  /** Set when the page shows estimates in more than one currency: they are never added up or compared. */
  price_note: z.string().nullable(),
});
export type FindMatchesResponse = z.infer<typeof findMatchesResponseSchema>;

/** GET donors/revealed/: every donor revealed under the current subscription, newest first, as last seen. */
export const revealedDonorsResponseSchema = z.object({
  success: z.literal(true),
  donors: z.array(z.object({ donor_reference_id: z.string(), revealed_at: z.string(), match: matchItemSchema })),
  /** Each donor's estimate for its type's default plan (issue 29). */
  estimates: donorEstimatesSchema.optional(),
});
export type RevealedDonorsResponse = z.infer<typeof revealedDonorsResponseSchema>;

/**
 * GET/POST/DELETE donors/favourites/: the parent's starred donors, newest first. `match` is the donor re-scored
 * against the parent's latest preference set for its donor type (`scored_with` "current"), else the match as last
 * seen ("last_seen"), else null; `failed` names the hard filters the donor now fails (after a preference change).
 */
export const favouritesResponseSchema = z.object({
  success: z.literal(true),
  favourites: z.array(
    z.object({
      donor_reference_id: z.string(),
      created_at: z.string(),
      match: matchItemSchema.nullable(),
      failed: z.array(hardFilterIdSchema),
      scored_with: z.enum(['current', 'last_seen']).nullable(),
    }),
  ),
  /** Each donor's estimate for its type's default plan (issue 29). */
  estimates: donorEstimatesSchema.optional(),
});
export type FavouritesResponse = z.infer<typeof favouritesResponseSchema>;
export type Favourite = FavouritesResponse['favourites'][number];

/** POST fertility-profile/<id>/relax/: keep a "re-run without it" preview by relaxing the saved set. */
export const relaxRequestSchema = z.object({
  filters: z
    .array(hardFilterIdSchema, { error: 'filters must be a list of hard filters.' })
    .min(1, { error: 'Choose a filter to relax.' })
    .max(13),
});
export const relaxResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  profile_id: z.string(),
  /** The set as it was stored before, to undo with fertility-profile/create/ and `profile_id`. */
  previous_preferences: z.record(z.string(), z.unknown()),
});
export type RelaxResponse = z.infer<typeof relaxResponseSchema>;

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
  surrogate: z
    .object({
      previous_full_term_pregnancies: z.number().int(),
      pregnancy_complications: z.boolean(),
      health_insurance_covers_pregnancy: z.boolean(),
      bmi: z.number(),
      max_embryos_per_transfer: z.number().int(),
      open_to_selective_reduction: z.boolean(),
    })
    .nullable(),
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
  /**
   * "current": scored against the parent's current preferences for this donor type (what the shortlist shows);
   * "last_seen": the match as last shown, when the parent has no set for this type.
   */
  scored_with: z.enum(['current', 'last_seen']),
  /** Hard filters of the current preferences the donor now fails (e.g. after a changed dealbreaker). */
  failed: z.array(hardFilterIdSchema),
  /**
   * The donor's bank's price list (issue 29), from which the page computes the estimate of the parent's plan with
   * the shared `estimateCost`; null: "Price not listed by the bank".
   */
  price_list: priceListTermsSchema.nullable(),
});
export type DonorDetailResponse = z.infer<typeof donorDetailResponseSchema>;

/** :reference_id of a donor the parent was matched with: anything but a donor reference reads as not found. */
export const donorReferenceParamsSchema = z.object({
  reference_id: z.string().regex(/^[A-Z0-9-]{4,32}$/, { error: 'Not found.' }),
});

/** POST and DELETE /api/v1/favourites/: star or unstar a donor by reference. */
export const favouriteRequestSchema = z.object({
  donor_reference_id: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{4,32}$/, { error: 'donor_reference_id is not a donor reference.' }),
});
export type FavouriteRequest = z.infer<typeof favouriteRequestSchema>;

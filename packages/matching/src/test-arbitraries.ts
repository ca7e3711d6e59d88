/**
 * Generators shared by the property tests: roughened demo catalogues, raw preference sets shaped like what the
 * wizard and the API accept, and results-page options. Test support only; not exported from the package.
 */
import fc from 'fast-check';
import {
  AGE_RANGES,
  ALCOHOL_USE,
  CHRONIC_CONDITIONS,
  DISCLOSURES,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EXERCISE_LEVELS,
  EYE_COLORS,
  GENETIC_CONDITIONS,
  HAIR_COLORS,
  HARD_FILTER_IDS,
  HEIGHT_RANGES,
  RACES,
  RELIGIONS,
  SMOKING_HISTORY,
  SORT_ORDERS,
} from '@kindred/shared/vocabulary';
import { normalizePreferences } from '@kindred/shared/preferences';
import { DEMO_AS_OF, buildIndex, generateDonors } from './index.ts';
import { BANKS } from './generate-data.ts';
import { createRng } from './random.ts';
import type { Donor, RankOptions } from './types.ts';

export const AS_OF = DEMO_AS_OF;
export const ALL = 100_000;
export const RUNS = { numRuns: 60 };

/** Generated donors, then roughened: unstated values, full families, age-range borders, partial panels. */
export function catalogue(size: number, seed: number): Donor[] {
  const rng = createRng(`perturb-${seed}`);
  return generateDonors(size, seed).map((d) => {
    const out: Donor = { ...d, carrier_screening: { ...d.carrier_screening } };
    if (rng.chance(0.08)) out.race = null;
    if (rng.chance(0.08)) out.eye_color = null;
    if (rng.chance(0.05)) out.height_in = null;
    if (rng.chance(0.05)) out.location = null;
    if (rng.chance(0.05)) out.education = null;
    if (rng.chance(0.1)) out.families_so_far = out.family_limit;
    if (rng.chance(0.1))
      out.date_of_birth = `${Number(AS_OF.slice(0, 4)) - rng.pick([25, 30, 40, 45])}${AS_OF.slice(4)}`;
    if (rng.chance(0.1)) out.chronic_conditions = [rng.pick(CHRONIC_CONDITIONS)];
    if (out.donor_type === 'surrogate' && rng.chance(0.05)) out.surrogate = null;
    for (const c of GENETIC_CONDITIONS) {
      if (rng.chance(0.05)) delete out.carrier_screening[c];
      else if (rng.chance(0.03)) out.carrier_screening[c] = { tested: true, carrier: true };
    }
    return out;
  });
}

const listOf = <T extends string>(values: readonly T[]) =>
  fc.oneof(fc.constant<string[]>(['no_preference']), fc.subarray<string>([...values], { minLength: 1 }));

export const rawPreferences = fc.record(
  {
    donor_type_preference: fc.constantFrom('egg', 'sperm', 'surrogate', 'Egg Donor', null),
    preferred_races: listOf(RACES),
    preferred_ethnicities: listOf(ETHNICITIES),
    preferred_hair_colors: listOf(HAIR_COLORS),
    preferred_eye_colors: listOf(EYE_COLORS),
    preferred_height_ranges: listOf(HEIGHT_RANGES),
    preferred_age_ranges: listOf(AGE_RANGES),
    preferred_religions: listOf(RELIGIONS),
    race_dealbreaker: fc.boolean(),
    ethnicity_dealbreaker: fc.boolean(),
    hair_color_dealbreaker: fc.boolean(),
    eye_color_dealbreaker: fc.boolean(),
    height_dealbreaker: fc.boolean(),
    age_dealbreaker: fc.boolean(),
    user_genetic_conditions: fc.subarray([...GENETIC_CONDITIONS], { maxLength: 4 }),
    acceptable_chronic_conditions: fc.subarray([...CHRONIC_CONDITIONS]),
    no_chronic_conditions_preferred: fc.boolean(),
    preferred_minimum_education: fc.constantFrom(...EDUCATION_LEVELS, 'no_preference'),
    smoking_history_preference: fc.constantFrom(...SMOKING_HISTORY, 'no_preference'),
    recreational_drugs_preference: fc.constantFrom('never', 'former', 'no_preference'),
    alcohol_use_preference: fc.constantFrom(...ALCOHOL_USE, 'no_preference'),
    regular_exercise_preferred: fc.constantFrom(...EXERCISE_LEVELS, true, false),
    health_insurance_required: fc.boolean(),
    previous_full_term_pregnancies_preferred: fc.boolean(),
    pregnancy_complications_ok: fc.boolean(),
    importance_physical: fc.integer({ min: 0, max: 100 }),
    medical_genetic_importance: fc.integer({ min: 0, max: 100 }),
    lifestyle_environment_importance: fc.integer({ min: 0, max: 100 }),
    values_legal_importance: fc.integer({ min: 0, max: 100 }),
    importance_education: fc.integer({ min: 0, max: 100 }),
    post_match_communication_importance: fc.integer({ min: 0, max: 5 }),
  },
  { requiredKeys: [] },
);

export const origin = fc.option(
  fc.record({
    lat: fc.double({ min: 20, max: 60, noNaN: true }),
    lon: fc.double({ min: -125, max: -65, noNaN: true }),
  }),
  { nil: null },
);

export const scenario = fc
  .record({
    size: fc.integer({ min: 0, max: 120 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    raw: rawPreferences,
    origin,
    showFlagged: fc.boolean(),
  })
  .map((s) => {
    const donors = catalogue(s.size, s.seed);
    const prefs = normalizePreferences(s.raw, { origin: s.origin });
    return { ...s, donors, prefs, index: buildIndex(donors, { asOf: AS_OF }) };
  });

/** Results-page options: any sort, an occasional refinement (sometimes including reserved donors), relaxations. */
export const rankOptions: fc.Arbitrary<RankOptions> = fc.record(
  {
    sort: fc.constantFrom(...SORT_ORDERS),
    refine: fc.option(
      fc.record(
        {
          ageMin: fc.integer({ min: 18, max: 35 }),
          ageMax: fc.integer({ min: 25, max: 50 }),
          heightMin: fc.integer({ min: 58, max: 68 }),
          heightMax: fc.integer({ min: 64, max: 80 }),
          minEducation: fc.constantFrom(...EDUCATION_LEVELS),
          maxDistanceKm: fc.integer({ min: 50, max: 5000 }),
          disclosure: fc.subarray([...DISCLOSURES], { minLength: 1 }),
          includeReserved: fc.boolean(),
          maxCost: fc.integer({ min: 100_000, max: 600_000 }),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
    relax: fc.option(fc.subarray([...HARD_FILTER_IDS], { maxLength: 3 }), { nil: undefined }),
    offset: fc.integer({ min: 0, max: 10 }),
    // Costs for some of the demo banks (issue 29): the others have no price to compare.
    cost: fc.option(
      fc.dictionary(fc.constantFrom(...BANKS.map((b) => b.name)), fc.integer({ min: 100_000, max: 600_000 })),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['sort'] },
);

/**
 * Seeded, varied preference sets for the benchmark, shaped like what the wizard sends: a donor type, some list
 * preferences (sometimes No Preference), a few dealbreakers, carrier conditions, importance sliders and a
 * location. Varying the query matters: one fixed query would let caches flatter the figures.
 */
import {
  AGE_RANGES,
  EDUCATION_LEVELS,
  ETHNICITIES,
  EYE_COLORS,
  GENETIC_CONDITIONS,
  HAIR_COLORS,
  HEIGHT_RANGES,
  RACES,
  RELIGIONS,
} from '@kindred/shared/vocabulary';
import { normalizePreferences } from '@kindred/shared/preferences';
import type { NormalizedPreferences, RawPreferences } from '@kindred/shared/preferences';
import { CITIES } from '../src/generate-data.ts';
import { createRng } from '../src/random.ts';
import type { Rng } from '../src/random.ts';

function some<T>(rng: Rng, items: readonly T[], max: number): T[] {
  const pool = [...items];
  const n = rng.int(1, Math.min(max, pool.length));
  return Array.from({ length: n }, () => pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
}

const orNoPreference = <T>(rng: Rng, items: T[]) => (rng.chance(0.3) ? ['No Preference'] : items);

export function randomRawPreferences(rng: Rng): RawPreferences {
  return {
    donor_type_preference: rng.weighted([
      ['sperm', 45],
      ['egg', 35],
      ['surrogate', 20],
    ] as const),
    preferred_races: orNoPreference(rng, some(rng, RACES, 3)),
    preferred_ethnicities: orNoPreference(rng, some(rng, ETHNICITIES, 1)),
    preferred_hair_colors: orNoPreference(rng, some(rng, HAIR_COLORS, 2)),
    preferred_eye_colors: orNoPreference(rng, some(rng, EYE_COLORS, 3)),
    preferred_height_ranges: orNoPreference(rng, some(rng, HEIGHT_RANGES, 2)),
    preferred_age_ranges: orNoPreference(rng, some(rng, AGE_RANGES, 3)),
    preferred_religions: orNoPreference(rng, some(rng, RELIGIONS, 2)),
    dealbreakers: rng.chance(0.4),
    age_dealbreaker: rng.chance(0.3),
    user_genetic_conditions: rng.chance(0.4) ? ['None Known'] : some(rng, GENETIC_CONDITIONS, 3),
    preferred_minimum_education: rng.chance(0.3) ? 'No Preference' : rng.pick(EDUCATION_LEVELS),
    smoking_history_preference: rng.pick(['never', 'former', 'no_preference']),
    recreational_drugs_preference: rng.pick(['never', 'former', 'no_preference']),
    alcohol_use_preference: rng.pick(['none', 'social', 'no_preference']),
    regular_exercise_preferred: rng.pick(['yes', 'no', 'daily']),
    acceptable_chronic_conditions: rng.chance(0.7) ? [] : ['Hypertension', 'High cholesterol'],
    health_insurance_required: rng.chance(0.3),
    previous_full_term_pregnancies_preferred: rng.chance(0.6),
    pregnancy_complications_ok: rng.chance(0.7),
    lifestyle_environment_importance: rng.pick([0, 25, 50, 75, 100]),
    medical_genetic_importance: rng.pick([0, 25, 50, 75, 100]),
    values_legal_importance: rng.pick([0, 25, 50, 75, 100]),
    importance_physical: rng.int(1, 100),
    post_match_communication_importance: rng.int(1, 5),
  };
}

/**
 * `count` normalised preference sets from `seed`, each with a parent location in a US city. Every third set
 * (the 1st, 4th, ...) leaves out `post_match_communication_importance`, as for a parent who skipped the question.
 */
export function benchmarkQueries(count: number, seed: number): NormalizedPreferences[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const raw = randomRawPreferences(rng);
    if (i % 3 === 0) delete raw.post_match_communication_importance;
    const city = rng.pick(CITIES);
    return normalizePreferences(raw, { origin: { lat: city[3], lon: city[4] } });
  });
}

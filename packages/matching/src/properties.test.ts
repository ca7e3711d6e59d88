import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AGE_RANGES, CHRONIC_CONDITIONS, EDUCATION_LEVELS, ETHNICITIES, EXERCISE_LEVELS, EYE_COLORS, GENETIC_CONDITIONS,
  HAIR_COLORS, HEIGHT_RANGES, RACES, RELIGIONS, SMOKING_HISTORY,
} from '@kindred/shared/vocabulary';
import { normalizePreferences } from '@kindred/shared/preferences';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { ageOn, encodeDonor } from './codes.ts';
import {
  DEMO_AS_OF, buildIndex, counterfactuals, countMatches, countMatchesReference, generateDonors, hardFilterFailures,
  rankDonors, rankDonorsReference,
} from './index.ts';
import { createRng } from './random.ts';
import { buildPlan, scoreCodes } from './score.ts';
import type { Donor, Match } from './types.ts';

const AS_OF = DEMO_AS_OF;
const ALL = 100_000;
const RUNS = { numRuns: 60 };

/** Generated donors, then roughened: unstated values, full families, age-range borders, partial panels. */
function catalogue(size: number, seed: number): Donor[] {
  const rng = createRng(`perturb-${seed}`);
  return generateDonors(size, seed).map((d) => {
    const out: Donor = { ...d, carrier_screening: { ...d.carrier_screening } };
    if (rng.chance(0.08)) out.race = null;
    if (rng.chance(0.08)) out.eye_color = null;
    if (rng.chance(0.05)) out.height_in = null;
    if (rng.chance(0.05)) out.location = null;
    if (rng.chance(0.05)) out.education = null;
    if (rng.chance(0.1)) out.families_so_far = out.family_limit;
    if (rng.chance(0.1)) out.date_of_birth = `${Number(AS_OF.slice(0, 4)) - rng.pick([25, 30, 40, 45])}${AS_OF.slice(4)}`;
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

const rawPreferences = fc.record({
  donor_type_preference: fc.constantFrom('egg', 'sperm', 'surrogate', 'Egg Donor', null),
  preferred_races: listOf(RACES), preferred_ethnicities: listOf(ETHNICITIES),
  preferred_hair_colors: listOf(HAIR_COLORS), preferred_eye_colors: listOf(EYE_COLORS),
  preferred_height_ranges: listOf(HEIGHT_RANGES), preferred_age_ranges: listOf(AGE_RANGES),
  preferred_religions: listOf(RELIGIONS),
  race_dealbreaker: fc.boolean(), ethnicity_dealbreaker: fc.boolean(), hair_color_dealbreaker: fc.boolean(),
  eye_color_dealbreaker: fc.boolean(), height_dealbreaker: fc.boolean(), age_dealbreaker: fc.boolean(),
  user_genetic_conditions: fc.subarray([...GENETIC_CONDITIONS], { maxLength: 4 }),
  acceptable_chronic_conditions: fc.subarray([...CHRONIC_CONDITIONS]),
  no_chronic_conditions_preferred: fc.boolean(),
  preferred_minimum_education: fc.constantFrom(...EDUCATION_LEVELS, 'no_preference'),
  smoking_history_preference: fc.constantFrom(...SMOKING_HISTORY, 'no_preference'),
  recreational_drugs_preference: fc.constantFrom('never', 'former', 'no_preference'),
  regular_exercise_preferred: fc.constantFrom(...EXERCISE_LEVELS, true, false),
  health_insurance_required: fc.boolean(), previous_full_term_pregnancies_preferred: fc.boolean(),
  pregnancy_complications_ok: fc.boolean(),
  importance_physical: fc.integer({ min: 0, max: 100 }), medical_genetic_importance: fc.integer({ min: 0, max: 100 }),
  lifestyle_environment_importance: fc.integer({ min: 0, max: 100 }), values_legal_importance: fc.integer({ min: 0, max: 100 }),
  importance_education: fc.integer({ min: 0, max: 100 }),
  post_match_communication_importance: fc.integer({ min: 0, max: 5 }),
}, { requiredKeys: [] });

const origin = fc.option(fc.record({ lat: fc.double({ min: 20, max: 60, noNaN: true }),
  lon: fc.double({ min: -125, max: -65, noNaN: true }) }), { nil: null });

const scenario = fc.record({
  size: fc.integer({ min: 0, max: 120 }), seed: fc.integer({ min: 1, max: 1_000_000 }),
  raw: rawPreferences, origin, showFlagged: fc.boolean(),
}).map((s) => {
  const donors = catalogue(s.size, s.seed);
  const prefs = normalizePreferences(s.raw, { origin: s.origin });
  return { ...s, donors, prefs, index: buildIndex(donors, { asOf: AS_OF }) };
});

const DEALBREAKERS = ['race', 'ethnicity', 'hairColor', 'eyeColor', 'height', 'age'] as const;

describe('matching properties', () => {
  it('returns exactly what the straightforward implementation returns', () => {
    fc.assert(fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
      const fast = rankDonors(index, prefs, { limit: ALL, showFlagged });
      expect(fast).toEqual(rankDonorsReference(donors, prefs, { limit: ALL, showFlagged, asOf: AS_OF }));
      expect(countMatches(index, prefs, { showFlagged })).toBe(fast.total);
      expect(countMatchesReference(donors, prefs, { showFlagged, asOf: AS_OF })).toBe(fast.total);
    }), RUNS);
  });

  it('returns only donors that satisfy every hard filter', () => {
    fc.assert(fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
      const byId = new Map(donors.map((d) => [d.reference_id, d]));
      for (const m of rankDonors(index, prefs, { limit: ALL, showFlagged }).matches) {
        const donor = byId.get(m.donor_reference_id)!;
        expect(prefs.donorType === null || donor.donor_type === prefs.donorType).toBe(true);
        expect(hardFilterFailures(donor, prefs, { showFlagged, asOf: AS_OF })).toEqual([]);
        expect(donor.availability).toBe('available');
        expect(donor.families_so_far).toBeLessThan(donor.family_limit);
        if (prefs.race.dealbreaker) expect(prefs.race.values).toContain(donor.race);
        if (prefs.age.dealbreaker) {
          const age = ageOn(donor.date_of_birth, AS_OF);
          expect(prefs.age.values!.some((r) => age >= Number(r.split('-')[0]) && age <= Number(r.split('-')[1]))).toBe(true);
        }
      }
    }), RUNS);
  });

  it('never lowers the count when a dealbreaker or requirement is relaxed', () => {
    fc.assert(fc.property(scenario, ({ prefs, index, showFlagged }) => {
      const count = (p: NormalizedPreferences, flagged = showFlagged) => countMatches(index, p, { showFlagged: flagged });
      const base = count(prefs);
      for (const key of DEALBREAKERS) {
        expect(count({ ...prefs, [key]: { ...prefs[key], dealbreaker: false } })).toBeGreaterThanOrEqual(base);
      }
      expect(count({ ...prefs, healthInsuranceRequired: false })).toBeGreaterThanOrEqual(base);
      expect(count({ ...prefs, previousFullTermPregnancyRequired: false })).toBeGreaterThanOrEqual(base);
      expect(count({ ...prefs, pregnancyComplicationsOk: true })).toBeGreaterThanOrEqual(base);
      expect(count({ ...prefs, acceptableChronicConditions: CHRONIC_CONDITIONS })).toBeGreaterThanOrEqual(base);
      expect(count(prefs, true)).toBeGreaterThanOrEqual(base);
    }), RUNS);
  });

  it('keeps every score between 0 and 100', () => {
    fc.assert(fc.property(scenario, ({ prefs, index, showFlagged }) => {
      const inRange = (v: number) => v >= 0 && v <= 100;
      for (const m of rankDonors(index, prefs, { limit: ALL, showFlagged }).matches) {
        expect(inRange(m.overall_match_percentage) && inRange(m.match_percentage)).toBe(true);
        expect(Object.values(m.category_scores).every(inRange)).toBe(true);
        expect(m.factors.every((f) => inRange(f.score) && inRange(f.weight))).toBe(true);
        expect(Object.values(m.category_weights).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
      }
    }), RUNS);
  });

  it('does not depend on the order of the catalogue', () => {
    fc.assert(fc.property(scenario, fc.integer(), ({ donors, prefs, index, showFlagged }, shuffleSeed) => {
      const rng = createRng(shuffleSeed);
      const shuffled = [...donors];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      const again = buildIndex(shuffled, { asOf: AS_OF });
      expect(rankDonors(again, prefs, { limit: ALL, showFlagged })).toEqual(rankDonors(index, prefs, { limit: ALL, showFlagged }));
    }), RUNS);
  });

  it('explains only with factors that are in the score breakdown, within 50 words', () => {
    fc.assert(fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
      const byId = new Map(donors.map((d) => [d.reference_id, d]));
      for (const m of rankDonors(index, prefs, { limit: 20, showFlagged }).matches) {
        const factors = new Set(m.factors.map((f) => f.factor));
        for (const s of m.explanation.sentences) {
          expect(factors.has(s.factor)).toBe(true);
          expect(s.text.length).toBeGreaterThan(0);
          expectStatesDonorValue(s.text, s.factor, byId.get(m.donor_reference_id)!);
        }
        expect(m.explanation.summary_factors.every((f) => factors.has(f))).toBe(true);
        expect(m.matched_attributes_summary.every((f) => factors.has(f as never))).toBe(true);
        expect(m.explanation.summary.split(/\s+/).length).toBeLessThanOrEqual(50);
        expect(m.ai_explanation).toBe(m.explanation.summary);
      }
    }), RUNS);
  });

  it('counts, for each relaxable filter, exactly the donors failing only that filter', () => {
    fc.assert(fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
      const options = { showFlagged, asOf: AS_OF };
      const wanted = donors.filter((d) => prefs.donorType === null || d.donor_type === prefs.donorType);
      for (const cf of counterfactuals(index, prefs, { showFlagged })) {
        const only = wanted.filter((d) => {
          const failed = hardFilterFailures(d, prefs, options);
          return failed.length === 1 && failed[0] === cf.filter;
        });
        expect(cf.additional_matches).toBe(only.length);
        if (only.length === 0) {
          expect(cf.best_donor_reference_id).toBeNull();
          continue;
        }
        const scored = only.map((d) => ({ id: d.reference_id,
          score: scoreCodes(buildPlan(prefs, d.donor_type), encodeDonor(d, AS_OF)) }));
        const best = Math.max(...scored.map((s) => s.score));
        const bestId = scored.filter((s) => s.score === best).map((s) => s.id).sort()[0];
        expect(cf.best_donor_reference_id).toBe(bestId);
        expect(cf.best_overall_match_percentage).toBe(Math.round(Math.min(100, best * 100) * 10) / 10);
      }
      for (const key of DEALBREAKERS) {
        if (!prefs[key].dealbreaker) continue;
        const relaxed = countMatches(index, { ...prefs, [key]: { ...prefs[key], dealbreaker: false } }, { showFlagged });
        const cf = counterfactuals(index, prefs, { showFlagged }).find((c) => c.filter.startsWith(
          { race: 'race', ethnicity: 'ethnicity', hairColor: 'hair_color', eyeColor: 'eye_color', height: 'height', age: 'age' }[key]));
        expect(relaxed - countMatches(index, prefs, { showFlagged })).toBe(cf!.additional_matches);
      }
    }), RUNS);
  });
});

/** A sentence about an attribute quotes the donor's own value, so it cannot contradict the data. */
function expectStatesDonorValue(text: string, factor: Match['factors'][number]['factor'], d: Donor): void {
  const human = (v: string | null) => (v === null ? 'not stated' : v.replace(/_/g, ' '));
  const checks: Partial<Record<typeof factor, () => boolean>> = {
    race: () => text.includes(human(d.race)),
    eye_color: () => text.includes(human(d.eye_color)),
    height: () => (d.height_in === null ? text.includes('not stated') : text.includes(`${Math.round(d.height_in)} in`)),
    age: () => text.includes(String(ageOn(d.date_of_birth, AS_OF))),
    education: () => text.includes(human(d.education)),
    smoking: () => text.includes(human(d.smoking)),
  };
  expect(checks[factor]?.() ?? true, `${factor}: "${text}"`).toBe(true);
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AVAILABILITY, CHRONIC_CONDITIONS } from '@kindred/shared/vocabulary';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { ageOn, encodeDonor } from './codes.ts';
import {
  buildIndex,
  counterfactuals,
  countMatches,
  countMatchesReference,
  hardFilterFailures,
  rankDonors,
  rankDonorsReference,
} from './index.ts';
import { createRng } from './random.ts';
import { buildPlan, metCount, scoreCodes, shownTenths } from './score.ts';
import { ALL, AS_OF, RUNS, rankOptions, scenario } from './test-arbitraries.ts';
import type { Donor, Match } from './types.ts';

const DEALBREAKERS = ['race', 'ethnicity', 'hairColor', 'eyeColor', 'height', 'age'] as const;

describe('matching properties', () => {
  it('returns exactly what the straightforward implementation returns', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
        const fast = rankDonors(index, prefs, { limit: ALL, showFlagged });
        expect(fast).toEqual(rankDonorsReference(donors, prefs, { limit: ALL, showFlagged, asOf: AS_OF }));
        expect(countMatches(index, prefs, { showFlagged })).toBe(fast.total);
        expect(countMatchesReference(donors, prefs, { showFlagged, asOf: AS_OF })).toBe(fast.total);
      }),
      RUNS,
    );
  });

  it('returns what the straightforward implementation returns for any sort, refinement and relaxation', () => {
    fc.assert(
      fc.property(scenario, rankOptions, ({ donors, prefs, index, showFlagged }, options) => {
        const limit = 15;
        const fast = rankDonors(index, prefs, { ...options, limit, showFlagged });
        expect(fast).toEqual(rankDonorsReference(donors, prefs, { ...options, limit, showFlagged, asOf: AS_OF }));
      }),
      RUNS,
    );
  });

  it('returns only donors that satisfy every hard filter', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
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
            expect(
              prefs.age.values!.some((r) => age >= Number(r.split('-')[0]) && age <= Number(r.split('-')[1])),
            ).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('never lowers the count when a dealbreaker or requirement is relaxed', () => {
    fc.assert(
      fc.property(scenario, ({ prefs, index, showFlagged }) => {
        const count = (p: NormalizedPreferences, flagged = showFlagged) =>
          countMatches(index, p, { showFlagged: flagged });
        const base = count(prefs);
        for (const key of DEALBREAKERS) {
          expect(count({ ...prefs, [key]: { ...prefs[key], dealbreaker: false } })).toBeGreaterThanOrEqual(base);
        }
        expect(count({ ...prefs, healthInsuranceRequired: false })).toBeGreaterThanOrEqual(base);
        expect(count({ ...prefs, previousFullTermPregnancyRequired: false })).toBeGreaterThanOrEqual(base);
        expect(count({ ...prefs, pregnancyComplicationsOk: true })).toBeGreaterThanOrEqual(base);
        expect(count({ ...prefs, acceptableChronicConditions: CHRONIC_CONDITIONS })).toBeGreaterThanOrEqual(base);
        expect(count(prefs, true)).toBeGreaterThanOrEqual(base);
      }),
      RUNS,
    );
  });

  it('keeps every score between 0 and 100', () => {
    fc.assert(
      fc.property(scenario, ({ prefs, index, showFlagged }) => {
        const inRange = (v: number) => v >= 0 && v <= 100;
        for (const m of rankDonors(index, prefs, { limit: ALL, showFlagged }).matches) {
          expect(inRange(m.overall_match_percentage) && inRange(m.match_percentage)).toBe(true);
          expect(Object.values(m.category_scores).every(inRange)).toBe(true);
          expect(m.factors.every((f) => inRange(f.score) && inRange(f.weight))).toBe(true);
          expect(Object.values(m.category_weights).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
        }
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the catalogue', () => {
    fc.assert(
      fc.property(scenario, fc.integer(), ({ donors, prefs, index, showFlagged }, shuffleSeed) => {
        const rng = createRng(shuffleSeed);
        const shuffled = [...donors];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = rng.int(0, i);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const again = buildIndex(shuffled, { asOf: AS_OF });
        expect(rankDonors(again, prefs, { limit: ALL, showFlagged })).toEqual(
          rankDonors(index, prefs, { limit: ALL, showFlagged }),
        );
      }),
      RUNS,
    );
  });

  it('explains only with factors that are in the score breakdown, within 50 words', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
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
      }),
      RUNS,
    );
  });

  it('counts, for each relaxable filter, exactly the donors failing only that filter', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
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
          const scored = only.map((d) => {
            const plan = buildPlan(prefs, d.donor_type);
            const codes = encodeDonor(d, AS_OF);
            return { d, score: scoreCodes(plan, codes), met: metCount(plan, codes) };
          });
          // Best: score, then preferences met, fresher medical update, availability, family slots left, reference id.
          scored.sort(
            (a, b) =>
              shownTenths(b.score) - shownTenths(a.score) ||
              b.met - a.met ||
              b.d.last_medical_update.localeCompare(a.d.last_medical_update) ||
              AVAILABILITY.indexOf(a.d.availability) - AVAILABILITY.indexOf(b.d.availability) ||
              b.d.family_limit - b.d.families_so_far - (a.d.family_limit - a.d.families_so_far) ||
              a.d.reference_id.localeCompare(b.d.reference_id),
          );
          const best = scored[0]!;
          expect(cf.best_donor_reference_id).toBe(best.d.reference_id);
          expect(cf.best_overall_match_percentage).toBe(shownTenths(best.score) / 10);
        }
        for (const key of DEALBREAKERS) {
          if (!prefs[key].dealbreaker) continue;
          const relaxed = countMatches(
            index,
            { ...prefs, [key]: { ...prefs[key], dealbreaker: false } },
            { showFlagged },
          );
          const cf = counterfactuals(index, prefs, { showFlagged }).find((c) =>
            c.filter.startsWith(
              {
                race: 'race',
                ethnicity: 'ethnicity',
                hairColor: 'hair_color',
                eyeColor: 'eye_color',
                height: 'height',
                age: 'age',
              }[key],
            ),
          );
          expect(relaxed - countMatches(index, prefs, { showFlagged })).toBe(cf!.additional_matches);
        }
      }),
      RUNS,
    );
  });
});

/** A sentence about an attribute quotes the donor's own value, so it cannot contradict the data. */
function expectStatesDonorValue(text: string, factor: Match['factors'][number]['factor'], d: Donor): void {
  const human = (v: string | null) => (v === null ? 'not stated' : v === 'masters' ? "master's" : v.replace(/_/g, ' '));
  const checks: Partial<Record<typeof factor, () => boolean>> = {
    race: () => text.includes(human(d.race)),
    eye_color: () => text.includes(human(d.eye_color)),
    height: () => (d.height_in === null ? text.includes('not stated') : text.includes(`${Math.round(d.height_in)} in`)),
    age: () => text.includes(String(ageOn(d.date_of_birth, AS_OF))),
    education: () => text.includes(human(d.education)),
    smoking: () => text.includes(human(d.smoking)),
    alcohol: () => text.includes(human(d.alcohol)),
  };
  expect(checks[factor]?.() ?? true, `${factor}: "${text}"`).toBe(true);
}

/**
 * Properties of a ranking a parent and a genetic counsellor can trust (issue 10): an unanswered question moves
 * nobody, a donor at least as good on every factor ranks at least as high, every miss is named, no chip for a
 * miss, surrogates carry no genetic factors, and distance moves the order only through the distance factor.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALCOHOL_USE,
  EDUCATION_LEVELS,
  RECREATIONAL_DRUGS,
  SMOKING_HISTORY,
  rangeBounds,
} from '@kindred/shared/vocabulary';
import { normalizePreferences } from '@kindred/shared/preferences';
import type { RawPreferences } from '@kindred/shared/preferences';
import { ageOn, encodeDonor, heightCode } from './codes.ts';
import { buildIndex, countMatches, rankDonors } from './index.ts';
import { breakdown, buildPlan } from './score.ts';
import { ALL, AS_OF, RUNS, catalogue, origin, rawPreferences, scenario } from './test-arbitraries.ts';
import type { Donor } from './types.ts';

/** What a carrier or donor-side genetic sentence says (never said of a surrogate). */
const GENETIC_FINDING = /carrier|carries|genetic risk|donor-side|counseling/i;

/** Each question as the wizard can leave it: the answer that means "no preference", against leaving it out. */
const NO_PREFERENCE_ANSWERS: Record<string, unknown[]> = {
  preferred_races: [['no_preference']],
  preferred_ethnicities: [['no_preference']],
  preferred_hair_colors: [['no_preference']],
  preferred_eye_colors: [['no_preference']],
  preferred_height_ranges: [['no_preference']],
  preferred_age_ranges: [['no_preference']],
  preferred_religions: [['no_preference'], []],
  preferred_minimum_education: ['no_preference', ''],
  smoking_history_preference: ['no_preference'],
  recreational_drugs_preference: ['no_preference'],
  alcohol_use_preference: ['no_preference'],
  regular_exercise_preferred: ['no_preference'],
  // "No" to post-match communication is no preference on disclosure.
  post_match_communication_importance: [0, null],
  health_insurance_required: [false, 'no'],
  previous_full_term_pregnancies_preferred: [false, 'no'],
  pregnancy_complications_ok: [true, 'yes'],
  user_genetic_conditions: [['None Known'], []],
};

const without = (raw: RawPreferences, key: string) => {
  const copy: Record<string, unknown> = { ...raw };
  delete copy[key];
  return copy as RawPreferences;
};

describe('honest ranking', () => {
  it('an unanswered or no-preference question never changes scores or order', () => {
    fc.assert(
      fc.property(
        fc.record({
          size: fc.integer({ min: 1, max: 80 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          raw: rawPreferences,
          origin,
          key: fc.constantFrom(...Object.keys(NO_PREFERENCE_ANSWERS)),
          pick: fc.nat(),
        }),
        ({ size, seed, raw, origin: o, key, pick }) => {
          const index = buildIndex(catalogue(size, seed), { asOf: AS_OF });
          const answers = NO_PREFERENCE_ANSWERS[key]!;
          const skipped = without(raw, key);
          const answered = { ...skipped, [key]: answers[pick % answers.length] } as RawPreferences;
          const rank = (r: RawPreferences) => rankDonors(index, normalizePreferences(r, { origin: o }), { limit: ALL });
          expect(rank(answered)).toEqual(rank(skipped));
        },
      ),
      RUNS,
    );
  });

  it('unanswered post-match communication gives disclosure no say at all', () => {
    fc.assert(
      fc.property(scenario, ({ index, raw, origin: o }) => {
        const prefs = normalizePreferences(without(raw, 'post_match_communication_importance'), { origin: o });
        for (const m of rankDonors(index, prefs, { limit: ALL }).matches) {
          expect(m.factors.map((f) => f.factor)).not.toContain('post_match_communication');
        }
      }),
      RUNS,
    );
  });

  it('a donor at least as good on every factor, and better on one, shows at least the same score and ranks higher unless the scores shown are equal', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
        const byId = new Map(donors.map((d) => [d.reference_id, d]));
        const ranked = rankDonors(index, prefs, { limit: 60, showFlagged }).matches.map((m) => {
          const d = byId.get(m.donor_reference_id)!;
          const plan = buildPlan(prefs, d.donor_type);
          // Factors the parent marked not important weigh nothing, so they cannot make one donor better.
          const counted = breakdown(plan, encodeDonor(d, AS_OF)).values.filter((v) => v.counted);
          return {
            id: m.donor_reference_id,
            type: d.donor_type,
            shown: m.overall_match_percentage,
            met: m.preferences_met,
            scores: counted.map((v) => v.score),
          };
        });
        ranked.forEach((a, i) =>
          ranked.forEach((b, j) => {
            if (a.type !== b.type) return;
            const atLeast = a.scores.every((s, k) => s >= b.scores[k]!);
            const better = a.scores.some((s, k) => s > b.scores[k]!);
            if (!atLeast || !better) return;
            expect(a.shown, `${a.id} dominates ${b.id}`).toBeGreaterThanOrEqual(b.shown);
            // The list follows the score as shown; equal shown scores go by the tie keys, preferences met first.
            if (a.shown > b.shown || a.met > b.met) expect(i, `${a.id} dominates ${b.id}`).toBeLessThan(j);
          }),
        );
      }),
      RUNS,
    );
  });

  it('names every stated preference a donor misses, in the summary and in a sentence', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
        const byId = new Map(donors.map((d) => [d.reference_id, d]));
        for (const m of rankDonors(index, prefs, { limit: 40, showFlagged }).matches) {
          const missed = m.factors.filter((f) => f.stated && !f.met).map((f) => f.factor);
          expect(new Set([...m.missed, ...m.missed_not_counted])).toEqual(new Set(missed));
          for (const f of missed) {
            expect(m.explanation.summary_factors, `${f} in the summary`).toContain(f);
            expect(
              m.explanation.sentences.some((s) => s.factor === f),
              `${f} has a sentence`,
            ).toBe(true);
          }
          expect(m.explanation.summary.split(/\s+/).length).toBeLessThanOrEqual(50);
          // Independently of the engine's own bookkeeping, from the donor record:
          const d = byId.get(m.donor_reference_id)!;
          for (const f of shortfallsOf(d, prefs)) {
            expect([...m.missed, ...m.missed_not_counted], `${m.donor_reference_id} misses ${f}`).toContain(f);
          }
        }
      }),
      RUNS,
    );
  });

  it('names a miss the parent marked not important, as not counted, worth no points', () => {
    fc.assert(
      fc.property(scenario, ({ index, raw, origin: o }) => {
        const prefs = normalizePreferences(
          { ...raw, lifestyle_environment_importance: 0, smoking_history_preference: 'never' },
          { origin: o },
        );
        for (const m of rankDonors(index, prefs, { limit: 30 }).matches) {
          const smoking = m.factors.find((f) => f.factor === 'smoking');
          if (!smoking || smoking.met) continue;
          expect(m.missed_not_counted).toContain('smoking');
          expect(m.missed).not.toContain('smoking');
          expect(smoking).toMatchObject({ weight: 0, points: 0 });
          expect(m.explanation.summary).toMatch(/Not counted: .*smoking/);
          expect(m.explanation.sentences.find((s) => s.factor === 'smoking')!.text).toContain('This does not count');
        }
      }),
      RUNS,
    );
  });

  it('shows a matched-attribute chip only for a factor the donor fully meets', () => {
    fc.assert(
      fc.property(scenario, ({ donors, prefs, index, showFlagged }) => {
        const byId = new Map(donors.map((d) => [d.reference_id, d]));
        for (const m of rankDonors(index, prefs, { limit: 40, showFlagged }).matches) {
          const d = byId.get(m.donor_reference_id)!;
          const shortfalls = shortfallsOf(d, prefs);
          for (const chip of m.matched_attributes_summary) {
            expect(m.factors.find((f) => f.factor === chip)).toMatchObject({ score: 100, met: true, stated: true });
            expect(shortfalls).not.toContain(chip);
          }
        }
      }),
      RUNS,
    );
  });

  it('surrogates carry no genetic factor, report or exclusion', () => {
    fc.assert(
      fc.property(scenario, ({ prefs, index, showFlagged }) => {
        const surrogates = { ...prefs, donorType: 'surrogate' as const };
        for (const m of rankDonors(index, surrogates, { limit: ALL, showFlagged }).matches) {
          expect(m.factors.some((f) => f.factor === 'carrier_screening' || f.factor === 'donor_genetic_risk')).toBe(
            false,
          );
          expect(m.carrier_report).toEqual([]);
          expect(m.flagged).toBe(false);
          // Carrier or donor-side findings; "medical and genetic factors" names a category, not a finding.
          expect(m.explanation.sentences.some((s) => GENETIC_FINDING.test(s.text))).toBe(false);
        }
        // The parent's own carrier conditions change nothing for surrogates.
        expect(countMatches(index, surrogates)).toBe(countMatches(index, { ...surrogates, geneticConditions: [] }));
        expect(rankDonors(index, surrogates, { limit: ALL })).toEqual(
          rankDonors(index, { ...surrogates, geneticConditions: [] }, { limit: ALL }),
        );
      }),
      RUNS,
    );
  });

  it('moves the order with distance only through the distance factor', () => {
    fc.assert(
      fc.property(scenario, origin, origin, ({ prefs, index }, a, b) => {
        if (a === null || b === null) return;
        const at = (o: typeof a) =>
          new Map(
            rankDonors(index, { ...prefs, origin: o }, { limit: ALL }).matches.map((m) => [m.donor_reference_id, m]),
          );
        const here = at(a);
        const there = at(b);
        expect([...here.keys()].sort()).toEqual([...there.keys()].sort());
        for (const [id, m] of here) {
          const other = there.get(id)!;
          // Points are the shown score's rounding shared out by largest remainder, so they may move by 0.1.
          const rest = (x: typeof m) =>
            x.factors.filter((f) => f.factor !== 'location').map(({ met: _m, points: _p, ...f }) => f);
          expect(rest(m)).toEqual(rest(other));
        }
      }),
      RUNS,
    );
  });
});

/**
 * Shortfalls read straight from the record for the factors a parent states most (not from the engine). Every one
 * must be named, counted or not (a category marked not important still names its misses, as not counted).
 */
function shortfallsOf(d: Donor, prefs: ReturnType<typeof normalizePreferences>): string[] {
  const out: string[] = [];
  const outside = (v: number, ranges: readonly string[]) =>
    !ranges.some((r) => {
      const [lo, hi] = rangeBounds(r as never);
      return v >= lo && v <= hi;
    });
  if (
    prefs.minimumEducation &&
    (d.education === null || EDUCATION_LEVELS.indexOf(d.education) < EDUCATION_LEVELS.indexOf(prefs.minimumEducation))
  )
    out.push('education');
  if (
    prefs.maxSmoking &&
    (d.smoking === null || SMOKING_HISTORY.indexOf(d.smoking) > SMOKING_HISTORY.indexOf(prefs.maxSmoking))
  )
    out.push('smoking');
  if (
    prefs.maxRecreationalDrugs &&
    (d.recreational_drugs === null ||
      RECREATIONAL_DRUGS.indexOf(d.recreational_drugs) > RECREATIONAL_DRUGS.indexOf(prefs.maxRecreationalDrugs))
  )
    out.push('recreational_drugs');
  if (
    prefs.maxAlcohol &&
    (d.alcohol === null || ALCOHOL_USE.indexOf(d.alcohol) > ALCOHOL_USE.indexOf(prefs.maxAlcohol))
  )
    out.push('alcohol');
  const age = ageOn(d.date_of_birth, AS_OF);
  if (prefs.age.values && (age <= 0 || outside(age, prefs.age.values))) out.push('age');
  const height = heightCode(d.height_in);
  if (prefs.height.values && (height === 0 || outside(height, prefs.height.values))) out.push('height');
  if (prefs.race.values && (d.race === null || !prefs.race.values.includes(d.race))) out.push('race');
  return out;
}

/**
 * Issue 24, "numbers that never contradict": the badge, the points table and the order of the list tell the same
 * story. A donor meeting every counted factor shows exactly 100 % (and only such a donor does), the table's points
 * add up to the badge, and equal badges are ordered by the documented tie keys, never by hidden decimals.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizePreferences } from '@kindred/shared/preferences';
import { CHICAGO, FIXTURE_AS_OF, fixtureDonor } from './fixtures.ts';
import { buildIndex, rankDonors } from './index.ts';
import { ALL, RUNS, scenario } from './test-arbitraries.ts';
import type { Match } from './types.ts';

const tenths = (v: number) => Math.round(v * 10);
const GOLDEN = {
  donor_type_preference: 'Egg Donor',
  preferred_races: ['White'],
  preferred_eye_colors: ['Blue', 'Green'],
  preferred_height_ranges: ['66-72'],
  preferred_age_ranges: ['26-30'],
  preferred_minimum_education: 'College',
  smoking_history_preference: 'never',
  user_genetic_conditions: ['Cystic fibrosis'],
};

describe('numbers that never contradict', () => {
  // Each of these importances made the old floating-point sum land a hair under 1: "99.9%" with every row "Met".
  const perfect = fixtureDonor('EG-PERFECT', 'egg', { disclosure: 'KNOWN' });
  const index = buildIndex([perfect, fixtureDonor('EG-31', 'egg', { date_of_birth: '1994-01-15' })], {
    asOf: FIXTURE_AS_OF,
  });
  const weights = [
    [10, 10, 10],
    [10, 20, 10],
    [10, 20, 70],
    [10, 50, 10],
  ];

  it.each(weights)('importances %i / %i / %i: a donor meeting every factor shows a full score', (a, b, c) => {
    const prefs = normalizePreferences(
      {
        ...GOLDEN,
        importance_physical: a,
        medical_genetic_importance: b,
        lifestyle_environment_importance: c,
      },
      { origin: CHICAGO },
    );
    const [first, second] = rankDonors(index, prefs).matches as [Match, Match];
    expect(first.donor_reference_id).toBe('EG-PERFECT');
    expect(first.factors.every((f) => f.met)).toBe(true);
    expect(first.overall_match_percentage).toBe(100);
    expect(first.match_percentage).toBe(100);
    expect(first.ai_explanation.startsWith('100% match.')).toBe(true);
    // A year outside the age range is a miss: never 100%.
    expect(second.missed).toContain('age');
    expect(second.overall_match_percentage).toBeLessThan(100);
    // Every table adds up to its badge; a met row loses nothing.
    for (const m of [first, second]) {
      expect(m.factors.reduce((n, f) => n + tenths(f.points), 0)).toBe(tenths(m.overall_match_percentage));
      expect(m.factors.reduce((n, f) => n + tenths(f.weight), 0)).toBe(1000);
      for (const f of m.factors) if (f.met) expect(f.points).toBe(f.weight);
    }
  });

  it('gives every donor a points table that adds up exactly to its badge, each row within 0 and its weight', () => {
    fc.assert(
      fc.property(scenario, ({ prefs, index: idx, showFlagged }) => {
        for (const m of rankDonors(idx, prefs, { limit: ALL, showFlagged }).matches) {
          const counted = m.factors.filter((f) => f.weight > 0);
          expect(
            counted.reduce((n, f) => n + tenths(f.points), 0),
            m.donor_reference_id,
          ).toBe(tenths(m.overall_match_percentage));
          for (const f of m.factors) {
            expect(f.points).toBeGreaterThanOrEqual(0);
            expect(f.points).toBeLessThanOrEqual(f.weight);
          }
          // 100% exactly when every counted factor (the engine's own judgements included) is fully met.
          expect(m.overall_match_percentage === 100, m.donor_reference_id).toBe(counted.every((f) => f.met));
        }
      }),
      RUNS,
    );
  });

  it('orders the list by the score shown, then preferences met, medical update and availability', () => {
    fc.assert(
      fc.property(scenario, ({ prefs, index: idx, showFlagged }) => {
        const list = rankDonors(idx, prefs, { limit: ALL, showFlagged, refine: { includeReserved: true } }).matches;
        for (let i = 0; i + 1 < list.length; i++) {
          const [a, b] = [list[i]!, list[i + 1]!];
          const pair = `${a.donor_reference_id} before ${b.donor_reference_id}`;
          expect(a.overall_match_percentage, pair).toBeGreaterThanOrEqual(b.overall_match_percentage);
          if (a.overall_match_percentage !== b.overall_match_percentage) continue;
          expect(a.preferences_met, pair).toBeGreaterThanOrEqual(b.preferences_met);
          if (a.preferences_met !== b.preferences_met) continue;
          expect(a.last_medical_update >= b.last_medical_update, pair).toBe(true);
          if (a.last_medical_update !== b.last_medical_update) continue;
          if (a.availability !== b.availability) expect(a.availability, pair).toBe('available');
        }
      }),
      RUNS,
    );
  });

  it('says why a card sits where it does when its neighbour shows the same score', () => {
    const donors = [
      fixtureDonor('EG-OLD-UPDATE', 'egg', { last_medical_update: '2024-03-01' }),
      fixtureDonor('EG-NEW-UPDATE', 'egg', { last_medical_update: '2024-11-01' }),
      fixtureDonor('EG-BROWN', 'egg', { eye_color: 'brown' }),
    ];
    const idx = buildIndex(donors, { asOf: FIXTURE_AS_OF });
    const prefs = normalizePreferences(GOLDEN, { origin: CHICAGO });
    const list = rankDonors(idx, prefs).matches;
    expect(list.map((m) => m.donor_reference_id)).toEqual(['EG-NEW-UPDATE', 'EG-OLD-UPDATE', 'EG-BROWN']);
    expect(list[0]!.overall_match_percentage).toBe(list[1]!.overall_match_percentage);
    expect(list.map((m) => m.tie_note)).toEqual([
      'Same score: more recent medical update',
      'Same score as the donor above, which has a more recent medical update',
      null,
    ]);
    // The same sentences one page at a time: the neighbours outside the page still count.
    expect(rankDonors(idx, prefs, { limit: 1 }).matches[0]!.tie_note).toBe('Same score: more recent medical update');
    expect(rankDonors(idx, prefs, { offset: 1, limit: 1 }).matches[0]!.tie_note).toBe(
      'Same score as the donor above, which has a more recent medical update',
    );
    // Sorted by distance, the score is not what places a card: no tie sentence.
    expect(rankDonors(idx, prefs, { sort: 'distance' }).matches.every((m) => m.tie_note === null)).toBe(true);
  });

  it("gives a tie sentence to exactly the cards whose shown score equals a neighbour's", () => {
    fc.assert(
      fc.property(scenario, ({ prefs, index: idx, showFlagged }) => {
        const list = rankDonors(idx, prefs, { limit: ALL, showFlagged }).matches;
        list.forEach((m, i) => {
          const tied = [list[i - 1], list[i + 1]].some(
            (n) => n !== undefined && n.overall_match_percentage === m.overall_match_percentage,
          );
          expect(m.tie_note !== null, m.donor_reference_id).toBe(tied);
        });
      }),
      RUNS,
    );
  });

  it('gives egg and sperm donors partial credit that falls with distance: 8 km beats 474 km, all else equal', () => {
    // Evanston is about 20 km from Chicago, Columbus about 474 km, Seattle about 2,800 km.
    const at = (id: string, type: 'egg' | 'sperm', city: string, lat: number, lon: number) =>
      fixtureDonor(id, type, { location: { city, state: 'XX', country: 'US', zip: '00000', lat, lon } });
    for (const type of ['egg', 'sperm'] as const) {
      const donors = [
        at('FAR', type, 'Seattle', 47.6062, -122.3321),
        at('MID', type, 'Columbus', 39.9612, -82.9988),
        at('NEAR', type, 'Evanston', 42.0451, -87.6877),
      ];
      const idx = buildIndex(donors, { asOf: FIXTURE_AS_OF });
      const prefs = normalizePreferences(
        { ...GOLDEN, donor_type_preference: type === 'egg' ? 'Egg Donor' : 'Sperm Donor' },
        { origin: CHICAGO },
      );
      const list = rankDonors(idx, prefs).matches;
      expect(list.map((m) => m.donor_reference_id)).toEqual(['NEAR', 'MID', 'FAR']);
      const [near, mid, far] = list as [Match, Match, Match];
      expect(near.overall_match_percentage).toBeGreaterThan(mid.overall_match_percentage);
      expect(mid.overall_match_percentage).toBeGreaterThan(far.overall_match_percentage);
      const loc = (m: Match) => m.factors.find((f) => f.factor === 'location')!;
      expect(loc(near).met).toBe(true);
      expect(loc(mid).met).toBe(false);
      expect(mid.missed).toContain('location');
      // Shipped donations: distance never costs more than half the factor.
      expect(loc(far).score).toBeGreaterThanOrEqual(50);
    }
  });

  it('keeps the stronger distance weighting for surrogates', () => {
    const origin = CHICAGO;
    const columbus = { city: 'Columbus', state: 'OH', country: 'US', zip: '43004', lat: 39.9612, lon: -82.9988 };
    const egg = fixtureDonor('EGG-COL', 'egg', { location: columbus });
    const surrogate = fixtureDonor('SUR-COL', 'surrogate', { location: columbus });
    const idx = buildIndex([egg, surrogate], { asOf: FIXTURE_AS_OF });
    const lost = (type: string) => {
      const raw = { donor_type_preference: type, preferred_races: ['White'] };
      const m = rankDonors(idx, normalizePreferences(raw, { origin })).matches[0]!;
      const f = m.factors.find((x) => x.factor === 'location')!;
      return { weight: f.weight, lost: f.weight - f.points };
    };
    const e = lost('Egg Donor');
    const s = lost('Surrogate');
    expect(s.weight).toBeGreaterThan(e.weight);
    expect(s.lost).toBeGreaterThan(e.lost);
    expect(s.lost / s.weight).toBeGreaterThan(e.lost / e.weight);
  });
});

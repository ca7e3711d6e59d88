import { describe, expect, it } from 'vitest';
import { normalizePreferences } from '@kindred/shared/preferences';
import type { RawPreferences } from '@kindred/shared/preferences';
import { CHICAGO, FIXTURE_AS_OF, MILWAUKEE, SEATTLE, fixtureDonor, panel } from './fixtures.ts';
import { buildIndex, countMatches, rankDonors } from './index.ts';
import type { Donor } from './types.ts';

const index = (donors: Donor[]) => buildIndex(donors, { asOf: FIXTURE_AS_OF });
const prefs = (raw: RawPreferences, origin = CHICAGO) => normalizePreferences(raw, { origin });
const ids = (r: { matches: { donor_reference_id: string }[] }) => r.matches.map((m) => m.donor_reference_id);

describe('golden: egg donors', () => {
  const p = prefs({
    donor_type_preference: 'Egg Donor',
    preferred_races: ['White'],
    race_dealbreaker: true,
    preferred_eye_colors: ['Blue', 'Green'],
    preferred_height_ranges: ['66-72'],
    preferred_age_ranges: ['26-30'],
    preferred_minimum_education: 'College',
    smoking_history_preference: 'never',
    user_genetic_conditions: ['Cystic fibrosis'],
  });
  const donors = [
    fixtureDonor('EG-PERFECT', 'egg', { disclosure: 'KNOWN' }),
    fixtureDonor('EG-BROWN-EYES', 'egg', { disclosure: 'KNOWN', eye_color: 'brown' }),
    fixtureDonor('EG-CF-UNTESTED', 'egg', {
      disclosure: 'KNOWN',
      carrier_screening: panel({ cystic_fibrosis: { tested: false, carrier: false } }),
    }),
    fixtureDonor('EG-ASIAN', 'egg', { race: 'asian' }),
    fixtureDonor('EG-CF-CARRIER', 'egg', {
      carrier_screening: panel({ cystic_fibrosis: { tested: true, carrier: true } }),
    }),
    fixtureDonor('EG-RESERVED', 'egg', { availability: 'reserved' }),
    fixtureDonor('SP-PERFECT', 'sperm'),
  ];
  const result = rankDonors(index(donors), p);

  it('keeps only available egg donors that pass the race dealbreaker and the carrier check', () => {
    expect(result.total).toBe(3);
    expect(new Set(ids(result))).toEqual(new Set(['EG-PERFECT', 'EG-BROWN-EYES', 'EG-CF-UNTESTED']));
    expect(countMatches(index(donors), p)).toBe(3);
  });

  it('scores a donor who meets every stated preference at 100 and ranks it first', () => {
    const top = result.matches[0]!;
    expect(top.donor_reference_id).toBe('EG-PERFECT');
    expect(top.overall_match_percentage).toBe(100);
    expect(top.match_percentage).toBe(100);
    expect(top.category_scores).toEqual({
      demographic: 100,
      medical_genetic: 100,
      lifestyle_environment: 100,
      values_legal: 100,
    });
    expect(top.carrier_report).toEqual([{ condition: 'cystic_fibrosis', status: 'compatible' }]);
    expect(top.matched_attributes_summary).toEqual(
      expect.arrayContaining(['race', 'eye_color', 'height', 'age', 'education']),
    );
  });

  it('uses the parent importance settings as category weights', () => {
    const w = result.matches[0]!.category_weights;
    // Defaults: physical 50, medical 35, lifestyle 40 → shares of 125; values has no active factor (no religion
    // chosen, post-match communication not asked), so it weighs nothing.
    expect(w).toEqual({ demographic: 40, medical_genetic: 28, lifestyle_environment: 32, values_legal: 0 });
  });

  it('marks an untested carrier condition unknown, not a pass', () => {
    const m = result.matches.find((x) => x.donor_reference_id === 'EG-CF-UNTESTED')!;
    expect(m.carrier_report).toEqual([{ condition: 'cystic_fibrosis', status: 'unknown' }]);
    expect(m.category_scores.medical_genetic).toBeLessThan(100);
    expect(m.overall_match_percentage).toBeLessThan(100);
  });
});

describe('golden: sperm donors', () => {
  const p = prefs({
    donor_type_preference: 'sperm',
    preferred_height_ranges: ['73-77'],
    height_dealbreaker: true,
    preferred_hair_colors: ['Black'],
    post_match_communication_importance: 5,
  });
  const donors = [
    fixtureDonor('SP-ANON', 'sperm', { height_in: 75, hair_color: 'black', disclosure: 'ANON' }),
    fixtureDonor('SP-OPEN', 'sperm', { height_in: 75, hair_color: 'black', disclosure: 'OPEN' }),
    fixtureDonor('SP-KNOWN-BROWN', 'sperm', { height_in: 74, hair_color: 'brown', disclosure: 'KNOWN' }),
    fixtureDonor('SP-SHORT', 'sperm', { height_in: 70, hair_color: 'black' }),
    fixtureDonor('SP-FULL', 'sperm', { height_in: 75, hair_color: 'black', family_limit: 25, families_so_far: 25 }),
    fixtureDonor('SP-NO-HEIGHT', 'sperm', { height_in: null, hair_color: 'black' }),
  ];
  const result = rankDonors(index(donors), p);

  it('applies the height dealbreaker (unknown height fails it) and the family limit', () => {
    expect(ids(result).sort()).toEqual(['SP-ANON', 'SP-KNOWN-BROWN', 'SP-OPEN']);
  });

  it('prefers donors open to contact when post-match communication matters', () => {
    expect(ids(result).indexOf('SP-OPEN')).toBeLessThan(ids(result).indexOf('SP-ANON'));
  });

  it('gives near hair colours partial credit instead of none', () => {
    const brown = result.matches.find((m) => m.donor_reference_id === 'SP-KNOWN-BROWN')!;
    const hair = brown.factors.find((f) => f.factor === 'hair_color')!;
    expect(hair.score).toBe(50);
  });

  it('returns the requested page', () => {
    const page = rankDonors(index(donors), p, { limit: 1, offset: 1 });
    expect(page.total).toBe(3);
    expect(ids(page)).toEqual([ids(result)[1]]);
  });
});

describe('golden: surrogates', () => {
  const raw: RawPreferences = {
    donor_type_preference: 'Surrogate',
    health_insurance_required: true,
    previous_full_term_pregnancies_preferred: true,
    pregnancy_complications_ok: false,
  };
  const surrogate = (id: string, s: Partial<NonNullable<Donor['surrogate']>>, over: Partial<Donor> = {}) => {
    const base = fixtureDonor(id, 'surrogate', over);
    return { ...base, surrogate: { ...base.surrogate!, ...s } };
  };
  const donors = [
    surrogate('SU-NEAR', {}),
    surrogate(
      'SU-MILWAUKEE',
      {},
      { location: { city: 'Milwaukee', state: 'WI', country: 'US', zip: null, ...MILWAUKEE } },
    ),
    surrogate('SU-SEATTLE', {}, { location: { city: 'Seattle', state: 'WA', country: 'US', zip: null, ...SEATTLE } }),
    surrogate('SU-UNINSURED', { health_insurance_covers_pregnancy: false }),
    surrogate('SU-NO-PREGNANCY', { previous_full_term_pregnancies: 0 }),
    surrogate('SU-COMPLICATIONS', { pregnancy_complications: true }),
    fixtureDonor('EG-NEAR', 'egg'),
  ];
  const result = rankDonors(index(donors), prefs(raw));

  it('applies the insurance, pregnancy-history and complication requirements', () => {
    expect(result.total).toBe(3);
  });

  it('ranks by distance, which matters most for surrogates', () => {
    expect(ids(result)).toEqual(['SU-NEAR', 'SU-MILWAUKEE', 'SU-SEATTLE']);
    const far = result.matches[2]!;
    expect(far.factors.find((f) => f.factor === 'location')!.score).toBe(0);
    expect(far.explanation.sentences.some((s) => s.factor === 'location' && /about 2,\d{3} km/.test(s.text))).toBe(
      true,
    );
  });

  it('relaxing the requirements brings the excluded surrogates back', () => {
    const relaxed = prefs({ donor_type_preference: 'surrogate' });
    expect(countMatches(index(donors), relaxed)).toBe(6);
  });
});

describe('ties and determinism', () => {
  it('breaks equal scores by reference id, whatever the catalogue order', () => {
    const donors = ['C-3', 'A-1', 'B-2'].map((id) => fixtureDonor(id, 'egg'));
    const p = prefs({ donor_type_preference: 'egg' });
    expect(ids(rankDonors(index(donors), p))).toEqual(['A-1', 'B-2', 'C-3']);
    expect(ids(rankDonors(index([...donors].reverse()), p))).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('rejects a catalogue with a duplicate reference id', () => {
    expect(() => index([fixtureDonor('X', 'egg'), fixtureDonor('X', 'sperm')])).toThrow(/Duplicate/);
  });

  it('ranks across all types when the preference set names none', () => {
    const donors = [fixtureDonor('E', 'egg'), fixtureDonor('S', 'sperm'), fixtureDonor('U', 'surrogate')];
    expect(rankDonors(index(donors), prefs({})).total).toBe(3);
  });
});

describe('issue 10: what the order is decided by', () => {
  const open = {
    donor_type_preference: 'sperm',
    preferred_races: ['no_preference'],
    preferred_age_ranges: ['no_preference'],
  };
  const donors = [
    fixtureDonor('SP-A-ANON', 'sperm', { disclosure: 'ANON', last_medical_update: '2025-05-01' }),
    fixtureDonor('SP-B-KNOWN', 'sperm', { disclosure: 'KNOWN', last_medical_update: '2024-01-01' }),
    fixtureDonor('SP-C-OPEN', 'sperm', { disclosure: 'OPEN', last_medical_update: '2025-03-01' }),
  ];

  it('does not let disclosure decide the order when post-match communication was skipped or answered No', () => {
    for (const raw of [open, { ...open, post_match_communication_importance: 0 }]) {
      const r = rankDonors(index(donors), prefs(raw));
      expect(new Set(r.matches.map((m) => m.overall_match_percentage)).size).toBe(1);
      // Equal scores: the fresher medical update first, whatever the disclosure.
      expect(ids(r)).toEqual(['SP-A-ANON', 'SP-C-OPEN', 'SP-B-KNOWN']);
    }
  });

  it('lets disclosure count when the parent wants post-match communication', () => {
    const r = rankDonors(index(donors), prefs({ ...open, post_match_communication_importance: 5 }));
    expect(ids(r)).toEqual(['SP-B-KNOWN', 'SP-C-OPEN', 'SP-A-ANON']);
  });

  it('breaks equal scores by more preferences met, then medical update, then family slots left', () => {
    const same = { last_medical_update: '2025-01-01' };
    const r = rankDonors(
      index([
        fixtureDonor('T-1', 'egg', { ...same, family_limit: 6, families_so_far: 5 }),
        fixtureDonor('T-2', 'egg', { ...same, family_limit: 6, families_so_far: 1 }),
        fixtureDonor('T-3', 'egg', { last_medical_update: '2025-02-01' }),
      ]),
      prefs({ donor_type_preference: 'egg' }),
    );
    expect(ids(r)).toEqual(['T-3', 'T-2', 'T-1']);
  });

  it('sorts by distance or by medical update, and narrows to a refinement, on the server', () => {
    const near = [
      fixtureDonor('E-SEATTLE', 'egg', {
        location: { city: 'Seattle', state: 'WA', country: 'US', zip: null, ...SEATTLE },
        last_medical_update: '2025-04-01',
      }),
      fixtureDonor('E-MILWAUKEE', 'egg', {
        location: { city: 'Milwaukee', state: 'WI', country: 'US', zip: null, ...MILWAUKEE },
        disclosure: 'ANON',
      }),
      fixtureDonor('E-CHICAGO', 'egg', { last_medical_update: '2024-06-01', date_of_birth: '1990-01-01' }),
    ];
    const p = prefs({ donor_type_preference: 'egg' });
    expect(ids(rankDonors(index(near), p, { sort: 'distance' }))).toEqual(['E-CHICAGO', 'E-MILWAUKEE', 'E-SEATTLE']);
    expect(ids(rankDonors(index(near), p, { sort: 'medical_update' }))[0]).toBe('E-SEATTLE');
    const refined = rankDonors(index(near), p, { refine: { maxDistanceKm: 200, disclosure: ['OPEN'] } });
    expect(ids(refined)).toEqual(['E-CHICAGO']);
    expect(refined).toMatchObject({ total: 1, passing: 3 });
    expect(rankDonors(index(near), p, { refine: { ageMax: 30 } }).total).toBe(2);
  });
});

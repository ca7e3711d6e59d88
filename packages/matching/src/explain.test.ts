import { describe, expect, it } from 'vitest';
import { normalizePreferences } from '@kindred/shared/preferences';
import { formatMatchPercent } from '@kindred/shared/format';
import { CHICAGO, FIXTURE_AS_OF, fixtureDonor, panel } from './fixtures.ts';
import { buildIndex, rankDonors } from './index.ts';
import type { Donor } from './types.ts';

const rank = (donor: Donor, raw: Parameters<typeof normalizePreferences>[0], origin: typeof CHICAGO | null = CHICAGO) =>
  rankDonors(buildIndex([donor], { asOf: FIXTURE_AS_OF }), normalizePreferences(raw, { origin })).matches[0]!;

describe('explanations', () => {
  const raw = {
    donor_type_preference: 'egg',
    preferred_races: ['white'],
    preferred_eye_colors: ['green'],
    preferred_height_ranges: ['60-65'],
    preferred_age_ranges: ['26-30'],
    preferred_minimum_education: 'doctorate',
    smoking_history_preference: 'never',
    preferred_religions: ['Judaism'],
    user_genetic_conditions: ['SMA'],
  };
  const donor = fixtureDonor('EX-1', 'egg', { eye_color: 'brown', height_in: 70, education: 'college' });
  const m = rank(donor, raw);

  it('names every miss first, costliest first, then the carrier result, then what is met', () => {
    const factors = m.explanation.sentences.map((s) => s.factor);
    // Misses by points lost: religion 16.7, education 13.3 × 0.7, height 7, eye colour 5.3.
    expect(m.missed).toEqual(['religion', 'education', 'height', 'eye_color']);
    expect(factors).toEqual([
      'religion',
      'education',
      'height',
      'eye_color',
      'carrier_screening',
      'smoking',
      'race',
      'age',
      'chronic_conditions',
      'location',
    ]);
  });

  it('states the donor value next to the parent preference', () => {
    const text = (f: string) => m.explanation.sentences.find((s) => s.factor === f)!.text;
    expect(text('race')).toBe('Race: white, one of your choices.');
    expect(text('height')).toBe('Height: 70 in, outside your range (60-65 in).');
    expect(text('education')).toBe('Education: college, below your minimum of doctorate.');
    expect(text('religion')).toBe('Religion: none, not one of your choices (judaism).');
    expect(text('carrier_screening')).toBe(
      'Carrier screening: the donor tested and is not a carrier for spinal muscular atrophy, which you carry.',
    );
  });

  it("words misses as a parent would read them: master's minimum, 'you asked for never'", () => {
    const r = rank(fixtureDonor('EX-4', 'egg', { education: 'college', recreational_drugs: 'former' }), {
      donor_type_preference: 'egg',
      preferred_minimum_education: 'Master',
      recreational_drugs_preference: 'never',
    });
    const texts = r.explanation.sentences.map((s) => s.text);
    expect(texts).toContain("Education: college, below your minimum of master's.");
    expect(texts).toContain('Drug use: former, you asked for never.');
    expect(r.missed).toEqual(['recreational_drugs', 'education']);
    expect(r.explanation.summary).toContain('Misses: drug use (former), education (college).');
  });

  it('names an alcohol miss like a smoking one, and a met answer as within what the parent accepts', () => {
    const heavy = rank(fixtureDonor('EX-8', 'egg', { alcohol: 'regular' }), {
      donor_type_preference: 'egg',
      alcohol_use_preference: 'social',
    });
    expect(heavy.missed).toEqual(['alcohol']);
    expect(heavy.explanation.sentences.map((s) => s.text)).toContain('Alcohol use: regular, you asked for social.');
    expect(heavy.explanation.summary).toContain('Misses: alcohol use (regular).');
    const social = rank(fixtureDonor('EX-9', 'egg', { alcohol: 'social' }), {
      donor_type_preference: 'egg',
      alcohol_use_preference: 'social',
    });
    expect(social.matched_attributes_summary).toContain('alcohol');
    expect(social.explanation.sentences.map((s) => s.text)).toContain(
      'Alcohol use: social, within what you accept (social).',
    );
  });

  it("summarises in at most 50 words, naming every miss, with the badge's number", () => {
    expect(m.ai_explanation).toBe(m.explanation.summary);
    expect(m.explanation.summary).toBe(
      '61.8% match. Misses: religion (none), education (college), height (70 in), ' +
        'eye color (brown). Carrier screening: compatible. Meets: smoking, race, age, chronic conditions, distance.',
    );
    expect(m.explanation.summary.startsWith(`${formatMatchPercent(m.overall_match_percentage)} match.`)).toBe(true);
    expect(m.explanation.summary_factors).toEqual(expect.arrayContaining(m.missed));
  });

  it('shows chips only for factors fully met: an age one year outside the range is not a match', () => {
    const near = rank(fixtureDonor('EX-5', 'egg', { date_of_birth: '1994-01-15' }), raw); // 31 on FIXTURE_AS_OF
    expect(near.factors.find((f) => f.factor === 'age')!.score).toBeGreaterThan(0);
    expect(near.matched_attributes_summary).not.toContain('age');
    expect(near.missed).toContain('age');
    expect(near.explanation.sentences.map((s) => s.text)).toContain('Age: 31, outside your range (26-30).');
    expect(m.matched_attributes_summary).toEqual([
      'race',
      'age',
      'location',
      'carrier_screening',
      'chronic_conditions',
      'smoking',
    ]);
  });

  it('never summarises an untested condition the parent carries as compatible', () => {
    const untested = rank(
      fixtureDonor('EX-6', 'egg', {
        carrier_screening: panel({ spinal_muscular_atrophy: { tested: false, carrier: false } }),
      }),
      raw,
    );
    expect(untested.not_tested_for).toEqual(['spinal_muscular_atrophy']);
    expect(untested.explanation.summary).toContain('carrier screening (not tested for spinal muscular atrophy)');
    expect(untested.explanation.summary).not.toContain('compatible');
    expect(untested.matched_attributes_summary).not.toContain('carrier_screening');
  });

  it('never shows 100% for a donor who misses anything, however small the miss', () => {
    // Everything met but a near eye colour worth a sliver of the score.
    const nearly = rank(fixtureDonor('EX-7', 'egg', { eye_color: 'hazel' }), {
      donor_type_preference: 'egg',
      preferred_eye_colors: ['green'],
      preferred_races: ['white'],
      importance_physical: 1,
      medical_genetic_importance: 100,
      lifestyle_environment_importance: 100,
      values_legal_importance: 100,
      smoking_history_preference: 'never',
      preferred_religions: ['no_preference'],
      user_genetic_conditions: ['SMA'],
    });
    expect(nearly.missed).toEqual(['eye_color']);
    expect(nearly.overall_match_percentage).toBeLessThan(100);
    expect(nearly.match_percentage).toBeLessThan(100);
  });

  it('says a value is not stated rather than guessing, and counts it as a miss', () => {
    const unknown = rank(fixtureDonor('EX-2', 'egg', { height_in: null, location: null }), raw);
    const text = unknown.explanation.sentences.map((s) => s.text);
    expect(text).toContain("Height: not stated in this donor's profile.");
    expect(unknown.missed).toContain('height');
    expect(unknown.factors.find((f) => f.factor === 'height')!.score).toBe(50);
    expect(unknown.distance_km).toBeNull();
  });

  it('gives each factor its points, adding up to the overall score', () => {
    const sum = m.factors.reduce((n, f) => n + f.points, 0);
    expect(Math.abs(sum - m.overall_match_percentage)).toBeLessThanOrEqual(0.05 * m.factors.length);
    expect(m.factors.find((f) => f.factor === 'education')).toMatchObject({
      weight: 13.3,
      points: 4,
      met: false,
      stated: true,
    });
    expect(m.factors.find((f) => f.factor === 'donor_genetic_risk')).toMatchObject({ stated: false });
  });

  it('never mentions a factor the parent expressed no preference about', () => {
    const plain = rank(
      fixtureDonor('EX-3', 'egg', { carrier_screening: panel() }),
      { donor_type_preference: 'egg' },
      null,
    );
    const factors = plain.factors.map((f) => f.factor);
    expect(factors).not.toContain('race');
    expect(factors).not.toContain('post_match_communication');
    expect(plain.explanation.sentences.every((s) => factors.includes(s.factor))).toBe(true);
    expect(plain.category_weights.demographic).toBe(0);
    expect(plain.category_scores.demographic).toBe(100);
  });
});

describe('surrogates are not genetic parents', () => {
  const carrier = panel({
    cystic_fibrosis: { tested: true, carrier: true },
    fragile_x_syndrome: { tested: true, carrier: true },
  });
  const surrogate = fixtureDonor('SU-CF', 'surrogate', { carrier_screening: carrier });
  const raw = { donor_type_preference: 'surrogate', user_genetic_conditions: ['Cystic fibrosis'] };

  it('does not exclude a surrogate who shares a carrier condition with the parent', () => {
    const result = rankDonors(
      buildIndex([surrogate], { asOf: FIXTURE_AS_OF }),
      normalizePreferences(raw, { origin: CHICAGO }),
    );
    expect(result.total).toBe(1);
  });

  it('scores, explains and flags no genetic factor for a surrogate', () => {
    const s = rank(surrogate, raw);
    const factors = s.factors.map((f) => f.factor);
    expect(factors).not.toContain('carrier_screening');
    expect(factors).not.toContain('donor_genetic_risk');
    expect(s.carrier_report).toEqual([]);
    expect(s.not_tested_for).toEqual([]);
    expect(s.flagged).toBe(false);
    expect(JSON.stringify(s.explanation)).not.toMatch(/carr|fragile|genetic/i);
  });
});

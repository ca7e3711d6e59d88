import { describe, expect, it } from 'vitest';
import { normalizePreferences } from '@kindred/shared/preferences';
import { CHICAGO, FIXTURE_AS_OF, fixtureDonor, panel } from './fixtures.ts';
import { buildIndex, rankDonors } from './index.ts';
import type { Donor } from './types.ts';

const rank = (donor: Donor, raw: Parameters<typeof normalizePreferences>[0], origin: typeof CHICAGO | null = CHICAGO) =>
  rankDonors(buildIndex([donor], { asOf: FIXTURE_AS_OF }), normalizePreferences(raw, { origin })).matches[0]!;

describe('explanations', () => {
  const raw = {
    donor_type_preference: 'egg', preferred_races: ['white'], preferred_eye_colors: ['green'],
    preferred_height_ranges: ['60-65'], preferred_age_ranges: ['26-30'], preferred_minimum_education: 'doctorate',
    smoking_history_preference: 'never', preferred_religions: ['Judaism'], user_genetic_conditions: ['SMA'],
  };
  const donor = fixtureDonor('EX-1', 'egg', { eye_color: 'brown', height_in: 70, education: 'college' });
  const m = rank(donor, raw);

  it('gives the strongest reasons first, then the notable mismatches, then the carrier result', () => {
    const factors = m.explanation.sentences.map((s) => s.factor);
    // Strengths by weight × score; gaps by weight lost: education 13.3 × 0.7 > religion 8.3 × 1 > height 7 × 1.
    expect(factors).toEqual(['smoking', 'race', 'age', 'education', 'religion', 'height', 'carrier_screening']);
  });

  it('states the donor value next to the parent preference', () => {
    const text = (f: string) => m.explanation.sentences.find((s) => s.factor === f)!.text;
    expect(text('race')).toBe('Race: white, which matches your preference (white).');
    expect(text('height')).toBe('Height 70 in is outside your preferred range (60-65).');
    expect(text('education')).toBe('Education (college) is below your minimum (doctorate).');
    expect(text('religion')).toBe('Religion: none, which does not match your preference (judaism).');
    expect(text('carrier_screening'))
      .toBe('Carrier screening: the donor tested and is not a carrier for spinal muscular atrophy, which you carry.');
  });

  it('summarises in at most 50 words from the same factors', () => {
    expect(m.ai_explanation).toBe(m.explanation.summary);
    expect(m.explanation.summary).toBe('67.6% overall match. Strongest: smoking history, race, age. '
      + 'Weakest: education, religion, height. Carrier screening: compatible.');
    expect(m.overall_match_percentage).toBe(67.6);
    expect(m.explanation.summary_factors).toEqual(['smoking', 'race', 'age', 'education', 'religion', 'height',
      'carrier_screening']);
  });

  it('says a value is not stated rather than guessing', () => {
    const unknown = rank(fixtureDonor('EX-2', 'egg', { height_in: null, location: null }), raw);
    const text = unknown.explanation.sentences.map((s) => s.text);
    expect(text).toContain("Height is not stated in this donor's profile.");
    expect(unknown.factors.find((f) => f.factor === 'height')!.score).toBe(50);
  });

  it('never mentions a factor the parent expressed no preference about', () => {
    const plain = rank(fixtureDonor('EX-3', 'egg', { carrier_screening: panel() }), { donor_type_preference: 'egg' }, null);
    const factors = plain.factors.map((f) => f.factor);
    expect(factors).not.toContain('race');
    expect(plain.explanation.sentences.every((s) => factors.includes(s.factor))).toBe(true);
    expect(plain.category_weights.demographic).toBe(0);
    expect(plain.category_scores.demographic).toBe(100);
  });
});

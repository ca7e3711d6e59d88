import { describe, expect, it } from 'vitest';
import { canRelax, hardFilterLabel, RELAXABLE_FILTERS, relaxPreferences } from './relaxations.ts';
import { HARD_FILTER_IDS } from './vocabulary.ts';

describe('relaxing hard filters in a stored preference set', () => {
  it('names every hard filter; only answers the parent gave can be relaxed', () => {
    for (const f of HARD_FILTER_IDS) expect(hardFilterLabel(f)).not.toMatch(/_/);
    expect(hardFilterLabel('height_dealbreaker')).toBe('height dealbreaker');
    expect(hardFilterLabel('mystery_rule')).toBe('mystery rule filter');
    expect([...RELAXABLE_FILTERS].sort()).toEqual(
      HARD_FILTER_IDS.filter((f) => !['availability', 'family_limit', 'carrier_high_risk'].includes(f)).sort(),
    );
    expect(canRelax('carrier_high_risk')).toBe(false);
    expect(canRelax('nonsense')).toBe(false);
  });

  it('relaxes the named filters in order and leaves the input alone', () => {
    const stored = { height_dealbreaker: true, race_dealbreaker: true, preferred_races: ['white'] };
    expect(relaxPreferences(stored, ['height_dealbreaker'])).toEqual({
      height_dealbreaker: false,
      race_dealbreaker: true,
      preferred_races: ['white'],
    });
    expect(stored.height_dealbreaker).toBe(true);
    expect(relaxPreferences(stored, ['height_dealbreaker', 'carrier_high_risk'])).toBeNull();
    expect(relaxPreferences({}, ['health_insurance', 'pregnancy_complications'])).toEqual({
      health_insurance_required: false,
      pregnancy_complications_ok: true,
    });
    expect(relaxPreferences({ no_chronic_conditions_preferred: true }, ['chronic_conditions'])).toMatchObject({
      no_chronic_conditions_preferred: false,
    });
  });

  it('expands the Yes/No dealbreaker answer first, since it would override the flag on the server', () => {
    expect(relaxPreferences({ dealbreakers: 'yes', age_dealbreaker: true }, ['height_dealbreaker'])).toEqual({
      age_dealbreaker: true,
      race_dealbreaker: true,
      ethnicity_dealbreaker: true,
      hair_color_dealbreaker: true,
      eye_color_dealbreaker: true,
      height_dealbreaker: false,
    });
    expect(relaxPreferences({ dealbreakers: 'No' }, ['race_dealbreaker'])).toMatchObject({
      height_dealbreaker: false,
      race_dealbreaker: false,
    });
  });
});

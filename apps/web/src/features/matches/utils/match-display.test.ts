import { describe, expect, it } from 'vitest';
import { PLAN_NAMES, matchesShownFor } from '@kindred/shared';
import {
  attributeLabel, counterfactualText, explanationExcerpt, planNameOf, relaxPreferences, SCORE_BANDS, scoreBandColor, toggleCompare,
} from './match-display.ts';

/** WCAG relative luminance contrast of a hex colour against white. */
function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (l + 0.05);
}

describe('match display', () => {
  it('has eight score bands, each AA with white text, chosen by the score', () => {
    expect(SCORE_BANDS).toHaveLength(8);
    for (const band of SCORE_BANDS) expect(contrastWithWhite(band.color), band.color).toBeGreaterThanOrEqual(4.5);
    const colors = [95, 85, 75, 65, 55, 45, 35, 10].map(scoreBandColor);
    expect(new Set(colors).size).toBe(8);
    expect(scoreBandColor(90)).toBe(scoreBandColor(100));
    expect(scoreBandColor(89.9)).toBe(scoreBandColor(80));
    expect(scoreBandColor(29.9)).toBe(scoreBandColor(0));
  });

  it('shows the first 50 words of the explanation with tags stripped', () => {
    const long = `<p>${Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ')}</p>`;
    const cut = explanationExcerpt(long);
    expect(cut.split(' ')).toHaveLength(50);
    expect(cut).toMatch(/^w0 w1 .* w49…$/);
    expect(explanationExcerpt('<b>Strong</b> match on <i>eye colour</i>.')).toBe('Strong match on eye colour.');
  });

  it('turns attribute names into spaced capitalised words', () => {
    expect(attributeLabel('eye_color')).toBe('Eye Color');
    expect(attributeLabel('donor_type')).toBe('Donor Type');
    expect(attributeLabel('education')).toBe('Education');
  });

  it('words counterfactual hints and relaxes the named filter', () => {
    expect(counterfactualText({ filter: 'height_dealbreaker', additional_matches: 12, best_overall_match_percentage: 91.2 }))
      .toBe('Relax your height dealbreaker: 12 more donors, best match 91%');
    expect(counterfactualText({ filter: 'health_insurance', additional_matches: 1, best_overall_match_percentage: null }))
      .toBe('Relax your health insurance requirement: 1 more donor');
    expect(relaxPreferences({ height_dealbreaker: true, race_dealbreaker: true }, 'height_dealbreaker')).toEqual({ height_dealbreaker: false, race_dealbreaker: true });
    expect(relaxPreferences({}, 'carrier_high_risk')).toBeNull();
    // The Yes/No answer would override the flag on the server: it is expanded into per-attribute flags first.
    expect(relaxPreferences({ dealbreakers: 'yes', age_dealbreaker: true }, 'height_dealbreaker')).toEqual({ age_dealbreaker: true,
      race_dealbreaker: true, ethnicity_dealbreaker: true, hair_color_dealbreaker: true, eye_color_dealbreaker: true, height_dealbreaker: false });
  });

  it('reads the plan from transactions and the plan decides how many matches show', () => {
    expect(planNameOf([{ plan_name: PLAN_NAMES.trial, active: false }, { plan_name: PLAN_NAMES.starter, active: true }])).toBe(PLAN_NAMES.starter);
    expect(planNameOf([{ plan_name: PLAN_NAMES.trial }])).toBe(PLAN_NAMES.trial);
    expect(planNameOf([])).toBeNull();
    expect(matchesShownFor(PLAN_NAMES.trial)).toBe(1);
    expect(matchesShownFor(PLAN_NAMES.starter)).toBe(3);
    expect(matchesShownFor(PLAN_NAMES.premium)).toBeNull();
  });

  it('compares at most three donors', () => {
    expect(toggleCompare(['A', 'B', 'C'], 'D')).toEqual(['A', 'B', 'C']);
    expect(toggleCompare(['A', 'B'], 'A')).toEqual(['B']);
    expect(toggleCompare(['A'], 'B')).toEqual(['A', 'B']);
  });
});

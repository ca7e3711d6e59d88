import { describe, expect, it } from 'vitest';
import { PLAN_NAMES, matchesShownFor } from '@kindred/shared';
import {
  attributeLabel,
  contributionRows,
  counterfactualText,
  explanationExcerpt,
  failedText,
  missedText,
  notCountedText,
  notTestedText,
  SCORE_BANDS,
  scoreBandColor,
  toggleCompare,
} from './match-display.ts';

/** WCAG relative luminance contrast of a hex colour against white. */
function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
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

  it('words counterfactual hints with the one rounding rule', () => {
    expect(
      counterfactualText({ filter: 'height_dealbreaker', additional_matches: 12, best_overall_match_percentage: 91.2 }),
    ).toBe('Relax your height dealbreaker: 12 more donors, best match 91.2%');
    expect(
      counterfactualText({ filter: 'race_dealbreaker', additional_matches: 2, best_overall_match_percentage: 92 }),
    ).toBe('Relax your race dealbreaker: 2 more donors, best match 92%');
    expect(
      counterfactualText({ filter: 'health_insurance', additional_matches: 1, best_overall_match_percentage: null }),
    ).toBe('Relax your health insurance requirement: 1 more donor');
  });

  it('names what a parent must not overlook: misses, untested conditions, failed filters, distance', () => {
    expect(missedText(['education', 'recreational_drugs'])).toBe('Misses: Education, drug use');
    expect(missedText(['location'])).toBe('Misses: Distance');
    expect(missedText(['alcohol', 'smoking'])).toBe('Misses: Alcohol use, smoking');
    expect(missedText([])).toBeNull();
    expect(notCountedText(['religion', 'post_match_communication'])).toBe(
      'Also misses, not counted (you marked it not important): religion, disclosure',
    );
    expect(notCountedText([])).toBeNull();
    expect(notTestedText(['cystic_fibrosis'])).toBe('Not tested for Cystic Fibrosis');
    expect(notTestedText(['cystic_fibrosis', 'brca1_brca2', 'tay_sachs_disease'])).toBe(
      'Not tested for Cystic Fibrosis, BRCA1 / BRCA2 and Tay Sachs Disease',
    );
    expect(notTestedText([])).toBeNull();
    expect(failedText(['race_dealbreaker', 'availability'])).toBe(
      'No longer meets: your race dealbreaker, availability filter',
    );
    expect(failedText([])).toBeNull();
  });

  it('lays out the contributions table heaviest first, with points lost and unstated factors as our checks', () => {
    const rows = contributionRows([
      { factor: 'race', score: 100, weight: 10, points: 10, met: true, stated: true },
      { factor: 'education', score: 50, weight: 20, points: 10, met: false, stated: true },
      { factor: 'smoking', score: 0, weight: 5, points: 0, met: false, stated: true },
      { factor: 'donor_genetic_risk', score: 80, weight: 5, points: 4, met: false, stated: false },
      { factor: 'religion', score: 100, weight: 0, points: 0, met: true, stated: false },
      { factor: 'exercise', score: 0, weight: 0, points: 0, met: false, stated: true },
    ]);
    expect(rows.map((r) => [r.label, r.status, r.points, r.weight, r.lost])).toEqual([
      ['Education', 'Partly met', 10, 20, 10],
      ['Race', 'Met', 10, 10, 0],
      ['Smoking', 'Not met', 0, 5, 5],
      ['Donor genetic risk', 'Our check', 4, 5, 1],
      ['Exercise', 'Not met (not counted)', 0, 0, 0],
    ]);
  });

  it('the plan decides how many matches show', () => {
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

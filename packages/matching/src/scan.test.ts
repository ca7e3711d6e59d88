import { describe, expect, it } from 'vitest';
import { normalizePreferences } from '@kindred/shared/preferences';
import { FACTORS } from './factors.ts';
import { buildPlan } from './score.ts';
import { FACTOR_IDS } from './types.ts';

describe('the scan reads the plan by factor name', () => {
  // The scan adds its terms in FACTOR_IDS order, so its sums are bit-identical to scoreCodes: the property test
  // 'indexed = reference' (properties.test.ts) compares every score exactly and fails if the order drifts.
  it('declares the factors in FACTOR_IDS order', () => {
    expect(FACTORS.map((f) => f.id)).toEqual([...FACTOR_IDS]);
  });

  it("keys every table, met table and coefficient by the factor's id", () => {
    const plan = buildPlan(normalizePreferences({ smoking_history_preference: 'never' }), 'egg');
    for (const spec of FACTORS) {
      expect(plan.tables[spec.id]).toHaveLength(spec.domain);
      expect(plan.met[spec.id]).toHaveLength(spec.domain);
    }
    expect(Object.keys(plan.coef).sort()).toEqual([...FACTOR_IDS].sort());
    expect(plan.coef.smoking).toBeGreaterThan(0);
    // 'never' is the first level: full credit there, 0.6 one level up.
    expect(plan.tables.smoking[1]! / (plan.max.smoking * 1000)).toBe(1);
    expect(plan.tables.smoking[2]! / (plan.max.smoking * 1000)).toBeCloseTo(0.6);
    expect(plan.met.smoking[1]).toBe(1);
    expect(plan.coef.recreational_drugs).toBe(0);
  });
});

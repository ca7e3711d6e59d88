import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from './draft.ts';
import { completedSteps, isChipClickable, stepsFor } from './steps.ts';
import { validateStep, WIZARD_MSG } from './validation.ts';

describe('wizard steps and chips', () => {
  it('has seven steps for a surrogate and six for egg and sperm donors', () => {
    expect(stepsFor('surrogate')).toHaveLength(7);
    expect(stepsFor('egg')).toEqual(['welcome', 'demographic', 'medical', 'lifestyle', 'values', 'review']);
    expect(stepsFor('sperm')).not.toContain('pregnancy');
  });

  it('a chip is clickable when current, completed, or next after a completed current step', () => {
    const none = new Set<number>();
    expect(isChipClickable(0, 0, none)).toBe(true);
    expect(isChipClickable(1, 0, none)).toBe(false);
    expect(isChipClickable(1, 0, new Set([0]))).toBe(true);
    expect(isChipClickable(2, 0, new Set([0]))).toBe(false);
    expect(isChipClickable(3, 1, new Set([0, 3]))).toBe(true);
    expect(isChipClickable(2, 1, new Set([0]))).toBe(false);
  });

  it('a step with data counts as completed, as does a step left forward', () => {
    const draft = { ...EMPTY_DRAFT, location: 'Austin, TX', donor_type_preference: 'egg' };
    expect([...completedSteps(stepsFor('egg'), draft, [])]).toEqual([0]);
    expect([...completedSteps(stepsFor('egg'), EMPTY_DRAFT, ['demographic', 'pregnancy'])]).toEqual([1]);
    expect([...completedSteps(stepsFor('surrogate'), EMPTY_DRAFT, ['pregnancy'])]).toEqual([3]);
  });

  it('validates each step with the spec messages', () => {
    expect(validateStep('welcome', EMPTY_DRAFT)).toEqual({
      location: WIZARD_MSG.location,
      donor_type_preference: WIZARD_MSG.donorType,
    });
    expect(Object.values(validateStep('demographic', EMPTY_DRAFT))).toEqual([
      'Race selection is required',
      'Ethnicity selection is required',
      'Hair Color selection is required',
      'Eye Color selection is required',
      'Height is required',
      'Age Range is required',
      'Please select Yes or No for dealbreakers',
    ]);
    expect(validateStep('medical', { ...EMPTY_DRAFT, medical_genetic_importance: null })).toEqual({
      acceptable_chronic_conditions: 'Medical history is required.',
      user_genetic_conditions: 'Genetic screening is required.',
      medical_genetic_importance: 'Priority selection is required.',
    });
    expect(Object.values(validateStep('lifestyle', EMPTY_DRAFT))).toEqual([
      'Education level is required',
      'Smoking history is required',
      'Recreational drugs field is required',
      'Regular exercise history is required',
    ]);
    expect(validateStep('values', { ...EMPTY_DRAFT, values_legal_importance: 101 })).toEqual({
      values_legal_importance: 'Please select a valid age.',
      preferred_religions: 'Please select a religion.',
    });
    expect(
      validateStep('values', { ...EMPTY_DRAFT, values_legal_importance: 100, preferred_religions: ['islam'] }),
    ).toEqual({});
    expect(Object.values(validateStep('pregnancy', EMPTY_DRAFT))).toEqual([
      'Please select pregnancy history',
      'Please select pregnancy complication history',
    ]);
  });

  it("accepts the Values slider's 0% · Not Important (range 0-100, ADR 007) and refuses what the slider cannot give", () => {
    const values = { ...EMPTY_DRAFT, preferred_religions: ['no_preference'] };
    for (const v of [0, 25, 50, 75, 100])
      expect(validateStep('values', { ...values, values_legal_importance: v })).toEqual({});
    for (const v of [-1, 101, Number.NaN])
      expect(validateStep('values', { ...values, values_legal_importance: v })).toEqual({
        values_legal_importance: WIZARD_MSG.valuesImportance,
      });
  });

  it("a 'Yes' to dealbreakers needs at least one ticked attribute", () => {
    const demographic = {
      ...EMPTY_DRAFT,
      preferred_races: ['white'],
      preferred_ethnicities: ['no_preference'],
      preferred_hair_colors: ['no_preference'],
      preferred_eye_colors: ['no_preference'],
      preferred_height_ranges: ['66-72'],
      preferred_age_ranges: ['no_preference'],
      dealbreakers: 'yes' as const,
    };
    expect(validateStep('demographic', demographic)).toEqual({});
    expect(
      validateStep('demographic', {
        ...demographic,
        dealbreaker_exclusions: ['race', 'ethnicity', 'hair_color', 'eye_color'],
      }),
    ).toEqual({});
    const none = { ...demographic, dealbreaker_exclusions: ['race', 'ethnicity', 'hair_color', 'eye_color', 'height'] };
    expect(validateStep('demographic', none)).toEqual({ dealbreaker_exclusions: WIZARD_MSG.dealbreakerAttributes });
    expect(validateStep('demographic', { ...none, dealbreakers: 'no' })).toEqual({});
  });
});

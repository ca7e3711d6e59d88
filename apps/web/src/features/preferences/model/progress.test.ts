import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, PROGRESS_KEYS, type WizardDraft } from './draft.ts';
import {
  completionAfterTypeChange,
  firstIncompleteStep,
  incompleteStepMessage,
  progressForEditing,
  readEditing,
  readProgress,
  stepIndex,
  writeEditing,
  writeProgress,
} from './progress.ts';
import { completedSteps, stepsFor } from './steps.ts';
import { memoryStorage } from './test-storage.ts';
import { WIZARD_MSG } from './validation.ts';

/** An egg-donor parent who answered every step. */
const finishedEgg: WizardDraft = {
  ...EMPTY_DRAFT,
  location: 'Austin, TX, United States',
  latitude: 30.27,
  longitude: -97.74,
  current_country: 'US',
  donor_type_preference: 'egg',
  preferred_races: ['no_preference'],
  preferred_ethnicities: ['no_preference'],
  preferred_hair_colors: ['no_preference'],
  preferred_eye_colors: ['no_preference'],
  preferred_height_ranges: ['no_preference'],
  preferred_age_ranges: ['no_preference'],
  dealbreakers: 'no',
  acceptable_chronic_conditions: ['hypertension'],
  user_genetic_conditions: ['none_known'],
  preferred_minimum_education: 'college',
  smoking_history_preference: 'no_preference',
  recreational_drugs_preference: 'no_preference',
  regular_exercise_preferred: 'no_preference',
  preferred_religions: ['no_preference'],
  post_match_communication: 'yes',
};
const EGG_DONE = ['welcome', 'demographic', 'medical', 'lifestyle', 'values'] as const;

describe('wizard progress by step id', () => {
  it('stores the current and completed steps by id and reads them back', () => {
    const s = memoryStorage();
    writeProgress(s, { step: 'review', completed: [...EGG_DONE] });
    expect(s.map.get(PROGRESS_KEYS.step)).toBe('"review"');
    expect(readProgress(s, 'egg')).toEqual({ step: 'review', completed: [...EGG_DONE] });
    // Ids do not move when the donor type changes.
    expect(readProgress(s, 'surrogate')).toEqual({ step: 'review', completed: [...EGG_DONE] });
  });

  it('reads the older index-based storage against the donor type, and junk as the start', () => {
    const old = memoryStorage({ [PROGRESS_KEYS.step]: '5', [PROGRESS_KEYS.completed]: '[0,1,2,3,4]' });
    expect(readProgress(old, 'egg')).toEqual({ step: 'review', completed: [...EGG_DONE] });
    expect(readProgress(old, 'surrogate')).toEqual({
      step: 'values',
      completed: ['welcome', 'demographic', 'medical', 'pregnancy', 'lifestyle'],
    });
    const junk = memoryStorage({ [PROGRESS_KEYS.step]: '{bad', [PROGRESS_KEYS.completed]: '"x"' });
    expect(readProgress(junk, 'egg')).toEqual({ step: 'welcome', completed: [] });
    const mixed = memoryStorage({
      [PROGRESS_KEYS.step]: '"nowhere"',
      [PROGRESS_KEYS.completed]: '[0, "medical", 0, 42, "x", -1]',
    });
    expect(readProgress(mixed, 'egg')).toEqual({ step: 'welcome', completed: ['welcome', 'medical'] });
  });

  it('a step the donor type lacks stands where the next step it has is', () => {
    expect(stepIndex(stepsFor('egg'), 'pregnancy')).toBe(3);
    expect(stepsFor('egg')[3]).toBe('lifestyle');
    expect(stepIndex(stepsFor('surrogate'), 'pregnancy')).toBe(3);
    expect(stepIndex(stepsFor('egg'), 'review')).toBe(5);
  });

  it('switching egg → surrogate after finishing leaves Pregnancy History to do, whatever was stored before', () => {
    const switched = { ...finishedEgg, donor_type_preference: 'surrogate' };
    const surrogateSteps = stepsFor('surrogate');
    // Progress written by the index-based wizard for the finished egg flow.
    const old = memoryStorage({ [PROGRESS_KEYS.step]: '5', [PROGRESS_KEYS.completed]: '[0,1,2,3,4]' });
    const completed = completionAfterTypeChange(readProgress(old, 'egg').completed, 'egg', 'surrogate');
    const done = completedSteps(surrogateSteps, switched, completed);
    expect(done.has(surrogateSteps.indexOf('pregnancy'))).toBe(false);
    expect([...done].map((i) => surrogateSteps[i])).toEqual([...EGG_DONE]);
    expect(firstIncompleteStep(surrogateSteps, switched)).toEqual({
      step: 'pregnancy',
      errors: {
        previous_full_term_pregnancies_preferred: WIZARD_MSG.pregnancyHistory,
        pregnancy_complications_ok: WIZARD_MSG.complications,
      },
    });
    expect(incompleteStepMessage('pregnancy')).toBe('Please complete Pregnancy History before submitting.');
  });

  it('a type change un-completes the steps one type has and the other lacks', () => {
    const all = ['welcome', 'demographic', 'medical', 'pregnancy', 'lifestyle', 'values'] as const;
    expect(completionAfterTypeChange([...all], 'surrogate', 'egg')).toEqual([...EGG_DONE]);
    expect(completionAfterTypeChange([...all], 'surrogate', 'surrogate')).toEqual([...all]);
    expect(completionAfterTypeChange([...EGG_DONE], 'egg', 'sperm')).toEqual([...EGG_DONE]);
  });

  it('Submit checks every step of the donor type: the first incomplete one, or none', () => {
    expect(firstIncompleteStep(stepsFor('egg'), finishedEgg)).toBeNull();
    expect(
      firstIncompleteStep(stepsFor('egg'), { ...finishedEgg, smoking_history_preference: '', preferred_races: [] })
        ?.step,
    ).toBe('demographic');
    const surrogate = {
      ...finishedEgg,
      donor_type_preference: 'surrogate',
      previous_full_term_pregnancies_preferred: 'yes' as const,
      pregnancy_complications_ok: 'no' as const,
    };
    expect(firstIncompleteStep(stepsFor('surrogate'), surrogate)).toBeNull();
    expect(firstIncompleteStep(stepsFor('egg'), EMPTY_DRAFT)?.step).toBe('welcome');
  });

  it('opening a saved set: every step completed, on Review', () => {
    expect(progressForEditing('surrogate')).toEqual({
      step: 'review',
      completed: ['welcome', 'demographic', 'medical', 'pregnancy', 'lifestyle', 'values'],
    });
    expect(progressForEditing('sperm')).toEqual({ step: 'review', completed: [...EGG_DONE] });
  });

  it('the set being edited belongs to the user who opened it', () => {
    const s = memoryStorage();
    expect(readEditing(s, 'u1')).toBeNull();
    writeEditing(s, { profileId: 'p1', userId: 'u1' });
    expect(readEditing(s, 'u1')).toBe('p1');
    expect(readEditing(s, 'u2')).toBeNull();
    expect(readEditing(s, null)).toBeNull();
    expect(readEditing(memoryStorage({ [PROGRESS_KEYS.editing]: 'p1' }), 'u1')).toBeNull();
  });
});

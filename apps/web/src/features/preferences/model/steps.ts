/** The wizard's steps and the chip clickability rule (spec sections 2 and 4). */
import { ALL_STEPS, type StepId, type WizardDraft } from './questions/index.ts';

export { ALL_STEPS, type StepId };

export const isStepId = (value: unknown): value is StepId =>
  typeof value === 'string' && (ALL_STEPS as readonly string[]).includes(value);

export const STEP_TITLES: Record<StepId, string> = {
  welcome: 'Welcome Board',
  demographic: 'Demographic',
  medical: 'Medical & Genetic',
  pregnancy: 'Pregnancy History',
  lifestyle: 'Lifestyle',
  values: 'Values and Legal',
  review: 'Review',
};

/** A line shown above a step's questions. */
export const STEP_INTROS: Partial<Record<StepId, string>> = {
  values: 'How Important are Values and Legal factors to you',
};

/** Seven steps for a surrogate, six for egg and sperm donors (no Pregnancy History). */
export function stepsFor(donorType: string): StepId[] {
  return donorType === 'surrogate' ? [...ALL_STEPS] : ALL_STEPS.filter((s) => s !== 'pregnancy');
}

/** Steps from this index on need a signed-in parent. */
export const FIRST_SIGNED_IN_STEP = 2;

/** Whether the draft already holds answers for a step (a step with data counts as completed). */
export function stepHasData(step: StepId, d: WizardDraft): boolean {
  switch (step) {
    case 'welcome':
      return d.location.trim() !== '' && d.donor_type_preference !== '';
    case 'demographic':
      return d.preferred_races.length > 0 && d.preferred_height_ranges.length > 0 && d.dealbreakers !== '';
    case 'medical':
      return d.acceptable_chronic_conditions.length > 0 && d.user_genetic_conditions.length > 0;
    case 'pregnancy':
      return d.previous_full_term_pregnancies_preferred !== '' && d.pregnancy_complications_ok !== '';
    case 'lifestyle':
      return d.preferred_minimum_education !== '' && d.smoking_history_preference !== '';
    case 'values':
      return d.preferred_religions.length > 0;
    case 'review':
      return false;
  }
}

/** Indices (in `steps`) of completed steps: left forward earlier, or holding data. */
export function completedSteps(
  steps: readonly StepId[],
  draft: WizardDraft,
  leftForward: readonly StepId[],
): Set<number> {
  const done = new Set<number>();
  steps.forEach((s, i) => {
    if (leftForward.includes(s) || stepHasData(s, draft)) done.add(i);
  });
  return done;
}

/** A chip is clickable if it is the current step, a completed step, or the next one after a completed current step. */
export function isChipClickable(index: number, current: number, completed: ReadonlySet<number>): boolean {
  return index === current || completed.has(index) || (index === current + 1 && completed.has(current));
}

export const CHIP_BLOCKED_MESSAGE = 'Please complete the current step before proceeding to the next step.';

/**
 * The wizard's place in browser storage: the current step and the steps left forward, both by step id (indices
 * shift when Pregnancy History appears or goes), and the saved set being edited. Reading is forgiving: the older
 * index-based entries are read against the draft's donor type.
 */
import { parse, PROGRESS_KEYS, type Reader, type WizardDraft, type Writer } from './draft.ts';
import { ALL_STEPS, isStepId, stepsFor, STEP_TITLES, type StepId } from './steps.ts';
import { validateStep, type StepErrors } from './validation.ts';

export type Progress = { step: StepId; completed: StepId[] };

export const START: Progress = { step: 'welcome', completed: [] };

/** A stored step: its id, or (older clients) its index among the donor type's steps. */
function stepOf(value: unknown, steps: readonly StepId[]): StepId | undefined {
  if (isStepId(value)) return value;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? steps[n] : undefined;
}

export function readProgress(storage: Reader, donorType: string): Progress {
  const steps = stepsFor(donorType);
  const completed = parse(storage.getItem(PROGRESS_KEYS.completed));
  const ids = Array.isArray(completed)
    ? completed.map((v) => stepOf(v, steps)).filter((s): s is StepId => s !== undefined)
    : [];
  return { step: stepOf(parse(storage.getItem(PROGRESS_KEYS.step)), steps) ?? 'welcome', completed: [...new Set(ids)] };
}

export function writeProgress(storage: Writer, progress: Progress): void {
  storage.setItem(PROGRESS_KEYS.step, JSON.stringify(progress.step));
  storage.setItem(PROGRESS_KEYS.completed, JSON.stringify(progress.completed));
}

/** Where `step` stands among `steps`; a step the donor type lacks stands where the next step it has is. */
export function stepIndex(steps: readonly StepId[], step: StepId): number {
  const at = steps.indexOf(step);
  if (at >= 0) return at;
  const order = ALL_STEPS.indexOf(step);
  const next = steps.findIndex((s) => ALL_STEPS.indexOf(s) > order);
  return next >= 0 ? next : steps.length - 1;
}

/**
 * After the donor type changes, the steps one type has and the other lacks (Pregnancy History) are no longer
 * completed: the parent must see them before submitting.
 */
export function completionAfterTypeChange(completed: readonly StepId[], fromType: string, toType: string): StepId[] {
  const from = stepsFor(fromType);
  const to = stepsFor(toType);
  return completed.filter((s) => from.includes(s) && to.includes(s));
}

/** Opening a saved set: every step completed, on Review. */
export function progressForEditing(donorType: string): Progress {
  const steps = stepsFor(donorType);
  return { step: 'review', completed: steps.filter((s) => s !== 'review') };
}

/** The first step (in order) whose answers are missing or invalid, with its errors; null when all are ready. */
export function firstIncompleteStep(
  steps: readonly StepId[],
  draft: WizardDraft,
): { step: StepId; errors: StepErrors } | null {
  for (const step of steps) {
    const errors = validateStep(step, draft);
    if (Object.keys(errors).length > 0) return { step, errors };
  }
  return null;
}

export const incompleteStepMessage = (step: StepId) => `Please complete ${STEP_TITLES[step]} before submitting.`;

/** The saved set being edited, tagged with its owner so another account on this browser never submits into it. */
export function readEditing(storage: Reader, userId: string | null): string | null {
  const value = parse(storage.getItem(PROGRESS_KEYS.editing));
  if (!value || typeof value !== 'object') return null;
  const { profileId, userId: owner } = value as { profileId?: unknown; userId?: unknown };
  return typeof profileId === 'string' && userId !== null && owner === userId ? profileId : null;
}

export function writeEditing(storage: Writer, editing: { profileId: string; userId: string }): void {
  storage.setItem(PROGRESS_KEYS.editing, JSON.stringify(editing));
}

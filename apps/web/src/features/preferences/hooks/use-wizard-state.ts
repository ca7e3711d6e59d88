import { useCallback, useMemo, useState } from 'react';
import {
  readDraft, readProgress, writeDraftValue, writeProgress, type DraftKey, type Progress, type WizardDraft,
} from '../model/draft.ts';
import { completedSteps, stepsFor } from '../model/steps.ts';
import type { StepErrors } from '../model/validation.ts';

/** The draft (mirrored to localStorage on every change), the current step and the step errors. */
export function useWizardState() {
  const [draft, setDraft] = useState<WizardDraft>(() => readDraft(localStorage));
  const [progress, setProgressState] = useState<Progress>(() => readProgress(localStorage));
  const [errors, setErrors] = useState<StepErrors>({});

  const set = useCallback(<K extends DraftKey>(key: K, value: WizardDraft[K]) => {
    writeDraftValue(localStorage, key, value);
    setDraft((d) => ({ ...d, [key]: value }));
    // An error clears as soon as its field changes.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }, []);

  const setProgress = useCallback((next: Progress) => {
    writeProgress(localStorage, next);
    setProgressState(next);
  }, []);

  const steps = useMemo(() => stepsFor(draft.donor_type_preference), [draft.donor_type_preference]);
  const completed = useMemo(() => completedSteps(steps, draft, progress.completed), [steps, draft, progress.completed]);
  const step = Math.min(progress.step, steps.length - 1);
  return { draft, set, errors, setErrors, steps, step, completed, progress, setProgress };
}

import { useCallback, useMemo, useRef, useState } from 'react';
import { readDraft, writeDraftValue, type DraftKey, type WizardDraft } from '../model/draft.ts';
import { completionAfterTypeChange, readProgress, stepIndex, writeProgress, type Progress } from '../model/progress.ts';
import { completedSteps, stepsFor } from '../model/steps.ts';
import type { StepErrors } from '../model/validation.ts';

/**
 * The draft (mirrored to localStorage on every change), the progress by step id, and the step errors. Changes
 * made one after another in one event (a picked place sets several keys) build on each other, not on the render's
 * draft. Changing the donor type un-completes the steps one type has and the other lacks.
 */
export function useWizardState() {
  const [draft, setDraft] = useState<WizardDraft>(() => readDraft(localStorage));
  const [progress, setProgressState] = useState<Progress>(() =>
    readProgress(localStorage, readDraft(localStorage).donor_type_preference),
  );
  const [errors, setErrors] = useState<StepErrors>({});
  const latest = useRef({ draft, progress });

  const setProgress = useCallback((next: Progress) => {
    latest.current.progress = next;
    writeProgress(localStorage, next);
    setProgressState(next);
  }, []);

  const set = useCallback(
    <K extends DraftKey>(key: K, value: WizardDraft[K]) => {
      const before = latest.current.draft;
      const next = { ...before, [key]: value };
      latest.current.draft = next;
      writeDraftValue(localStorage, key, value);
      setDraft(next);
      // An error clears as soon as its field changes.
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
      if (key === 'donor_type_preference' && before.donor_type_preference !== value) {
        const p = latest.current.progress;
        setProgress({
          ...p,
          completed: completionAfterTypeChange(p.completed, before.donor_type_preference, String(value)),
        });
      }
    },
    [setProgress],
  );

  const steps = useMemo(() => stepsFor(draft.donor_type_preference), [draft.donor_type_preference]);
  const completed = useMemo(() => completedSteps(steps, draft, progress.completed), [steps, draft, progress.completed]);
  const step = stepIndex(steps, progress.step);
  return { draft, set, errors, setErrors, steps, step, completed, progress, setProgress };
}

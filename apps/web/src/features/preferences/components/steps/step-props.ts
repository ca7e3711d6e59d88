import type { DraftKey, WizardDraft } from '../../model/draft.ts';
import type { StepErrors } from '../../model/validation.ts';

export type StepProps = {
  draft: WizardDraft;
  errors: StepErrors;
  set: <K extends DraftKey>(key: K, value: WizardDraft[K]) => void;
};

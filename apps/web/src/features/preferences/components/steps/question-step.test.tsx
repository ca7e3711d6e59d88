import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../../../test/render.tsx';
import { EMPTY_DRAFT, type WizardDraft } from '../../model/draft.ts';
import type { StepId } from '../../model/questions/index.ts';
import { validateStep, WIZARD_MSG, type StepErrors } from '../../model/validation.ts';
import { QuestionStep } from './question-step.tsx';

/** A step as the wizard draws it: the draft in state, its checks run by "Next". */
function Step({ step, initial = EMPTY_DRAFT }: { step: StepId; initial?: WizardDraft }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<StepErrors>({});
  return (
    <>
      <QuestionStep
        step={step}
        draft={draft}
        errors={errors}
        set={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
      />
      <button type="button" onClick={() => setErrors(validateStep(step, draft))}>
        Next
      </button>
    </>
  );
}

const group = (name: string) => screen.getByRole('radiogroup', { name });

describe("the wizard's demographic step, drawn from the question table", () => {
  it('an empty step names every unanswered required question with the spec message, beside its question', async () => {
    const { user } = renderUi(<Step step="demographic" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [
      WIZARD_MSG.race,
      WIZARD_MSG.ethnicity,
      WIZARD_MSG.hair,
      WIZARD_MSG.eye,
      WIZARD_MSG.dealbreakers,
    ])
      expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    // Each message is tied to its question for screen readers.
    const ids = (group('Are any of these preferences dealbreakers?').getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(WIZARD_MSG.dealbreakers);
  });

  it('questions asked only after a Yes appear with it; unticking every attribute is refused with our message', async () => {
    const { user } = renderUi(<Step step="demographic" />);
    expect(screen.queryByText('Which of these are dealbreakers?')).toBeNull();
    expect(screen.queryByLabelText('Dealbreaker details')).toBeNull();

    await user.click(within(group('Are any of these preferences dealbreakers?')).getByLabelText('Yes'));
    expect(screen.getByText('Which of these are dealbreakers?')).toBeTruthy();
    expect(screen.getByLabelText('Dealbreaker details')).toBeTruthy();
    const attributes = screen.getByText('Which of these are dealbreakers?').closest('fieldset')!;
    const boxes = within(attributes as HTMLElement).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(1);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true); // all ticked until the parent unticks
    for (const box of boxes) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(WIZARD_MSG.dealbreakerAttributes)).toBeTruthy();

    await user.click(within(group('Are any of these preferences dealbreakers?')).getByLabelText('No'));
    expect(screen.queryByText('Which of these are dealbreakers?')).toBeNull();
  });
});

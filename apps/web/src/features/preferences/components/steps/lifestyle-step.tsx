import { Stack } from '@mantine/core';
import { DRUGS_OPTIONS, EDUCATION_OPTIONS, EXERCISE_OPTIONS, SMOKING_OPTIONS } from '../../model/options.ts';
import { toggleSingle } from '../../model/selection.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { ImportanceSlider } from '../importance-slider.tsx';
import type { StepProps } from './step-props.ts';

export function LifestyleStep({ draft, errors, set }: StepProps) {
  return (
    <Stack gap="lg">
      <ChoiceGroup
        legend="Minimum education level"
        mode="single"
        options={EDUCATION_OPTIONS}
        selected={[draft.preferred_minimum_education]}
        error={errors.preferred_minimum_education}
        onToggle={(v) => set('preferred_minimum_education', toggleSingle(draft.preferred_minimum_education, v))}
      />
      <ChoiceGroup
        legend="Smoking history"
        mode="single"
        options={SMOKING_OPTIONS}
        selected={[draft.smoking_history_preference]}
        error={errors.smoking_history_preference}
        onToggle={(v) => set('smoking_history_preference', toggleSingle(draft.smoking_history_preference, v))}
      />
      <ChoiceGroup
        legend="Recreational drugs"
        mode="single"
        options={DRUGS_OPTIONS}
        selected={[draft.recreational_drugs_preference]}
        error={errors.recreational_drugs_preference}
        onToggle={(v) => set('recreational_drugs_preference', toggleSingle(draft.recreational_drugs_preference, v))}
      />
      <ChoiceGroup
        legend="Regular exercise"
        mode="single"
        options={EXERCISE_OPTIONS}
        selected={[draft.regular_exercise_preferred]}
        error={errors.regular_exercise_preferred}
        onToggle={(v) => set('regular_exercise_preferred', toggleSingle(draft.regular_exercise_preferred, v))}
      />
      <ImportanceSlider
        label="How important are lifestyle and environment factors to you?"
        value={draft.lifestyle_environment_importance}
        onChange={(v) => set('lifestyle_environment_importance', v)}
      />
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { RELIGION_OPTIONS } from '../../model/options.ts';
import { chooseReligion } from '../../model/selection.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { ImportanceSlider } from '../importance-slider.tsx';
import { YesNoField } from '../yes-no-field.tsx';
import type { StepProps } from './step-props.ts';

export function ValuesStep({ draft, errors, set }: StepProps) {
  return (
    <Stack gap="lg">
      <Text c="var(--kindred-muted)">How Important are Values and Legal factors to you</Text>
      <ChoiceGroup
        legend="Religion"
        mode="single"
        options={RELIGION_OPTIONS}
        selected={draft.preferred_religions}
        error={errors.preferred_religions}
        onToggle={(v) => set('preferred_religions', chooseReligion(draft.preferred_religions, v))}
      />
      <ImportanceSlider
        label="How important are values and legal factors to you?"
        value={draft.values_legal_importance}
        onChange={(v) => set('values_legal_importance', v)}
        error={errors.values_legal_importance}
      />
      <YesNoField
        label="Are you interested in post-match communication with the donor?"
        value={draft.post_match_communication}
        onChange={(v) => set('post_match_communication', v)}
      />
      {draft.donor_type_preference === 'surrogate' && (
        <YesNoField
          label="Surrogate must have their own health insurance covering pregnancy?"
          value={draft.health_insurance_required}
          onChange={(v) => set('health_insurance_required', v)}
        />
      )}
    </Stack>
  );
}

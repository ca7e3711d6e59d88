import { Stack } from '@mantine/core';
import type { DraftKey, WizardDraft } from '../../model/draft.ts';
import type { LocationFields } from '../../model/location.ts';
import { DONOR_TYPE_OPTIONS } from '../../model/options.ts';
import { toggleSingle } from '../../model/selection.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { LocationField } from '../location-field.tsx';
import type { StepProps } from './step-props.ts';

export function WelcomeStep({ draft, errors, set }: StepProps) {
  const setLocation = (fields: Partial<LocationFields>) => {
    for (const [key, value] of Object.entries(fields) as [DraftKey, WizardDraft[DraftKey]][]) set(key, value);
  };
  return (
    <Stack gap="lg">
      <LocationField value={draft.location} error={errors.location} onChange={setLocation} />
      <ChoiceGroup
        legend="Which donor are you looking for?"
        mode="single"
        options={DONOR_TYPE_OPTIONS}
        selected={[draft.donor_type_preference]}
        onToggle={(v) => set('donor_type_preference', toggleSingle(draft.donor_type_preference, v))}
        error={errors.donor_type_preference}
      />
    </Stack>
  );
}

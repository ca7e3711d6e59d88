import { Stack } from '@mantine/core';
import { DONOR_TYPE_OPTIONS } from '../../model/options.ts';
import { toggleSingle } from '../../model/selection.ts';
import { zipOf } from '../../model/payload.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { LocationField } from '../location-field.tsx';
import type { StepProps } from './step-props.ts';

export function WelcomeStep({ draft, errors, set }: StepProps) {
  return (
    <Stack gap="lg">
      <LocationField
        value={draft.location}
        error={errors.location}
        onType={(text) => {
          set('location', text);
          // Typed text has no coordinates until a suggestion is picked.
          set('latitude', null);
          set('longitude', null);
          set('primary_zip_code', zipOf(text));
        }}
        onPick={(place) => {
          set('location', place.formatted);
          set('latitude', place.lat);
          set('longitude', place.lon);
          set('current_country', place.country);
          set('primary_zip_code', place.kind === 'zip' ? zipOf(place.formatted) : '');
        }}
      />
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

import { Stack, Textarea } from '@mantine/core';
import {
  AGE_OPTIONS,
  DEALBREAKER_OPTIONS,
  ETHNICITY_OPTIONS,
  EYE_OPTIONS,
  HAIR_OPTIONS,
  HEIGHT_OPTIONS,
  RACE_OPTIONS,
} from '../../model/options.ts';
import { toggleMulti } from '../../model/selection.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { YesNoField } from '../yes-no-field.tsx';
import type { StepProps } from './step-props.ts';

export function DemographicStep({ draft, errors, set }: StepProps) {
  const excluded = draft.dealbreaker_exclusions;
  const ticked = DEALBREAKER_OPTIONS.map((o) => o.value).filter((v) => !excluded.includes(v));
  return (
    <Stack gap="lg">
      <ChoiceGroup
        legend="Race"
        options={RACE_OPTIONS}
        selected={draft.preferred_races}
        error={errors.preferred_races}
        onToggle={(v) => set('preferred_races', toggleMulti(draft.preferred_races, v))}
      />
      <ChoiceGroup
        legend="Ethnicity"
        options={ETHNICITY_OPTIONS}
        selected={draft.preferred_ethnicities}
        error={errors.preferred_ethnicities}
        onToggle={(v) => set('preferred_ethnicities', toggleMulti(draft.preferred_ethnicities, v))}
      />
      <ChoiceGroup
        legend="Hair colour"
        options={HAIR_OPTIONS}
        selected={draft.preferred_hair_colors}
        error={errors.preferred_hair_colors}
        onToggle={(v) => set('preferred_hair_colors', toggleMulti(draft.preferred_hair_colors, v))}
      />
      <ChoiceGroup
        legend="Eye colour"
        options={EYE_OPTIONS}
        selected={draft.preferred_eye_colors}
        error={errors.preferred_eye_colors}
        onToggle={(v) => set('preferred_eye_colors', toggleMulti(draft.preferred_eye_colors, v))}
      />
      <ChoiceGroup
        legend="Height (inches)"
        options={HEIGHT_OPTIONS}
        selected={draft.preferred_height_ranges}
        error={errors.preferred_height_ranges}
        onToggle={(v) => set('preferred_height_ranges', toggleMulti(draft.preferred_height_ranges, v))}
      />
      <ChoiceGroup
        legend="Age range"
        options={AGE_OPTIONS}
        selected={draft.preferred_age_ranges}
        error={errors.preferred_age_ranges}
        onToggle={(v) => set('preferred_age_ranges', toggleMulti(draft.preferred_age_ranges, v))}
      />
      <YesNoField
        label="Are any of these preferences dealbreakers?"
        value={draft.dealbreakers}
        onChange={(v) => set('dealbreakers', v)}
        error={errors.dealbreakers}
      />
      {draft.dealbreakers === 'yes' && (
        <>
          <ChoiceGroup
            legend="Which of these are dealbreakers?"
            description={
              'Donors who do not match your choice for a ticked attribute will not be shown. Untick any that are ' +
              'only preferences.'
            }
            options={DEALBREAKER_OPTIONS}
            selected={ticked}
            error={errors.dealbreaker_exclusions}
            onToggle={(v) =>
              set('dealbreaker_exclusions', excluded.includes(v) ? excluded.filter((x) => x !== v) : [...excluded, v])
            }
          />
          <Textarea
            label="Dealbreaker details"
            description="Optional, in your own words. Saved with your preferences and shown on Review."
            value={draft.dealbreaker_details}
            onChange={(e) => set('dealbreaker_details', e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
        </>
      )}
    </Stack>
  );
}

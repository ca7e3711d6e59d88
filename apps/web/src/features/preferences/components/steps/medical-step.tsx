import { Slider, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { CHRONIC_OPTIONS, GENETIC_OPTIONS, importanceLabel } from '../../model/options.ts';
import { toggleChecklist } from '../../model/selection.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import type { StepProps } from './step-props.ts';

const SNAP_POINTS = [0, 25, 50, 75, 100].map((value) => ({ value }));

export function MedicalStep({ draft, errors, set }: StepProps) {
  const priorityId = useId();
  const priority = draft.medical_genetic_importance ?? 50;
  return (
    <Stack gap="lg">
      <ChoiceGroup
        legend="Medical History"
        description="Chronic conditions you would accept in a donor."
        options={CHRONIC_OPTIONS}
        selected={draft.acceptable_chronic_conditions}
        error={errors.acceptable_chronic_conditions}
        onToggle={(v) => set('acceptable_chronic_conditions', toggleChecklist(draft.acceptable_chronic_conditions, v))}
      />
      <ChoiceGroup
        legend="Genetic Screening Preferences"
        description={
          'Conditions you know you carry. Donors who carry the same condition are flagged so you can discuss them ' +
          'with a counsellor.'
        }
        options={GENETIC_OPTIONS}
        selected={draft.user_genetic_conditions}
        error={errors.user_genetic_conditions}
        onToggle={(v) => set('user_genetic_conditions', toggleChecklist(draft.user_genetic_conditions, v))}
      />
      <Stack gap={6}>
        <Text id={priorityId} fw={600}>
          How important are medical and genetic factors to you?
        </Text>
        <Slider
          value={priority}
          onChange={(v) => set('medical_genetic_importance', v)}
          min={0}
          max={100}
          step={25}
          marks={SNAP_POINTS}
          label={null}
          thumbLabel="Medical and genetic importance"
          thumbProps={{ 'aria-valuetext': `${priority}% – ${importanceLabel(priority)}` } as Record<string, string>}
          color="teal"
          mx={6}
        />
        <Text size="sm" fw={600} c="teal.9" mt={4}>
          {priority}% · {importanceLabel(priority)}
        </Text>
        {errors.medical_genetic_importance && (
          <Text c="red.9" size="sm">
            {errors.medical_genetic_importance}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

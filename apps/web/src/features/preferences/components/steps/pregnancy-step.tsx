import { Stack } from '@mantine/core';
import { COMPLICATION_OPTIONS, PREGNANCY_HISTORY_OPTIONS } from '../../model/options.ts';
import { toggleSingle } from '../../model/selection.ts';
import type { YesNo } from '../../model/draft.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import type { StepProps } from './step-props.ts';

const asYesNo = (v: string): YesNo => (v === 'yes' || v === 'no' ? v : '');

/** Surrogates only. */
export function PregnancyStep({ draft, errors, set }: StepProps) {
  return (
    <Stack gap="lg">
      <ChoiceGroup
        legend="Pregnancy history"
        mode="single"
        options={PREGNANCY_HISTORY_OPTIONS}
        selected={[draft.previous_full_term_pregnancies_preferred]}
        error={errors.previous_full_term_pregnancies_preferred}
        onToggle={(v) =>
          set(
            'previous_full_term_pregnancies_preferred',
            asYesNo(toggleSingle(draft.previous_full_term_pregnancies_preferred, v)),
          )
        }
      />
      <ChoiceGroup
        legend="Pregnancy complication history"
        mode="single"
        options={COMPLICATION_OPTIONS}
        selected={[draft.pregnancy_complications_ok]}
        error={errors.pregnancy_complications_ok}
        onToggle={(v) => set('pregnancy_complications_ok', asYesNo(toggleSingle(draft.pregnancy_complications_ok, v)))}
      />
    </Stack>
  );
}

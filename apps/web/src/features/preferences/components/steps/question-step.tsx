import { Stack, Text } from '@mantine/core';
import { isAsked, questionsOn, type StepId } from '../../model/questions/index.ts';
import { STEP_INTROS } from '../../model/steps.ts';
import { QuestionField } from '../question-field.tsx';
import type { StepProps } from './step-props.ts';

/** A step's questions from the question table, in its order; those asked only sometimes appear when they apply. */
export function QuestionStep({ step, ...props }: StepProps & { step: StepId }) {
  const intro = STEP_INTROS[step];
  return (
    <Stack gap="lg">
      {intro && <Text c="var(--kindred-muted)">{intro}</Text>}
      {questionsOn(step)
        .filter((key) => isAsked(key, props.draft))
        .map((key) => (
          <QuestionField key={key} name={key} {...props} />
        ))}
    </Stack>
  );
}

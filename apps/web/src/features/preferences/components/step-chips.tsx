import { Button, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { STEP_TITLES, type StepId } from '../model/steps.ts';
import classes from './wizard.module.css';

type Props = { steps: StepId[]; current: number; completed: ReadonlySet<number>; onSelect: (index: number) => void };

/** One chip per step; clickability is decided by the wizard (spec's chip rule), so every chip stays focusable. */
export function StepChips({ steps, current, completed, onSelect }: Props) {
  return (
    <nav aria-label="Wizard steps">
      <ol className={classes.chips}>
        {steps.map((step, i) => (
          <li key={step}>
            <Button
              size="compact-sm"
              radius="xl"
              variant={i === current ? 'filled' : completed.has(i) ? 'light' : 'default'}
              color="teal"
              aria-current={i === current ? 'step' : undefined}
              leftSection={completed.has(i) && i !== current ? <IconCheck size={14} aria-hidden /> : undefined}
              onClick={() => onSelect(i)}
            >
              {i + 1}. {STEP_TITLES[step]}
              {completed.has(i) && i !== current && <VisuallyHidden> (completed)</VisuallyHidden>}
            </Button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

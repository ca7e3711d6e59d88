import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import type { Option } from '../model/options.ts';
import classes from './wizard.module.css';

type Props = {
  legend: string;
  options: readonly Option[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  error?: string;
  /** single: a one-answer checkbox group (clicking the chosen one clears it). */
  mode?: 'single' | 'multi';
  description?: string;
};

/**
 * A group of checkboxes inside a fieldset. Single-selects of 4 to 6 options lay out in two columns (spec section
 * 2); longer lists flow into as many columns as fit.
 */
export function ChoiceGroup({ legend, options, selected, onToggle, error, mode = 'multi', description }: Props) {
  const errorId = useId();
  const twoColumns = mode === 'single' && options.length >= 4 && options.length <= 6;
  const cols = twoColumns
    ? { base: 2 }
    : options.length <= 3
      ? { base: 1, xs: options.length }
      : { base: 1, xs: 2, md: 3 };
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.legend}>{legend}</legend>
      {description && (
        <Text size="sm" c="var(--kindred-muted)" mb="xs">
          {description}
        </Text>
      )}
      <SimpleGrid cols={cols} spacing="xs" verticalSpacing="xs">
        {options.map((o) => (
          <Checkbox
            key={o.value}
            className={classes.choice}
            label={o.label}
            checked={selected.includes(o.value)}
            onChange={() => onToggle(o.value)}
            radius={mode === 'single' ? 'xl' : 'sm'}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Text id={errorId} c="red.9" size="sm" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}

import { Slider, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { importanceLabel } from '../model/options.ts';

type Props = {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  description?: string;
  /** The thumb's own accessible name, when it should differ from the label. */
  thumbLabel?: string;
};

const MARKS = [0, 25, 50, 75, 100].map((value) => ({ value }));

/**
 * The 0-100 importance slider in steps of 25, read out as Not Important … Extremely Important (spec section 9).
 * The words are shown beside the number so the scale is clear without the marks' labels crowding a phone.
 */
export function ImportanceSlider({ label, value, onChange, error, description, thumbLabel }: Props) {
  const labelId = useId();
  const word = importanceLabel(value);
  return (
    <Stack gap={6}>
      <Text id={labelId} fw={600}>
        {label}
      </Text>
      {description && (
        <Text size="sm" c="var(--kindred-muted)">
          {description}
        </Text>
      )}
      <Slider
        value={value}
        onChange={onChange}
        min={0}
        max={100}
        step={25}
        marks={MARKS}
        label={null}
        thumbLabel={thumbLabel ?? label}
        thumbProps={
          (thumbLabel
            ? { 'aria-valuetext': `${value}% – ${word}` }
            : { 'aria-valuetext': `${value}% – ${word}`, 'aria-labelledby': labelId }) as Record<string, string>
        }
        color="teal"
        mx={6}
      />
      <Text size="sm" fw={600} c="teal.9" aria-live="polite" mt={4}>
        {value}% · {word}
      </Text>
      {error && (
        <Text c="red.9" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

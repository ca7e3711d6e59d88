import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { comparePath } from '../../../lib/paths.ts';
import { MAX_COMPARE } from '../../../lib/match-display.ts';

/** "2 of 3 donors selected to compare" and the link to the side-by-side view (results page and shortlist). */
export function CompareBar({ selected, from }: { selected: readonly string[]; from?: 'shortlist' }) {
  if (selected.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between">
        <Text size="sm" role="status">
          {selected.length} of {MAX_COMPARE} donors selected to compare
        </Text>
        <Button component={Link} to={comparePath(selected, from)} size="sm" color="teal" disabled={selected.length < 2}>
          Compare side by side
        </Button>
      </Group>
    </Paper>
  );
}

export type CompareToggle = { checked: boolean; disabled: boolean; onToggle: () => void };

/** A card's "Compare" box, named for its donor; disabled once three others are chosen. */
export function CompareCheckbox({ referenceId, compare }: { referenceId: string; compare: CompareToggle }) {
  return (
    <Checkbox
      label="Compare"
      checked={compare.checked}
      disabled={compare.disabled && !compare.checked}
      onChange={compare.onToggle}
      aria-label={`Compare donor ${referenceId}`}
    />
  );
}

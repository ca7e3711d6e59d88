import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { canRelax } from '@kindred/shared/relaxations';
import type { HardFilterId } from '@kindred/shared/vocabulary';
import { counterfactualText, type Counterfactual } from '../../../lib/match-display.ts';

type Props = { hints: Counterfactual[]; onPreview: (filter: HardFilterId) => void; disabled?: boolean };

/**
 * Premium: what relaxing one hard filter would add. "Re-run without it" shows those results first; nothing is
 * saved until the parent keeps the change. Filters no answer of the parent's sets (availability, family limits,
 * the carrier check) are not offered.
 */
export function CounterfactualHints({ hints, onPreview, disabled = false }: Props) {
  const useful = hints.filter((h) => h.additional_matches > 0 && canRelax(h.filter));
  if (useful.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="var(--kindred-teal-soft)"
      component="section"
      aria-labelledby="hints-title"
    >
      <Title order={2} size="h4" id="hints-title" mb="sm">
        Widen your search
      </Title>
      <Stack gap="xs">
        {useful.map((h) => (
          <Group key={h.filter} justify="space-between" gap="sm">
            <Text size="sm">{counterfactualText(h)}</Text>
            <Button
              size="xs"
              variant="white"
              color="teal"
              disabled={disabled}
              onClick={() => onPreview(h.filter as HardFilterId)}
            >
              Re-run without it
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRerunWithout } from '../api/rerun-preferences.api.ts';
import { canRelax, counterfactualText, type Counterfactual } from '../utils/match-display.ts';

const NOT_THE_PARENTS = new Set(['availability', 'family_limit']);

/** Premium: what relaxing one hard filter would add, with a one-click re-run. */
export function CounterfactualHints({ hints }: { hints: Counterfactual[] }) {
  const rerun = useRerunWithout();
  // Availability and family limits are the bank's, not the parent's: nothing to relax there.
  const useful = hints.filter((h) => h.additional_matches > 0 && !NOT_THE_PARENTS.has(h.filter));
  if (useful.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--kindred-teal-soft)" component="section" aria-labelledby="hints-title">
      <Title order={2} size="h4" id="hints-title" mb="sm">
        Widen your search
      </Title>
      <Stack gap="xs">
        {useful.map((h) => (
          <Group key={h.filter} justify="space-between" gap="sm">
            <Text size="sm">{counterfactualText(h)}</Text>
            {canRelax(h.filter) && (
              <Button size="xs" variant="white" color="teal" loading={rerun.isPending && rerun.variables === h.filter}
                disabled={rerun.isPending} onClick={() => rerun.mutate(h.filter)}>
                Re-run without it
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import { distanceText, missedText, notTestedText } from '../utils/match-display.ts';

type Props = { distanceKm: number | null; notTestedFor: readonly string[]; missed: readonly string[] };

/**
 * What a parent must not overlook about a match, in words: how far away, which of the parent's carrier
 * conditions the donor was not tested for (never shown as "compatible"), and which stated preferences the donor
 * misses.
 */
export function MatchFlags({ distanceKm, notTestedFor, missed }: Props) {
  const distance = distanceText(distanceKm);
  const untested = notTestedText(notTestedFor);
  const misses = missedText(missed);
  if (!distance && !untested && !misses) return null;
  return (
    <div>
      {distance && (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} aria-hidden color="var(--kindred-muted)" />
          <Text size="sm" c="var(--kindred-muted)">{distance}</Text>
        </Group>
      )}
      {untested && (
        <Group gap={4} wrap="nowrap" mt={4} data-testid="not-tested-flag">
          <IconAlertTriangle size={16} aria-hidden color="#9a3412" />
          <Text size="sm" fw={600} c="#9a3412">{untested}</Text>
        </Group>
      )}
      {misses && <Text size="sm" mt={4} data-testid="missed">{misses}</Text>}
    </div>
  );
}

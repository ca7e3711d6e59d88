import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import { distanceText, useUnitSystem } from '../../../lib/units.ts';
import { missedText, notCountedText, notTestedText } from '../../../lib/match-display.ts';

type Props = {
  distanceKm: number | null;
  notTestedFor: readonly string[];
  missed: readonly string[];
  missedNotCounted?: readonly string[];
};

/**
 * What a parent must not overlook about a match, in words: how far away, which of the parent's carrier
 * conditions the donor was not tested for (never shown as "compatible"), which stated preferences the donor
 * misses, and those missed in a category the parent marked not important (named, but worth no points).
 */
export function MatchFlags({ distanceKm, notTestedFor, missed, missedNotCounted = [] }: Props) {
  const distance = distanceText(distanceKm, useUnitSystem());
  const untested = notTestedText(notTestedFor);
  const misses = missedText(missed);
  const uncounted = notCountedText(missedNotCounted);
  if (!distance && !untested && !misses && !uncounted) return null;
  return (
    <div>
      {distance && (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} aria-hidden color="var(--kindred-muted)" />
          <Text size="sm" c="var(--kindred-muted)">
            {distance}
          </Text>
        </Group>
      )}
      {untested && (
        <Group gap={4} wrap="nowrap" mt={4} data-testid="not-tested-flag">
          <IconAlertTriangle size={16} aria-hidden color="#9a3412" />
          <Text size="sm" fw={600} c="#9a3412">
            {untested}
          </Text>
        </Group>
      )}
      {misses && (
        <Text size="sm" mt={4} data-testid="missed">
          {misses}
        </Text>
      )}
      {uncounted && (
        <Text size="sm" mt={4} c="var(--kindred-muted)">
          {uncounted}
        </Text>
      )}
    </div>
  );
}

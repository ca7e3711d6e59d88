import { Badge, Group, Loader, Text } from '@mantine/core';
import type { LiveCount } from '../hooks/use-live-match-count.ts';

/** The live match count while signed in, with a visible reconnecting state when the socket drops. */
export function LiveCountBanner({ live }: { live: LiveCount }) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      role="status"
      aria-live="polite"
      aria-label="Live match count"
      data-testid="live-count"
    >
      <Text size="sm" fw={600}>
        Live matches:
      </Text>
      {live.total === null ? (
        <Loader size="xs" aria-hidden />
      ) : (
        <Text size="sm" fw={700} c="teal.9" data-testid="live-count-value">
          {live.total} {live.total === 1 ? 'donor' : 'donors'}
        </Text>
      )}
      {live.status === 'reconnecting' && (
        <Badge color="#9a3412" variant="filled" size="sm">
          Reconnecting…
        </Badge>
      )}
      {live.status === 'unavailable' && (
        <Badge color="gray.7" variant="filled" size="sm">
          Unavailable
        </Badge>
      )}
    </Group>
  );
}

import { Badge } from '@mantine/core';
import type { StatusColor } from '../../lib/status-colors.ts';

/** A status word in its spec colour; the darker light-variant text keeps AA contrast on the tinted background. */
export function StatusBadge({ status, color }: { status: string; color: StatusColor }) {
  return (
    <Badge color={color} variant="light" radius="sm" tt="capitalize" c={`${color}.9`}>
      {status || 'unknown'}
    </Badge>
  );
}

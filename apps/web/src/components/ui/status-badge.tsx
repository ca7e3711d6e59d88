import { Badge } from '@mantine/core';
import type { StatusColor } from '../../lib/status-colors.ts';

/**
 * Text colours for the light badges. Mantine's light variant sits on shade 1 of the colour, where even shade 9 of
 * green (3.8:1) and orange (3.6:1) fall short of WCAG AA for small text; these pass at 5.5:1 or more.
 */
const TEXT: Record<StatusColor, string> = {
  green: '#1e6b30',
  orange: '#9c3b08',
  red: '#a51d1d',
  gray: 'var(--mantine-color-gray-9)',
};

/**
 * A status word in its spec colour, with text dark enough for AA contrast on the tinted background: the one status
 * badge of the app (profile tables, the manage page, the clinic portal and its admin pages).
 */
export function StatusBadge({
  status,
  color,
  size,
}: {
  status: string;
  color: StatusColor;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge color={color} variant="light" radius="sm" tt="capitalize" c={TEXT[color]} size={size}>
      {status || 'unknown'}
    </Badge>
  );
}

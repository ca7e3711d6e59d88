import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status badge: the status colour as its tinted background, dark text on it (the light variant's own coloured
 * text is below WCAG AA contrast for green, orange and red).
 */
export function StatusBadge({
  color,
  size,
  children,
}: {
  color: string;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Badge color={color} variant="light" c="dark.7" size={size}>
      {children}
    </Badge>
  );
}

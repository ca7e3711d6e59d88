import { Skeleton, type SkeletonProps } from '@mantine/core';

/**
 * A loading placeholder that screen readers announce: a Skeleton with role="status" and `label` as its name. A
 * Skeleton is a plain div, and a name on a div without a role is not allowed (axe: aria-prohibited-attr), so a
 * labelled Skeleton goes through here (ESLint holds every labelled Skeleton, Loader, Stack or Box to a role).
 */
export function LoadingSkeleton({ label, ...props }: SkeletonProps & { label: string }) {
  return <Skeleton role="status" aria-label={label} {...props} />;
}

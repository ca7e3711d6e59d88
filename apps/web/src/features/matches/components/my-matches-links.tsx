import { Button, Group } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/**
 * "My matches", "Unlocked donors" and "Shortlist" as buttons, for pages outside this feature (the profile page)
 * to place: a route composes it next to its own feature.
 */
export function MyMatchesLinks() {
  return (
    <Group gap="sm">
      <Button component={Link} to={paths.donorMatches} variant="default">
        My matches
      </Button>
      <Button component={Link} to={`${paths.donorMatches}?tab=unlocked`} variant="default">
        Unlocked donors
      </Button>
      <Button
        component={Link}
        to={paths.donorFavourites}
        variant="default"
        leftSection={<IconStar size={18} aria-hidden />}
      >
        Shortlist
      </Button>
    </Group>
  );
}

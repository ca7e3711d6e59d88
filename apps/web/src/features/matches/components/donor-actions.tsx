import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { donorPath } from '../../../lib/paths.ts';
import { FavouriteButton } from './favourite-button.tsx';

/** A donor card's two actions: the favourite star and 'View profile', named for the donor. */
export function DonorActions({ referenceId }: { referenceId: string }) {
  return (
    <Group gap="xs">
      <FavouriteButton referenceId={referenceId} />
      <Button
        component={Link}
        to={donorPath(referenceId)}
        variant="light"
        color="teal"
        aria-label={`View profile of donor ${referenceId}`}
      >
        View profile
      </Button>
    </Group>
  );
}

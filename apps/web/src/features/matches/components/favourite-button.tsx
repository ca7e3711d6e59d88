import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useFavourites, useToggleFavourite } from '../api/favourites.api.ts';

/** Star a donor; the list lives on the account, so it follows the parent to any device. */
export function FavouriteButton({ referenceId }: { referenceId: string }) {
  const { data: favourites } = useFavourites();
  const toggle = useToggleFavourite();
  const on = favourites?.has(referenceId) ?? false;
  const label = on ? `Remove donor ${referenceId} from favourites` : `Add donor ${referenceId} to favourites`;
  return (
    <Tooltip label={on ? 'Remove from favourites' : 'Add to favourites'}>
      <ActionIcon
        variant={on ? 'filled' : 'default'}
        color="yellow.9"
        size="lg"
        radius="xl"
        aria-label={label}
        aria-pressed={on}
        loading={toggle.isPending}
        onClick={() => toggle.mutate({ referenceId, favourite: !on })}
      >
        {on ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

import { useMediaQuery } from '@mantine/hooks';

/** Spec section 9: the mobile breakpoint is 600 px; the booking and reschedule dialogs fill the screen below it. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 600px)') ?? false;
}

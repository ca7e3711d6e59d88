import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { paths } from '../../../lib/paths.ts';

/** Spec section 2: the first steps are done; signing in is needed to go on. Closing returns to the caller. */
export function LoginRequiredModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Login Required">
      <Text mb="lg">
        You have completed the initial steps. Please log in to continue building your donor preferences.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Continue Later
        </Button>
        <Button component={Link} to={paths.login} color="teal">
          Create Login
        </Button>
      </Group>
    </AppModal>
  );
}

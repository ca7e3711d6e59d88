import { Button, Group, Stack, Text } from '@mantine/core';
import type { Blocker } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';

/** The question asked when a form with unsaved changes is about to be left. */
export function LeaveConfirmModal({ blocker }: { blocker: Blocker }) {
  const opened = blocker.state === 'blocked';
  const stay = () => blocker.reset?.();
  return (
    <AppModal opened={opened} onClose={stay} title="Leave without saving?" size="sm">
      <Stack gap="md">
        <Text>Your changes have not been saved. If you leave this page, they will be lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={stay} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

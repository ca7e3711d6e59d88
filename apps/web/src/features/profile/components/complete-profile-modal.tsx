import { Button, Group, Text, ThemeIcon, Stack } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { IconClipboardHeart } from '@tabler/icons-react';

type Props = { opened: boolean; onClose: () => void; onCompleteNow: () => void };

/** 'Complete Your Profile' (spec section 2): shown while the profile has no subscription. */
export function CompleteProfileModal({ opened, onClose, onCompleteNow }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Complete Your Profile" size="md">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="plum" aria-hidden>
            <IconClipboardHeart size={24} />
          </ThemeIcon>
          <Text c="var(--kindred-muted)">
            Tell us about your preferences so we can find donors who fit your family. It takes about ten minutes, and
            you can stop and come back at any time.
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Maybe Later
          </Button>
          <Button onClick={onCompleteNow} data-autofocus>
            Complete Now
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

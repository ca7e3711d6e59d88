import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { paths } from '../../../lib/paths.ts';

export const UPGRADE_MSG = {
  title: 'Upgrade Required',
  line1: 'This feature is available for subscribed users only.',
  line2: 'Get full access to premium features like donor matches and personalized tools.',
} as const;

export function UpgradeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title={UPGRADE_MSG.title}>
      <Text fw={600}>{UPGRADE_MSG.line1}</Text>
      <Text mt="xs" mb="lg">
        {UPGRADE_MSG.line2}
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to={paths.subscription} color="teal">
          Subscribe Now
        </Button>
      </Group>
    </AppModal>
  );
}

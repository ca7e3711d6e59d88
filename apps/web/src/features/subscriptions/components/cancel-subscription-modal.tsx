import { Button, Group, Stack, Text } from '@mantine/core';
import { toast } from 'react-hot-toast';
import { PAYMENT_MSG } from '@kindred/shared';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCancelSubscriptionMutation } from '../api/cancel-subscription.api.ts';

type Props = { opened: boolean; onClose: () => void; periodEnd: string };

/** Confirms cancelling a renewing plan (spec section 9: cancel anytime, no retroactive refund). */
export function CancelSubscriptionModal({ opened, onClose, periodEnd }: Props) {
  const cancel = useCancelSubscriptionMutation();

  const confirm = () => {
    cancel.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message || PAYMENT_MSG.cancelled);
        onClose();
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'Could not cancel your subscription. Please try again.'));
      },
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Cancel subscription?" size="md">
      <Stack gap="sm">
        <Text>{PAYMENT_MSG.cancelled}</Text>
        <Text c="var(--kindred-muted)" size="sm">
          Your access continues until {formatDate(periodEnd)}. Fees already billed are not refunded, and you will not be
          charged again.
        </Text>
      </Stack>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={cancel.isPending} data-autofocus>
          Keep subscription
        </Button>
        <Button color="red.8" onClick={confirm} loading={cancel.isPending}>
          Cancel subscription
        </Button>
      </Group>
    </AppModal>
  );
}

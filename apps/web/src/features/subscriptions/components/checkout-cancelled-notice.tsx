import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

export const CHECKOUT_CANCELLED_TEXT = 'Checkout cancelled. You have not been charged.';

/** Shown on /subscription?checkout=cancelled, where a checkout page's Cancel sends the parent back. */
export function CheckoutCancelledNotice() {
  const [params, setParams] = useSearchParams();
  if (params.get('checkout') !== 'cancelled') return null;

  const dismiss = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );

  return (
    <Alert
      role="status"
      color="blue"
      variant="light"
      radius="md"
      icon={<IconInfoCircle aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss notice"
      onClose={dismiss}
    >
      <span style={{ color: 'var(--kindred-ink)' }}>{CHECKOUT_CANCELLED_TEXT}</span>
    </Alert>
  );
}

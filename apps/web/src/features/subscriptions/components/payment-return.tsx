import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { PAYMENT_MSG, PAYMENT_REDIRECT_DELAY_MS } from '@kindred/shared';
import { ApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { getToken } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useVerifyCheckoutMutation } from '../api/verify-checkout.api.ts';
import { decidePaymentReturn, verifyFailureMessage } from '../utils/payment-return.ts';

/** One toast id, so a repeated effect can never stack two copies of the same message. */
const TOAST_ID = 'payment-return';

/**
 * /payment-success (spec sections 2, 4, 8): 'Processing Payment...' while the session is verified, then
 * /donor-matches 1.5 s after a success, or /subscription at once with the reason.
 */
export function PaymentReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate(PAYMENT_REDIRECT_DELAY_MS);
  const verify = useVerifyCheckoutMutation();
  // StrictMode runs effects twice in development; a payment is verified once per visit all the same.
  const started = useRef(false);
  // A parent who has already left the page is not pulled back by a late answer.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const decision = decidePaymentReturn({
      success: params.get('success'),
      sessionId: params.get('session_id'),
      hasToken: getToken() !== null,
    });
    const fail = (message: string) => {
      toast.error(message, { id: TOAST_ID });
      if (mounted.current) void navigate(paths.subscription, { replace: true });
    };
    if (decision.action === 'fail') return fail(decision.message);
    // mutateAsync's promise always settles; mutate's per-call callbacks are skipped once the observer has been
    // unsubscribed, which StrictMode's simulated unmount does.
    verify.mutateAsync(decision.sessionId).then(
      () => {
        if (!mounted.current) return;
        toast.success(PAYMENT_MSG.verified, { id: TOAST_ID });
        navigateLater(paths.donorMatches, { replace: true });
      },
      (error: unknown) => {
        fail(
          error instanceof ApiError
            ? verifyFailureMessage(error.status, error.serverMessage)
            : PAYMENT_MSG.verifyFailed,
        );
      },
    );
    // The query is read once, on arrival; the guard above keeps the verify single.
  }, [navigate, navigateLater, params, verify]);

  return (
    <Center mih="55vh" px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={460} w="100%" shadow="xs">
        <Stack align="center" gap="md" ta="center" role="status" aria-live="polite">
          <Loader size={48} aria-hidden />
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Processing Payment...
          </Title>
          <Text c="var(--kindred-muted)">
            Please keep this page open while we confirm your payment with the provider.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

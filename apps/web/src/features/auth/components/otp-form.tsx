import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import type { SubmitEventHandler } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { MSG, OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { formatMmSs } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { getOtpToken, getResetEmail, setOtpToken } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useResendOtpMutation } from '../api/resend-otp.api.ts';
import { useVerifyOtpMutation } from '../api/verify-otp.api.ts';
import { useCountdown } from '../hooks/use-countdown.ts';

/** OTP Validation (spec sections 2, 4, 5): six auto-advancing boxes, a 180 s countdown and a working Resend Code. */
export function OtpForm() {
  const [otp, setOtp] = useState('');
  const [hasSession] = useState(() => getOtpToken() !== null);
  const timer = useCountdown(OTP_TTL_SECONDS);
  const cooldown = useCountdown(0);
  const verify = useVerifyOtpMutation();
  const resend = useResendOtpMutation();
  const navigateLater = useDelayedNavigate();
  const email = getResetEmail();

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
      toast.error(MSG.otpSixDigits);
      return;
    }
    verify.mutate(
      { token: getOtpToken() ?? '', otp },
      {
        onSuccess: (res) => {
          toast.success(res.message || MSG.otpVerified);
          navigateLater(paths.createPassword);
        },
        onError: (error) => toast.error(errorMessage(error, MSG.otpIncorrect)),
      },
    );
  };

  const onResend = () => {
    resend.mutate(getOtpToken() ?? '', {
      onSuccess: (res) => {
        setOtpToken(res.token);
        setOtp('');
        timer.restart();
        cooldown.restart(OTP_RESEND_COOLDOWN_SECONDS);
        toast.success(res.message || 'A new code has been sent to your email.');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfterSeconds) cooldown.restart(error.retryAfterSeconds);
        toast.error(errorMessage(error, 'Could not send a new code. Please try again.'));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormHeading title="Check your email">
        {email ? `Enter the six-digit code we sent to ${email}.` : 'Enter the six-digit code we sent to your email.'}
      </FormHeading>
      <Stack gap="lg">
        {!hasSession && (
          <Alert color="plum" variant="light" title="No reset in progress">
            Start from{' '}
            <Anchor component={Link} to={paths.forgetPassword}>
              Forgot Password
            </Anchor>{' '}
            to get a code.
          </Alert>
        )}
        <PinInput
          length={OTP_LENGTH}
          type="number"
          oneTimeCode
          autoFocus
          size="lg"
          gap="xs"
          placeholder=""
          value={otp}
          onChange={setOtp}
          getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1}` })}
        />
        <Group gap={6} c={timer.seconds === 0 ? 'red.9' : 'var(--kindred-muted)'} role="timer">
          <IconClockHour4 size={18} aria-hidden />
          <Text size="sm" c="inherit">
            {timer.seconds === 0 ? 'Code expired' : 'Code expires in'}{' '}
            <Text span fw={700} ff="monospace" c="inherit">
              {formatMmSs(timer.seconds)}
            </Text>
          </Text>
        </Group>
        <Button type="submit" size="md" fullWidth loading={verify.isPending} disabled={verify.isSuccess}>
          Continue
        </Button>
        <Group justify="center" gap="xs">
          <Text size="sm" c="var(--kindred-muted)">
            Didn&apos;t get it?
          </Text>
          <Button
            variant="subtle"
            size="compact-md"
            onClick={onResend}
            loading={resend.isPending}
            disabled={cooldown.seconds > 0 || !hasSession}
            aria-describedby={cooldown.seconds > 0 ? 'resend-wait' : undefined}
          >
            Resend Code
          </Button>
          {cooldown.seconds > 0 && (
            <Text id="resend-wait" size="sm" c="var(--kindred-muted)">
              available in {cooldown.seconds}s
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

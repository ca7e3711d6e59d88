import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { SubmitEventHandler } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { forgotPasswordRequest, MSG } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { setOtpToken, setResetEmail } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useForgotPasswordMutation } from '../api/forgot-password.api.ts';

type Values = { email: string };
const validate = (v: Values) => fieldErrors<'email'>(forgotPasswordRequest, v);

/** Forget Password (spec sections 2, 5, 8): a failure is only logged and the button becomes usable again. */
export function ForgotPasswordForm() {
  const form = useFormState<Values>({ email: '' }, validate, 'revalidate');
  const forgot = useForgotPasswordMutation();
  const navigateLater = useDelayedNavigate();

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const email = form.values.email.trim().toLowerCase();
    forgot.mutate(email, {
      onSuccess: (res) => {
        setOtpToken(res.token);
        setResetEmail(email);
        toast.success(res.message || MSG.otpSent);
        navigateLater(paths.otpVerification);
      },
      onError: (error) => {
        console.error('Forgot password request failed', error);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormHeading title="Forgot your password?">
        Enter the email you signed up with. We will send a six-digit code to your email to confirm it is you.
      </FormHeading>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          size="md"
          value={form.values.email}
          onChange={(e) => form.setValue('email', e.currentTarget.value)}
          error={form.errors.email}
        />
        <Button type="submit" size="md" fullWidth loading={forgot.isPending} disabled={forgot.isSuccess}>
          Continue
        </Button>
        <Text ta="center" size="sm" c="var(--kindred-muted)">
          Remembered it?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Back to Sign In
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

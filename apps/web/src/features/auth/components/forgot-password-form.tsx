import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { forgotPasswordRequest, MSG } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { setOtpToken, setResetEmail } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useForgotPasswordMutation } from '../api/forgot-password.api.ts';

type Values = { email: string };
const validate = schemaResolver(forgotPasswordRequest, { sync: true });

/** Forget Password (spec sections 2, 5, 8): a failure is only logged and the button becomes usable again. */
export function ForgotPasswordForm() {
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: { email: '' },
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const forgot = useForgotPasswordMutation();
  const navigateLater = useDelayedNavigate();

  const sendCode = (values: Values) => {
    const email = values.email.trim().toLowerCase();
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
    <form ref={formRef} onSubmit={form.onSubmit(sendCode, focusFirstInvalid)} noValidate>
      <FormHeading title="Forgot your password?">
        Enter the email you signed up with. We will send a six-digit code to your email to confirm it is you.
      </FormHeading>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" size="md" {...form.getInputProps('email')} />
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

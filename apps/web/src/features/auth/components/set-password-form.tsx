import { Anchor, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { MSG, NEW_PASSWORD_MIN } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { clearOtpToken, getOtpToken } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useResetPasswordMutation } from '../api/reset-password.api.ts';
import { setPasswordForm } from '../../../lib/auth-forms.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Values = { new_password: string; confirm_password: string };
const validate = schemaResolver(setPasswordForm, { sync: true });

/** Create New Password (/create-password and /new-password): the last step of recovery, then Sign In after 1 s. */
export function SetPasswordForm() {
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: { new_password: '', confirm_password: '' },
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const reset = useResetPasswordMutation();
  const navigateLater = useDelayedNavigate();

  const setPassword = (values: Values) => {
    reset.mutate(
      { token: getOtpToken() ?? '', ...values },
      {
        onSuccess: () => {
          toast.success(MSG.passwordChanged);
          clearOtpToken();
          navigateLater(paths.login);
        },
        onError: (error) => toast.error(errorMessage(error, MSG.resetFailed)),
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(setPassword, focusFirstInvalid)} noValidate>
      <FormHeading title="Create a new password">
        Choose a password of at least {NEW_PASSWORD_MIN} characters that you do not use elsewhere.
      </FormHeading>
      <Stack gap="md">
        <NewPasswordFields form={form} />
        <Button type="submit" size="md" fullWidth mt="xs" loading={reset.isPending} disabled={reset.isSuccess}>
          Continue
        </Button>
        <Text ta="center" size="sm" c="var(--kindred-muted)">
          <Anchor component={Link} to={paths.login} fw={600}>
            Back to Sign In
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

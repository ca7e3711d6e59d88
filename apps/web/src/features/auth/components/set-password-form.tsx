import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { SubmitEventHandler } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { MSG, resetPasswordRequest } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { fieldErrors, withMismatch } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { clearOtpToken, getOtpToken } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useResetPasswordMutation } from '../api/reset-password.api.ts';

type Values = { new_password: string; confirm_password: string };
type Field = keyof Values;

function validate(v: Values) {
  const errors = fieldErrors<Field>(resetPasswordRequest, v);
  return withMismatch<Field>(errors, v.new_password, v.confirm_password, 'confirm_password', MSG.passwordsMismatch);
}

/** Create New Password (/create-password and /new-password): the last step of recovery, then Sign In after 1 s. */
export function SetPasswordForm() {
  const form = useFormState<Values>({ new_password: '', confirm_password: '' }, validate, 'revalidate');
  const reset = useResetPasswordMutation();
  const navigateLater = useDelayedNavigate();

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    reset.mutate(
      { token: getOtpToken() ?? '', ...form.values },
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
    <form onSubmit={onSubmit} noValidate>
      <FormHeading title="Create a new password">Choose a password of at least 6 characters.</FormHeading>
      <Stack gap="md">
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          value={form.values.new_password}
          onChange={(e) => form.setValue('new_password', e.currentTarget.value)}
          error={form.errors.new_password}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={form.values.confirm_password}
          onChange={(e) => form.setValue('confirm_password', e.currentTarget.value)}
          error={form.errors.confirm_password}
        />
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

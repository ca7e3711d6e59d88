import { Button, Group, Stack } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import type { SubmitEventHandler } from 'react';
import { toast } from 'react-hot-toast';
import { changePasswordRequest, MSG } from '@kindred/shared';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { fieldErrors, withMismatch } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { clearSession } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useChangePasswordMutation } from '../api/change-password.api.ts';

type Values = { old_password: string; new_password: string; confirm_new_password: string };
type Field = keyof Values;
const EMPTY: Values = { old_password: '', new_password: '', confirm_new_password: '' };

function validate(v: Values) {
  const errors = fieldErrors<Field>(changePasswordRequest, v);
  const { new_password: pw, confirm_new_password: confirm } = v;
  return withMismatch<Field>(errors, pw, confirm, 'confirm_new_password', MSG.passwordsMismatch);
}

type Props = { opened: boolean; onClose: () => void };

/**
 * Change Password dialog (spec sections 2, 5, 8). The server revokes every session on success, so the browser
 * session is cleared too and the user signs in again after 1 s.
 */
export function ChangePasswordModal({ opened, onClose }: Props) {
  const form = useFormState<Values>(EMPTY, validate, 'revalidate');
  const change = useChangePasswordMutation();
  const navigateLater = useDelayedNavigate();

  const close = () => {
    if (change.isPending) return;
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    change.mutate(form.values, {
      onSuccess: (res) => {
        toast.success(res.message || MSG.passwordChanged);
        clearSession();
        navigateLater(paths.login, { replace: true });
      },
      onError: (error) => toast.error(errorMessage(error, MSG.changePasswordFailed)),
    });
  };

  const bind = (field: Field) => ({
    value: form.values[field],
    onChange: (e: { currentTarget: { value: string } }) => form.setValue(field, e.currentTarget.value),
    error: form.errors[field],
  });

  return (
    <AppModal opened={opened} onClose={close} title="Change Password" size="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            label="Old Password"
            autoComplete="current-password"
            data-autofocus
            {...bind('old_password')}
          />
          <PasswordField label="New Password" autoComplete="new-password" {...bind('new_password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" {...bind('confirm_new_password')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending} disabled={change.isSuccess}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

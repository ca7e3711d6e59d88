import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { toast } from 'react-hot-toast';
import { MSG } from '@kindred/shared';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { clearSession } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useChangePasswordMutation } from '../api/change-password.api.ts';
import { changePasswordForm } from '../../../lib/auth-forms.ts';

type Values = { old_password: string; new_password: string; confirm_new_password: string };
const validate = schemaResolver(changePasswordForm, { sync: true });

type Props = { opened: boolean; onClose: () => void };

/**
 * Change Password dialog (spec sections 2, 5, 8). The server revokes every session on success, so the browser
 * session is cleared too and the user signs in again after 1 s.
 */
export function ChangePasswordModal({ opened, onClose }: Props) {
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: { old_password: '', new_password: '', confirm_new_password: '' },
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const change = useChangePasswordMutation();
  const navigateLater = useDelayedNavigate();

  const close = () => {
    if (change.isPending) return;
    form.reset();
    onClose();
  };

  const changePassword = (values: Values) => {
    change.mutate(values, {
      onSuccess: (res) => {
        toast.success(res.message || MSG.passwordChanged);
        clearSession();
        navigateLater(paths.login, { replace: true });
      },
      onError: (error) => toast.error(errorMessage(error, MSG.changePasswordFailed)),
    });
  };

  return (
    <AppModal opened={opened} onClose={close} title="Change Password" size="md">
      <form ref={formRef} onSubmit={form.onSubmit(changePassword, focusFirstInvalid)} noValidate>
        <Stack gap="md">
          <PasswordField
            label="Old Password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('old_password')}
          />
          <PasswordField label="New Password" autoComplete="new-password" {...form.getInputProps('new_password')} />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('confirm_new_password')}
          />
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

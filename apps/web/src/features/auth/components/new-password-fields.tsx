import type { UseFormReturnType } from '@mantine/form';
import { PasswordField } from '../../../components/ui/password-field.tsx';

/** New Password and Confirm Password, as every set-password form asks them (recovery, clinic invitations). */
export function NewPasswordFields<V extends { new_password: string; confirm_password: string }>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  return (
    <>
      <PasswordField label="New Password" autoComplete="new-password" {...form.getInputProps('new_password')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...form.getInputProps('confirm_password')} />
    </>
  );
}

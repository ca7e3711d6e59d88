import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { ACCOUNT_DELETION_GRACE_DAYS, DELETION_MSG, accountDeleteRequest } from '@kindred/shared/account-deletion';
import { MSG } from '@kindred/shared';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { clearSession } from '../../../lib/session.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useDeleteAccountMutation } from '../api/account-deletion.api.ts';

type Values = { password: string };
const validate = schemaResolver(accountDeleteRequest, { sync: true });

/**
 * "Delete my account" on the profile (ADR 020): a section that says what happens, and a dialog that asks for the
 * password. On success the account is deactivated, so this browser's session ends and the user lands on sign-in.
 */
export function DeleteAccount() {
  const [opened, setOpened] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: { password: '' },
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const remove = useDeleteAccountMutation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    form.reset();
    setFailure(null);
    setOpened(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const submit = (values: Values) => {
    setFailure(null);
    remove.mutate(values, {
      onSuccess: (res) => {
        clearSession();
        toast.success(res.message || DELETION_MSG.scheduled, { duration: 8000 });
        void Promise.resolve(navigate(paths.login, { replace: true })).then(() => queryClient.clear());
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields.password) {
          form.setErrors(fields);
          focusFirstInvalid();
        } else setFailure(errorMessage(error, MSG.somethingWentWrong));
      },
    });
  };

  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder component="section" aria-labelledby="delete-title">
      <Title order={2} size="h4" id="delete-title" mb="xs">
        Delete my account
      </Title>
      <Text c="var(--kindred-muted)" mb="md">
        Your account is deactivated at once and every device is signed out; shortlists you shared with clinics are
        withdrawn and your upcoming appointments are cancelled (the clinic is told), and cancelling the deletion does
        not restore them. After {ACCOUNT_DELETION_GRACE_DAYS} days we delete your profile, preference sets, carrier
        conditions, matches, favourites and messages. Until then the email we send you has a link to cancel. Payment
        records are kept as the law requires, without your name or email address.
      </Text>
      <Button ref={opener} color="red.9" variant="outline" onClick={() => setOpened(true)}>
        Delete my account
      </Button>
      <AppModal opened={opened} onClose={close} title="Delete your account?" size="md">
        <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
          <Stack gap="md">
            <Text id="delete-explainer">
              Enter your password to confirm. Your account is deactivated now and deleted for good in{' '}
              {ACCOUNT_DELETION_GRACE_DAYS} days unless you cancel with the link we email you.
            </Text>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              aria-describedby="delete-explainer"
              data-autofocus
              {...form.getInputProps('password')}
              // Mantine's PasswordInput marks only data-invalid; screen readers and focusFirstInvalid read this.
              aria-invalid={Boolean(form.errors.password)}
            />
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Keep my account
              </Button>
              <Button type="submit" color="red.8" loading={remove.isPending} disabled={remove.isSuccess}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Paper>
  );
}

import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { NEW_PASSWORD_MIN } from '@kindred/shared';
import { CLINIC_MSG } from '@kindred/shared/clinic-portal.schemas';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useQueryClient } from '@tanstack/react-query';
import { saveRememberedLogin, saveSignIn } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx';
import { useLoginMutation } from '../../auth/api/login.api.ts';
import { setPasswordForm } from '../../../lib/auth-forms.ts';
import { useAcceptInvitation, useInvitation } from '../api/clinic-accounts.api.ts';

type Values = { new_password: string; confirm_password: string };
const validate = schemaResolver(setPasswordForm, { sync: true });

/**
 * /clinic/invitation?token=… : clinic staff set their password (the create-password form's fields and rules),
 * which activates the account and verifies the address; the page then signs them in with that password and opens
 * the clinic portal (issue 25: not the "Welcome back" screen). Should that sign-in fail (a network fault), they
 * go to /login with the address filled in.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const login = useLoginMutation();
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: { new_password: '', confirm_password: '' },
    validate,
    ...revalidateShownErrors(validate, () => form),
  });

  if (!token || invitation.isError)
    return (
      <Stack gap="md">
        <FormHeading title="Set up your clinic account">This link cannot be used.</FormHeading>
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {token ? errorMessage(invitation.error, CLINIC_MSG.invitationInvalid) : CLINIC_MSG.invitationInvalid}
        </Alert>
        <Anchor component={Link} to={paths.login} fw={600}>
          Go to Sign In
        </Anchor>
      </Stack>
    );
  if (!invitation.data) return <Loader role="status" aria-label="Checking your invitation" />;
  const { email, clinic_name } = invitation.data;

  const submit = (values: Values) =>
    accept.mutate(
      { token, ...values },
      {
        onSuccess: (res) => {
          saveRememberedLogin(res.email);
          login.mutate(
            { email: res.email, password: values.new_password, remember_me: false },
            {
              onSuccess: (session) => {
                queryClient.clear();
                saveSignIn(session.tokens.access, session.user);
                toast.success('Your password is set. Welcome to the clinic portal.');
                navigateLater(paths.clinicPortal);
              },
              onError: () => {
                toast.success(res.message);
                navigateLater(paths.login);
              },
            },
          );
        },
        onError: (error) => {
          toast.error(errorMessage(error, CLINIC_MSG.invitationInvalid));
          const message = fieldErrorsOf(error).new_password;
          if (message) form.setFieldError('new_password', message);
        },
      },
    );

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
      <FormHeading title="Set up your clinic account">
        {clinic_name} invited {email}. Choose a password of at least {NEW_PASSWORD_MIN} characters.
      </FormHeading>
      <Stack gap="md">
        <NewPasswordFields form={form} />
        <Button
          type="submit"
          size="md"
          fullWidth
          mt="xs"
          loading={accept.isPending || login.isPending}
          disabled={accept.isSuccess}
        >
          Set password
        </Button>
        <Text ta="center" size="sm" c="var(--kindred-muted)">
          Already set?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Sign In
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

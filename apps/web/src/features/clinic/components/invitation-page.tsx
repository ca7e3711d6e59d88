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
import { saveRememberedLogin } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx';
import { setPasswordForm } from '../../auth/lib/auth-forms.ts';
import { useAcceptInvitation, useInvitation } from '../api/clinic-accounts.api.ts';

type Values = { new_password: string; confirm_password: string };
const validate = schemaResolver(setPasswordForm, { sync: true });

/**
 * /clinic/invitation?token=… : clinic staff set their password (the create-password form's fields and rules),
 * which activates the account and verifies the address; then they sign in and land on the clinic portal.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
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
  if (!invitation.data) return <Loader aria-label="Checking your invitation" />;
  const { email, clinic_name } = invitation.data;

  const submit = (values: Values) =>
    accept.mutate(
      { token, ...values },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          saveRememberedLogin(res.email);
          navigateLater(paths.login);
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
        <Button type="submit" size="md" fullWidth mt="xs" loading={accept.isPending} disabled={accept.isSuccess}>
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

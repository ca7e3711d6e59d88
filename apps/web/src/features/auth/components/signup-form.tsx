import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { MSG } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { fieldErrorsOf, signupErrorMessage, ApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useSignupMutation } from '../api/signup.api.ts';
import { emptySignup, signupForm, toSignupRequest } from '../../../lib/auth-forms.ts';
import type { SignupValues } from '../../../lib/auth-forms.ts';

const validate = schemaResolver(signupForm, { sync: true });
const today = () => new Date().toISOString().slice(0, 10);

/** Sign Up (spec sections 2, 5, 8). A field's error clears when it is edited (Mantine's default). */
export function SignupForm() {
  const form = useForm<SignupValues>({
    initialValues: emptySignup(),
    validate,
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const signup = useSignupMutation();
  const navigateLater = useDelayedNavigate();
  const bind = (field: keyof SignupValues) => ({ ...form.getInputProps(field), size: 'md' as const });

  const signUp = (values: SignupValues) => {
    signup.mutate(toSignupRequest(values), {
      onSuccess: (res) => {
        toast.success(res.message || MSG.signupSuccess);
        navigateLater(paths.login);
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        toast.error(signupErrorMessage(error instanceof ApiError ? error.body : undefined, MSG.signupFailed));
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(signUp, focusFirstInvalid)} noValidate>
      <FormHeading title="Create your account">A few details to begin. You can add preferences later.</FormHeading>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First Name" autoComplete="given-name" {...bind('first_name')} />
          <TextInput label="Last Name" autoComplete="family-name" {...bind('last_name')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" {...bind('email')} />
        <PhoneField
          country={form.values.country}
          national={form.values.phone_number}
          onCountryChange={(c) => form.setFieldValue('country', c)}
          onNationalChange={(n) => form.setFieldValue('phone_number', n)}
          error={form.errors.phone_number}
        />
        <PasswordField label="Create Password" autoComplete="new-password" {...bind('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...bind('password_confirm')} />
        <TextInput label="Date of Birth" type="date" max={today()} autoComplete="bday" {...bind('date_of_birth')} />
        <Text size="sm" c="var(--kindred-muted)" mt="xs">
          By creating an account you agree to our{' '}
          <Anchor component={Link} to={paths.termsConditions} target="_blank" fw={600}>
            Terms and Conditions
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to={paths.privacyPolicy} target="_blank" fw={600}>
            Privacy Policy
          </Anchor>
          , and confirm that you are 18 or older.
        </Text>
        <Button type="submit" size="md" fullWidth loading={signup.isPending} disabled={signup.isSuccess}>
          Sign Up
        </Button>
        <Text ta="center" size="sm" c="var(--kindred-muted)">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Sign In
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useCallback } from 'react';
import type { SubmitEventHandler } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { MSG, SIGNUP_DEFAULTS, signupRequest } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { fieldErrorsOf, signupErrorMessage, ApiError } from '../../../lib/api-error.ts';
import { fieldErrors, withMismatch } from '../../../lib/form-errors.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { combinePhone, DEFAULT_COUNTRY } from '../../../lib/phone.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useSignupMutation } from '../api/signup.api.ts';

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  phone_number: string;
  password: string;
  password_confirm: string;
  date_of_birth: string;
};
type Field = keyof Values;

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  email: '',
  country: DEFAULT_COUNTRY,
  phone_number: '',
  password: '',
  password_confirm: '',
  date_of_birth: '',
};

/** The request body: the phone combined to E.164 and the spec's four fixed defaults, which the form never shows. */
function toRequest(v: Values) {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    email: v.email.trim().toLowerCase(),
    phone_number: combinePhone(v.country, v.phone_number),
    password: v.password,
    password_confirm: v.password_confirm,
    date_of_birth: v.date_of_birth,
    ...SIGNUP_DEFAULTS,
  };
}

/** Spec section 5: date of birth has no client check (the server checks it, including the age of 18). */
function validate(v: Values): FieldErrors<Field> {
  const { date_of_birth: _dob, ...errors } = fieldErrors<Field>(signupRequest, toRequest(v));
  return withMismatch<Field>(errors, v.password, v.password_confirm, 'password_confirm', MSG.passwordsMismatch);
}

const today = () => new Date().toISOString().slice(0, 10);

export function SignupForm() {
  const form = useFormState<Values>(EMPTY, validate, 'clear');
  const signup = useSignupMutation();
  const navigateLater = useDelayedNavigate();
  const bind = useCallback(
    (field: Field) => ({
      value: form.values[field],
      onChange: (e: { currentTarget: { value: string } }) => form.setValue(field, e.currentTarget.value),
      error: form.errors[field],
      size: 'md' as const,
    }),
    [form],
  );

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    signup.mutate(toRequest(form.values), {
      onSuccess: (res) => {
        toast.success(res.message || MSG.signupSuccess);
        navigateLater(paths.login);
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error) as FieldErrors<Field>);
        toast.error(signupErrorMessage(error instanceof ApiError ? error.body : undefined, MSG.signupFailed));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
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
          onCountryChange={(c) => form.setValue('country', c)}
          onNationalChange={(n) => form.setValue('phone_number', n)}
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

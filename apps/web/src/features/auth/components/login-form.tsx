import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { loginRequest, MSG, OTP_LENGTH, SERVER_MSG } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { readRememberedLogin, saveRememberedLogin, saveSignIn } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useLoginMutation } from '../api/login.api.ts';
import { safeReturnPath } from '../../../lib/return-path.ts';

type Values = { email: string; password: string; remember: boolean };

const validate = schemaResolver(loginRequest, { sync: true });

function initialValues(): Values {
  const remembered = readRememberedLogin();
  return { email: remembered?.email ?? '', password: '', remember: remembered !== null };
}

/** Sign In (spec sections 2, 4, 5): the password is never stored, only the e-mail when "Remember me" is ticked. */
export function LoginForm() {
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: initialValues(),
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const login = useLoginMutation();
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  // ?next=… brings a parent back where sign-in was asked for (the booking modal keeps its choice in the address).
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  // Past the account's failure ceiling a new device signs in with a code mailed to the owner (ADR 004): the
  // server's notice, then the code field.
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const signIn = (values: Values) => {
    const email = values.email.trim().toLowerCase();
    const remember = values.remember;
    if (codeNotice && !new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setCodeError(SERVER_MSG.loginCodeFormat);
      document.getElementById('login-code')?.focus();
      return;
    }
    login.mutate(
      { email, password: values.password, remember_me: remember, ...(codeNotice ? { login_code: code } : {}) },
      {
        onSuccess: (res) => {
          queryClient.clear();
          saveSignIn(res.tokens.access, res.user);
          saveRememberedLogin(remember ? email : null);
          toast.success(res.message || MSG.loginSuccess);
          // A page that sent the visitor here (?next=, same-site) first; clinic staff land on their portal,
          // everyone else on the profile.
          navigateLater(next ?? (res.user.role === 'clinic' ? paths.clinicPortal : paths.profile));
        },
        onError: (error) => {
          const codeProblem = fieldErrorsOf(error).login_code;
          if (codeProblem && !codeNotice) {
            setCodeNotice(codeProblem);
            return;
          }
          if (codeProblem) {
            setCodeError(codeProblem);
            document.getElementById('login-code')?.focus();
            return;
          }
          toast.error(errorMessage(error, MSG.loginFailed));
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(signIn, focusFirstInvalid)} noValidate>
      <FormHeading title="Welcome back">Sign in to continue your journey.</FormHeading>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" size="md" {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        {codeNotice && (
          <>
            <Alert color="blue" title="Check your email" role="status">
              {codeNotice}
            </Alert>
            <TextInput
              id="login-code"
              label="Sign-in code"
              description={`The ${OTP_LENGTH}-digit code from the email "Your Kindred sign-in code".`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              size="md"
              autoFocus
              value={code}
              error={codeError}
              onChange={(e) => {
                setCode(e.currentTarget.value.replace(/\D/g, ''));
                setCodeError(null);
              }}
            />
          </>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to={paths.forgetPassword} size="sm" fw={500}>
            Forgot Password
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth mt="xs" loading={login.isPending} disabled={login.isSuccess}>
          Sign In
        </Button>
        <Text ta="center" size="sm" c="var(--kindred-muted)">
          New to Kindred?{' '}
          <Anchor component={Link} to={paths.register} fw={600}>
            Sign Up
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

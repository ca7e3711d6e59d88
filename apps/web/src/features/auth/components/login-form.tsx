import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useCallback } from 'react';
import type { SubmitEventHandler } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { loginRequest, MSG } from '@kindred/shared';
import { FormHeading } from '../../../components/ui/form-heading.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { readRememberedLogin, saveRememberedLogin, saveSignIn } from '../../../lib/session.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { useLoginMutation } from '../api/login.api.ts';

type Values = { email: string; password: string; remember: boolean };

function initialValues(): Values {
  const remembered = readRememberedLogin();
  return { email: remembered?.email ?? '', password: '', remember: remembered !== null };
}

/** Sign In (spec sections 2, 4, 5): the password is never stored, only the e-mail when "Remember me" is ticked. */
export function LoginForm() {
  const validate = useCallback((v: Values) => fieldErrors(loginRequest, { email: v.email, password: v.password }), []);
  const form = useFormState<Values>(initialValues(), validate, 'revalidate');
  const login = useLoginMutation();
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();

  const onSubmit: SubmitEventHandler<HTMLFormElement> = (event) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const email = form.values.email.trim().toLowerCase();
    const remember = form.values.remember;
    login.mutate(
      { email, password: form.values.password, remember_me: remember },
      {
        onSuccess: (res) => {
          queryClient.clear();
          saveSignIn(res.tokens.access, res.user);
          saveRememberedLogin(remember ? email : null);
          toast.success(res.message || MSG.loginSuccess);
          navigateLater(paths.profile);
        },
        onError: (error) => {
          toast.error(errorMessage(error, MSG.loginFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormHeading title="Welcome back">Sign in to continue your journey.</FormHeading>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          size="md"
          value={form.values.email}
          onChange={(e) => form.setValue('email', e.currentTarget.value)}
          error={form.errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(e) => form.setValue('password', e.currentTarget.value)}
          error={form.errors.password}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label="Remember me"
            checked={form.values.remember}
            onChange={(e) => form.setValue('remember', e.currentTarget.checked)}
          />
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

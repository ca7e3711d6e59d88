import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG, SERVER_MSG } from '@kindred/shared';
import { FormHeading } from '../components/ui/form-heading.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { paths } from '../lib/paths.ts';
import { useVerifyEmailMutation } from '../features/auth/api/verify-email.api.ts';

/**
 * /verify-email?token= (beyond the spec, issue 13): the link in the welcome mail. The page posts the token once
 * (a mail scanner fetching the link changes nothing) and shows the result.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmailMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <Stack gap="md">
      <FormHeading title="Verify your email" />
      {verify.isSuccess && (
        <Alert color="teal" role="status" data-testid="verify-email-result">
          {verify.data.message || SERVER_MSG.emailVerified}
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert" data-testid="verify-email-result">
          {token ? errorMessage(verify.error, SERVER_MSG.verifyLinkInvalid) : SERVER_MSG.verifyLinkInvalid}
        </Alert>
      )}
      {!verify.isSuccess && !failed && (
        <Text role="status">
          <Loader size="xs" mr="xs" />
          {MSG.verifyingEmail}
        </Text>
      )}
      <Anchor component={Link} to={paths.profile}>
        Go to your profile
      </Anchor>
    </Stack>
  );
}

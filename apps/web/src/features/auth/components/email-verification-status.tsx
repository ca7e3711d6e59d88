import { Anchor, Badge, Group, Text } from '@mantine/core';
import { toast } from 'react-hot-toast';
import { MSG, SERVER_MSG } from '@kindred/shared';
import { errorMessage } from '../../../lib/api-error.ts';
import { useResendVerificationMutation } from '../api/verify-email.api.ts';

/**
 * Whether the signed-in user's address is verified (issue 13), under the e-mail on the profile: "Verified", or
 * "Email not verified" with a way to get a new link. Nothing while the answer is unknown (a cached profile).
 */
export function EmailVerificationStatus({ verified }: { verified: boolean | undefined }) {
  const resend = useResendVerificationMutation();
  if (verified === undefined) return null;
  if (verified)
    return (
      <Badge color="teal.9" variant="filled" ml="xs" data-testid="email-verification">
        {MSG.emailVerifiedBadge}
      </Badge>
    );
  return (
    <Group gap="xs" mt={4} data-testid="email-verification">
      <Text span size="sm" c="red.9" fw={600}>
        {MSG.emailNotVerified}
      </Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (res) => toast.success(res.message || SERVER_MSG.verificationSent),
            onError: (error) => toast.error(errorMessage(error, SERVER_MSG.internal)),
          })
        }
      >
        {MSG.resendVerification}
      </Anchor>
    </Group>
  );
}

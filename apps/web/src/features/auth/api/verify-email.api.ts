import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

type Result = { success: boolean; message: string };

/** POST auth/verify-email/ with the token from the mailed link (beyond the spec, issue 13). */
export function verifyEmail(token: string): Promise<Result> {
  return apiRequest<Result>(apiPaths.verifyEmail, { method: 'POST', body: { token } });
}

/** POST auth/verify-email/resend/ (bearer): a new link to the signed-in user's address. */
export function resendVerification(): Promise<Result> {
  return apiRequest<Result>(apiPaths.resendVerification, { method: 'POST', auth: true });
}

/** Verifying changes what the profile shows: its cached copy is refreshed. */
export function useVerifyEmailMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: ['profile'] }),
  });
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}

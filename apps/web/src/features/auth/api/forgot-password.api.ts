import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type OtpTokenResponse = { message: string; token: string };

/** POST auth/forgot-password/ → a reset-session token; the same answer whether or not the e-mail has an account. */
export function requestPasswordReset(email: string): Promise<OtpTokenResponse> {
  return apiRequest<OtpTokenResponse>(apiPaths.forgotPassword, { method: 'POST', body: { email } });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}

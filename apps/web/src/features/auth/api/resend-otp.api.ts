import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { OtpTokenResponse } from './forgot-password.api.ts';

/** POST auth/resend-otp/?token= → a new code by e-mail and a new token; the old code stops working. */
export function resendOtp(token: string): Promise<OtpTokenResponse> {
  return apiRequest<OtpTokenResponse>(apiPaths.resendOtp, { method: 'POST', query: { token }, body: {} });
}

export function useResendOtpMutation() {
  return useMutation({ mutationFn: resendOtp });
}

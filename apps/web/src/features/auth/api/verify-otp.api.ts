import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST auth/verify-otp/?token= { otp } */
export function verifyOtp(input: { token: string; otp: string }): Promise<{ message: string }> {
  return apiRequest(apiPaths.verifyOtp, { method: 'POST', query: { token: input.token }, body: { otp: input.otp } });
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}

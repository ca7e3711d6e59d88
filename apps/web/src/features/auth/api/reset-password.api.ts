import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type ResetPasswordInput = { token: string; new_password: string; confirm_password: string };

/** POST auth/reset-password/?token= { new_password, confirm_password }: works once, after the code was verified. */
export function resetPassword({ token, ...body }: ResetPasswordInput): Promise<{ message: string }> {
  return apiRequest(apiPaths.resetPassword, { method: 'POST', query: { token }, body });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type ChangePasswordInput = { old_password: string; new_password: string; confirm_new_password: string };

/** POST auth/change-password/ (bearer) */
export function changePassword(body: ChangePasswordInput): Promise<{ message?: string; success?: boolean }> {
  return apiRequest(apiPaths.changePassword, { method: 'POST', body, auth: true });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}

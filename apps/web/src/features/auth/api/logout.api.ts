import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST auth/logout/: the server revokes the refresh token and clears its cookie. */
export function logoutUser(): Promise<{ success?: boolean; message?: string }> {
  return apiRequest(apiPaths.logout, { method: 'POST', body: {}, auth: true });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logoutUser });
}

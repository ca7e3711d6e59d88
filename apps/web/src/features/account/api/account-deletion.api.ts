import { useMutation } from '@tanstack/react-query';
import type { AccountDeleteRequest } from '@kindred/shared/account-deletion';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST account/delete/ (bearer): deactivates the account now; the purge follows after 7 days. */
export function deleteAccount(body: AccountDeleteRequest): Promise<{ message: string; purge_after: string }> {
  return apiRequest(apiPaths.deleteAccount, { method: 'POST', body, auth: true });
}

/** POST account/delete/cancel/: the signed token from the cancel link. */
export function cancelAccountDeletion(token: string): Promise<{ message: string }> {
  return apiRequest(apiPaths.cancelAccountDeletion, { method: 'POST', body: { token } });
}

export const useDeleteAccountMutation = () => useMutation({ mutationFn: deleteAccount });
export const useCancelAccountDeletionMutation = () => useMutation({ mutationFn: cancelAccountDeletion });

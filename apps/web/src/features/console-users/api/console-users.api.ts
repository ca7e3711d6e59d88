import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  actionResponse,
  BulkDisableRequest,
  BulkDisableResponse,
  ComplimentaryRequest,
  consolePlansResponse,
  consoleUserResponse,
  ConsoleUsersResponse,
  RevealHealthResponse,
} from '@kindred/shared/console-users.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The list's query as the page keeps it in its address (strings, as they go on the wire). */
export type UsersListQuery = Record<string, string>;

const keys = {
  all: ['console', 'users'] as const,
  list: (q: UsersListQuery) => ['console', 'users', 'list', q] as const,
  one: (id: string) => ['console', 'users', 'one', id] as const,
  plans: ['console', 'users', 'plans'] as const,
};

/** GET admin/users/ (staff): one page, sorted and filtered on the server; the previous page stays while loading. */
export const useConsoleUsers = (query: UsersListQuery) =>
  useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => apiRequest<ConsoleUsersResponse>(apiPaths.consoleUsers, { auth: true, signal, query }),
    placeholderData: keepPreviousData,
  });

/** GET admin/users/plans/ (admin): the parent plans, for the filter and the complimentary grant. */
export const useConsolePlans = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: keys.plans,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof consolePlansResponse>>(apiPaths.consoleUserPlans, { auth: true, signal }),
    staleTime: 5 * 60_000,
  });

/** GET admin/users/<id>/ (staff): payments only in an admin's answer. */
export const useConsoleUser = (id: string) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof consoleUserResponse>>(apiPaths.consoleUser(id), { auth: true, signal }),
  });

export type UserAction = 'disable' | 'enable' | 'end-sessions' | 'deletion' | 'resend-verification';

/** POST admin/users/<id>/<action>/: the account actions; the user and the list are read again after. */
export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: UserAction; reason?: string }) =>
      apiRequest<z.infer<typeof actionResponse>>(apiPaths.consoleUserAction(id, action), {
        method: 'POST',
        auth: true,
        body: reason === undefined ? {} : { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST admin/users/<id>/complimentary-plan/ (admin). */
export function useGrantComplimentary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplimentaryRequest) =>
      apiRequest<z.infer<typeof actionResponse>>(apiPaths.consoleUserAction(id, 'complimentary-plan'), {
        method: 'POST',
        auth: true,
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST admin/users/<id>/health/reveal/ (admin, reason required, logged). The answer is never cached. */
export const useRevealHealth = (id: string) =>
  useMutation({
    mutationFn: (reason: string) =>
      apiRequest<RevealHealthResponse>(apiPaths.consoleUserAction(id, 'health/reveal'), {
        method: 'POST',
        auth: true,
        body: { reason },
      }),
  });

/** POST admin/users/bulk/disable/ (admin): a dry run first, then the same body for real. */
export function useBulkDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkDisableRequest) =>
      apiRequest<BulkDisableResponse>(apiPaths.consoleUsersBulkDisable, { method: 'POST', auth: true, body }),
    onSuccess: (res) => {
      if (!res.dry_run) void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

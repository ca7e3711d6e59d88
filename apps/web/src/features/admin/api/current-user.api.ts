import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffRole, UserDto } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { readProfileData, saveProfileData } from '../../../lib/session.ts';
import { adminKeys } from './admin-keys.ts';

/** GET auth/profile/ (bearer): who is signed in, for the role. Keeps the stored profileData fresh as well. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserDto> {
  const res = await apiRequest<{ success: boolean; user: UserDto }>(apiPaths.profile, { auth: true, signal });
  saveProfileData(res.user);
  return res.user;
}

export const currentUserQueryOptions = () =>
  queryOptions<UserDto, Error, UserDto, typeof adminKeys.me>({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    // The user stored at sign-in answers at once; the server's answer replaces it (a role may have changed).
    placeholderData: () => readProfileData(),
  });

export type AdminAccess = 'checking' | 'allowed' | 'denied' | 'unknown';

/**
 * Whether the signed-in user may use a page of the admin area that allows `roles` (default: admin only), and the
 * user's role for the navigation. The API checks the role on every call regardless.
 */
export function useAdminAccess(roles: readonly StaffRole[] = ['admin']): {
  access: AdminAccess;
  role: string | undefined;
  retry: () => void;
} {
  const query = useQuery(currentUserQueryOptions());
  const retry = () => void query.refetch();
  const role = query.data?.role;
  if (query.data)
    return { access: (roles as readonly string[]).includes(role ?? '') ? 'allowed' : 'denied', role, retry };
  return { access: query.isError ? 'unknown' : 'checking', role, retry };
}

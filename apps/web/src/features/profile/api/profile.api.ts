import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { readProfileData, saveProfileData } from '../../../lib/session.ts';

export const profileKey = ['profile'] as const;
/** The profile as GET auth/profile/ answers it: the user and whether their address is verified (issue 13). */
export type ProfileUser = UserDto & { email_verified?: boolean; credential_change_recommended?: boolean };

/** GET auth/profile/ (bearer). The result is cached in localStorage as profileData (spec section 3). */
export async function fetchProfile(signal?: AbortSignal): Promise<ProfileUser> {
  const res = await apiRequest<{ success: boolean; user: ProfileUser }>(apiPaths.profile, { auth: true, signal });
  saveProfileData(res.user);
  return res.user;
}

export const profileQueryOptions = () =>
  queryOptions<ProfileUser, Error, ProfileUser, typeof profileKey>({
    queryKey: profileKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    // Show the cached profile at once; the fresh one replaces it when it arrives.
    placeholderData: () => readProfileData(),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

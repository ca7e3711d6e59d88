import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getStoredProfileId, setStoredProfileId } from '../../../lib/match-profile.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * The preference profile to match with: the id the wizard stored, else profiles[0] of the list (the latest),
 * which is then stored. Null when the parent has never submitted the wizard.
 */
export async function resolveProfileId(signal?: AbortSignal): Promise<string | null> {
  const stored = getStoredProfileId();
  if (stored) return stored;
  const body = await apiRequest<{ profiles: { id: string }[] }>(apiPaths.listPreferences, { auth: true, signal });
  const id = body.profiles[0]?.id ?? null;
  if (id) setStoredProfileId(id);
  return id;
}

export function useMatchProfileId() {
  return useQuery(
    queryOptions({
      queryKey: ['match-profile-id'],
      queryFn: ({ signal }) => resolveProfileId(signal),
      retry: false,
      staleTime: Infinity,
    }),
  );
}

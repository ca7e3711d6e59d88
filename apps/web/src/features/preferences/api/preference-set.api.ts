import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { SavedPreferenceSet } from '../model/from-preferences.ts';

export type PreferenceSetResponse = {
  success: true;
  profile: SavedPreferenceSet & { created_at: string; updated_at: string };
};

/** GET fertility-profile/<id>/ (bearer): one of the parent's saved sets with the submission as stored. */
export function fetchPreferenceSet(id: string, signal?: AbortSignal): Promise<PreferenceSetResponse> {
  return apiRequest<PreferenceSetResponse>(apiPaths.preferenceSet(id), { auth: true, signal });
}

/** Never cached: opening a set to edit always reads what is saved now. */
export const preferenceSetQuery = (id: string) =>
  queryOptions({
    queryKey: ['preference-set', id],
    queryFn: ({ signal }) => fetchPreferenceSet(id, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

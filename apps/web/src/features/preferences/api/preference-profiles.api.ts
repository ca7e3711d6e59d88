import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type PreferenceProfile = {
  id: string;
  donor_type_preference: string;
  location: string | null;
  created_at: string;
  updated_at: string;
};

/** GET fertility-profile/list/ (bearer): the parent's preference sets, latest first (profiles[0] is kept). */
export function fetchPreferenceProfiles(
  signal?: AbortSignal,
): Promise<{ success: boolean; profiles: PreferenceProfile[] }> {
  return apiRequest(apiPaths.listPreferences, { auth: true, signal });
}

import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { PreferenceProfileSummary as PreferenceProfile } from '@kindred/shared/preferences.schemas';

export type { PreferenceProfileSummary as PreferenceProfile } from '@kindred/shared/preferences.schemas';

/** GET fertility-profile/list/ (bearer): the parent's preference sets, latest first (profiles[0] is kept). */
export function fetchPreferenceProfiles(
  signal?: AbortSignal,
): Promise<{ success: boolean; profiles: PreferenceProfile[] }> {
  return apiRequest(apiPaths.listPreferences, { auth: true, signal });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { PreferencePayload } from '../model/payload.ts';
import type { SavePreferencesResponse as SubmitPreferencesResponse } from '@kindred/shared/preferences.schemas';

export type { SavePreferencesResponse as SubmitPreferencesResponse } from '@kindred/shared/preferences.schemas';

/**
 * POST fertility-profile/create/ (bearer): saves the preference set; one per donor type, re-submitting updates it.
 * With `profile_id` it updates that saved set (its donor type may change).
 */
export function submitPreferences(
  payload: PreferencePayload & { profile_id?: string },
): Promise<SubmitPreferencesResponse> {
  return apiRequest<SubmitPreferencesResponse>(apiPaths.createPreferences, {
    method: 'POST',
    body: payload,
    auth: true,
  });
}

export function useSubmitPreferencesMutation() {
  return useMutation({ mutationFn: submitPreferences });
}

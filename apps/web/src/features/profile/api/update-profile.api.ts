import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateResponse } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { saveProfileData } from '../../../lib/session.ts';
import { profileKey } from './profile.api.ts';

export type ProfileUpdate = { first_name: string; last_name: string; phone_number: string };
type UpdateResponse = ProfileUpdateResponse;

/** PUT admin/parent/<id>/update/ (bearer) with the three editable fields. */
export function updateProfile(id: string, body: ProfileUpdate): Promise<UpdateResponse> {
  return apiRequest<UpdateResponse>(apiPaths.parentUpdate(id), { method: 'PUT', body, auth: true });
}

export function useUpdateProfileMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => updateProfile(id, body),
    onSuccess: (res) => {
      if (!res.user) return queryClient.invalidateQueries({ queryKey: profileKey });
      saveProfileData(res.user);
      queryClient.setQueryData(profileKey, res.user);
    },
  });
}

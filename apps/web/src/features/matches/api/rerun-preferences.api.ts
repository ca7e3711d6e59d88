import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { getSubmittedPreferences, setStoredProfileId, setSubmittedPreferences } from '../../../lib/match-profile.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { relaxPreferences } from '../utils/match-display.ts';

/**
 * Premium's one-click re-run: relax one filter in the preferences last submitted, submit them again (the server
 * updates the same profile) and reload the matches.
 */
export function useRerunWithout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (filter: string) => {
      const current = getSubmittedPreferences();
      const relaxed = current ? relaxPreferences(current, filter) : null;
      if (!relaxed) throw new Error('Your last preferences are not on this device. Please run the wizard again.');
      const res = await apiRequest<{ profile_id: string; message: string }>(apiPaths.createPreferences, { method: 'POST', body: relaxed, auth: true });
      setSubmittedPreferences(relaxed);
      setStoredProfileId(res.profile_id);
      return res;
    },
    onSuccess: async () => {
      toast.success('Preferences updated. Here are your new matches.');
      await client.invalidateQueries({ queryKey: ['match-profile-id'] });
      await client.invalidateQueries({ queryKey: ['matches'] });
    },
    onError: (error) => toast.error(errorMessage(error, error instanceof Error ? error.message : 'Could not re-run your matches.')),
  });
}

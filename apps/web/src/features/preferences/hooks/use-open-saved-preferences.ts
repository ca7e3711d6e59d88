import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { editPreferencesPath, paths } from '../../../lib/paths.ts';
import { fetchPreferenceProfiles } from '../api/preference-profiles.api.ts';

export const OPEN_SAVED_FAILED = 'We could not open your saved preferences. Please try again.';

/**
 * For the profile page's 'Update Donor Profile' and '7 Step Review': the wizard on the parent's latest saved set
 * (GET fertility-profile/list/, most recently updated first), or a new set when they have none.
 */
export function useOpenSavedPreferences() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const open = async () => {
    if (pending) return;
    setPending(true);
    try {
      const { profiles } = await queryClient.fetchQuery({
        queryKey: ['preference-profiles'],
        queryFn: ({ signal }) => fetchPreferenceProfiles(signal),
        staleTime: 0,
      });
      const latest = profiles[0];
      await navigate(latest ? editPreferencesPath(latest.id) : paths.profileSteps);
    } catch (error) {
      toast.error(errorMessage(error, OPEN_SAVED_FAILED));
    } finally {
      setPending(false);
    }
  };

  return { open: () => void open(), pending };
}

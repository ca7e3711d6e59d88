import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RelaxResponse } from '@kindred/shared/matching.schemas';
import type { HardFilterId } from '@kindred/shared/vocabulary';
import { toast } from 'react-hot-toast';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * After the saved set changed, every results page and the shortlist's scores are out of date. Marked stale, not
 * awaited: the page shows the new state at once and the results it asks for next are fetched afresh.
 */
function reloadMatches(client: ReturnType<typeof useQueryClient>, refetch: 'active' | 'none') {
  void client.invalidateQueries({ queryKey: ['matches'], refetchType: refetch });
  void client.invalidateQueries({ queryKey: ['favourites'], refetchType: refetch });
}

/**
 * "Keep this change" after a "re-run without it" preview: the server relaxes the saved set itself (POST
 * fertility-profile/<id>/relax/) and answers the set as it was, for Undo. Nothing is read from browser storage.
 */
export function useKeepRelaxation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, filter }: { profileId: string; filter: HardFilterId }) =>
      apiRequest<RelaxResponse>(apiPaths.relaxPreferences(profileId), {
        method: 'POST',
        body: { filters: [filter] },
        auth: true,
      }),
    onSuccess: () => {
      // The page leaves the preview for the saved results. Results cached under other keys are dropped, so the
      // preview (which is what is now saved) stays on screen until they arrive, instead of the old ones.
      client.removeQueries({ queryKey: ['matches'], type: 'inactive' });
      reloadMatches(client, 'none');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not save this change. Please try again.')),
  });
}

/**
 * Undo after keeping: the previous set submitted again for the same profile (fertility-profile/create/ with
 * profile_id).
 */
export function useRestorePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, previous }: { profileId: string; previous: Record<string, unknown> }) =>
      apiRequest<{ profile_id: string; message: string }>(apiPaths.createPreferences, {
        method: 'POST',
        body: { ...previous, profile_id: profileId },
        auth: true,
      }),
    onSuccess: () => {
      toast.success('Your previous preferences are back.');
      reloadMatches(client, 'active');
    },
    onError: (error) =>
      toast.error(errorMessage(error, 'Could not restore your previous preferences. Please try again.')),
  });
}

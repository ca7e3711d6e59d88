import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { ApiError } from '../../../lib/api-error.ts';
import { setStoredProfileId, setSubmittedPreferences } from '../../../lib/match-profile.ts';
import { paths } from '../../../lib/paths.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { useNavigate } from 'react-router';
import { fetchPreferenceProfiles } from '../api/preference-profiles.api.ts';
import { useSubmitPreferencesMutation } from '../api/submit-preferences.api.ts';
import { clearDraft } from '../model/draft.ts';
import type { PreferencePayload } from '../model/payload.ts';
import { SUBMIT_MSG, submitFailure, submitOutcome } from '../model/submit-result.ts';

/**
 * Review's submit (spec sections 4 and 8): a loading toast, then the server's message, the profile id refreshed
 * from the list, cached matches dropped (they were ranked for the old answers), and after 1 s the draft cleared
 * and /donor-matches or /subscription. With `profileId` the saved set being edited is updated. Failures show the
 * spec's message priority.
 */
export function useSubmitPreferences() {
  const mutation = useSubmitPreferencesMutation();
  const navigateLater = useDelayedNavigate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  const submit = (payload: PreferencePayload, editingId: string | null = null) => {
    const id = toast.loading(SUBMIT_MSG.submitting);
    mutation.mutate(editingId ? { ...payload, profile_id: editingId } : payload, {
      onSuccess: async (res) => {
        const outcome = submitOutcome(res);
        toast.success(outcome.message, { id });
        setLeaving(true);
        setSubmittedPreferences(payload);
        let profileId = res.profile_id;
        try {
          profileId = (await fetchPreferenceProfiles()).profiles[0]?.id ?? profileId;
        } catch {
          // The id from the submit answer is as good; the list is a refresh only.
        }
        setStoredProfileId(profileId);
        void queryClient.invalidateQueries();
        window.setTimeout(() => clearDraft(localStorage), 1000);
        navigateLater(outcome.to === 'matches' ? paths.donorMatches : paths.subscription);
      },
      onError: (error) => {
        const failure = submitFailure(
          error instanceof ApiError ? error.body : null,
          error instanceof ApiError ? undefined : error.message,
        );
        toast.error(failure.message, { id });
        if (failure.toSubscription) void navigate(paths.subscription);
      },
    });
  };

  return { submit, pending: mutation.isPending || leaving };
}

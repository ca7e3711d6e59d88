import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyCompare, FamilyShortlist, FamilyState, Rating } from '@kindred/shared/family.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** Every family query starts with this key: a partner's change (realtime) refreshes them all. */
export const familyKey = ['family'] as const;

/** GET family/: the viewer's partner, open invitation and the sets they may score with. */
export function useFamily(enabled = true) {
  return useQuery({
    queryKey: [...familyKey, 'state'],
    queryFn: ({ signal }) => apiRequest<FamilyState>(apiPaths.family, { auth: true, signal }),
    enabled,
    retry: false,
  });
}

export type ShortlistQuery = { setId?: string; sort: 'agreement' | 'added'; filter: 'all' | 'disagree' };

/** GET family/shortlist/: the shared shortlist, scored against one set, with both ratings and readable notes. */
export function useFamilyShortlist(q: ShortlistQuery, enabled = true) {
  const query: Record<string, string> = { sort: q.sort, filter: q.filter };
  if (q.setId) query.set_id = q.setId;
  return useQuery({
    queryKey: [...familyKey, 'shortlist', query],
    queryFn: ({ signal }) => apiRequest<FamilyShortlist>(apiPaths.familyShortlist, { auth: true, signal, query }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** GET family/compare/: up to four shortlisted donors side by side. */
export function useFamilyCompare(ids: string[], setId?: string) {
  const query: Record<string, string> = { ids: ids.join(',') };
  if (setId) query.set_id = setId;
  return useQuery({
    queryKey: [...familyKey, 'compare', query],
    queryFn: ({ signal }) => apiRequest<FamilyCompare>(apiPaths.familyCompare, { auth: true, signal, query }),
    enabled: ids.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** POST family/invites/preview/ (public): who sent this invitation. */
export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: ['family-invite', token],
    queryFn: ({ signal }) =>
      apiRequest<{ inviter_name: string; email: string; expires_at: string }>(apiPaths.familyInvitePreview, {
        method: 'POST',
        body: { token },
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

/** A mutation whose answer refreshes the family's queries. */
function useFamilyMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: familyKey }),
  });
}

export const useInvite = () =>
  useFamilyMutation((email: string) =>
    apiRequest<FamilyState>(apiPaths.familyInvites, { method: 'POST', auth: true, body: { email, consent: true } }),
  );
export const useCancelInvite = () =>
  useFamilyMutation(() => apiRequest<FamilyState>(apiPaths.familyInvites, { method: 'DELETE', auth: true }));
export const useAcceptInvite = () =>
  useFamilyMutation((token: string) =>
    apiRequest<FamilyState>(apiPaths.familyInviteAccept, {
      method: 'POST',
      auth: true,
      body: { token, consent: true },
    }),
  );
export const useLeaveFamily = () =>
  useFamilyMutation(() => apiRequest<FamilyState>(apiPaths.familyLeave, { method: 'POST', auth: true }));
export const useShareSet = () =>
  useFamilyMutation((v: { setId: string; withHealth: boolean }) =>
    apiRequest<FamilyState>(apiPaths.familySharedSets, {
      method: 'POST',
      auth: true,
      body: { preference_set_id: v.setId, include_health_answers: v.withHealth },
    }),
  );
export const useUnshareSet = () =>
  useFamilyMutation((setId: string) =>
    apiRequest<FamilyState>(apiPaths.familySharedSet(setId), { method: 'DELETE', auth: true }),
  );
export const useRate = () =>
  useFamilyMutation((v: { referenceId: string; rating: Rating | null }) =>
    apiRequest(apiPaths.familyRatings, {
      method: 'PUT',
      auth: true,
      body: { donor_reference_id: v.referenceId, rating: v.rating },
    }),
  );
export const useAddNote = () =>
  useFamilyMutation((v: { referenceId: string; body: string; shared: boolean }) =>
    apiRequest(apiPaths.familyNotes, {
      method: 'POST',
      auth: true,
      body: { donor_reference_id: v.referenceId, body: v.body, shared: v.shared },
    }),
  );
export const useDeleteNote = () =>
  useFamilyMutation((id: string) => apiRequest(apiPaths.familyNote(id), { method: 'DELETE', auth: true }));
export const useRemoveFromShortlist = () =>
  useFamilyMutation((referenceId: string) =>
    apiRequest(apiPaths.familyShortlist, { method: 'DELETE', auth: true, body: { donor_reference_id: referenceId } }),
  );

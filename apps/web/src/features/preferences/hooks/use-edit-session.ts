import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getProfileUserId } from '../../../lib/session.ts';
import { preferenceSetQuery } from '../api/preference-set.api.ts';
import { clearDraft, writeDraft } from '../model/draft.ts';
import { draftFromSavedSet } from '../model/from-preferences.ts';
import { progressForEditing, readEditing, writeEditing, writeProgress } from '../model/progress.ts';

export type EditSession =
  { status: 'ready' } | { status: 'loading' } | { status: 'error'; error: unknown; retry: () => void };

/**
 * /profile-steps?edit=<id>: loads the saved set into the draft and the progress (every step completed, on Review)
 * before the wizard mounts. When this browser already holds unsaved edits of that same set (a reload, or coming
 * back later), they are resumed instead of being replaced.
 */
export function useEditSession(editId: string | null): EditSession {
  // Decided once per opening, so clearing the draft after a submit never reloads the set under the parent's feet.
  const [resumedFor] = useState(() =>
    editId !== null && readEditing(localStorage, getProfileUserId()) === editId ? editId : null,
  );
  const resumed = editId !== null && resumedFor === editId;
  const [applied, setApplied] = useState<string | null>(null);
  const query = useQuery({ ...preferenceSetQuery(editId ?? ''), enabled: editId !== null && !resumed });

  useEffect(() => {
    const set = query.data?.profile;
    if (!set || editId === null || applied === editId) return;
    const userId = getProfileUserId();
    clearDraft(localStorage);
    writeDraft(localStorage, draftFromSavedSet(set));
    writeProgress(localStorage, progressForEditing(set.donor_type_preference));
    if (userId) writeEditing(localStorage, { profileId: set.id, userId });
    setApplied(editId);
  }, [query.data, editId, applied]);

  if (editId === null || resumed || applied === editId) return { status: 'ready' };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'loading' };
}

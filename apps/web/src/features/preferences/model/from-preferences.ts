/**
 * A saved preference set back into the wizard's draft: the inverse of buildPreferencePayload (payload.ts), so
 * "Edit preferences" opens the wizard with the answers the parent gave. For every draft the wizard can submit,
 * draft → payload → draft is the identity, except where the payload itself merges answers: BRCA1 and BRCA2 come
 * back both ticked, thalassemia variants as Thalassemia, and a skipped post-match question as No (both send 0).
 * Reading is forgiving, as sets saved by other clients may spell things differently: what is missing or
 * unreadable becomes the empty answer, and the wizard asks for it again.
 */
import { draftOf, savedAnswer, type WizardDraft } from './questions/index.ts';
import type { Saved } from './codec.ts';

/** Each question's answer from the set, by its own reverse mapping (questions.ts). */
export function draftFromPreferences(raw: Saved): WizardDraft {
  return draftOf((key) => savedAnswer(key, raw));
}

/** A set as GET fertility-profile/<id>/ answers it. */
export type SavedPreferenceSet = {
  id: string;
  donor_type_preference: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  preferences: Saved;
};

/** The draft for a saved set: its submission, with the place's coordinates the server found when none were sent. */
export function draftFromSavedSet(set: SavedPreferenceSet): WizardDraft {
  const draft = draftFromPreferences({
    donor_type_preference: set.donor_type_preference,
    location: set.location,
    ...set.preferences,
  });
  if (draft.latitude === null || draft.longitude === null) {
    if (set.latitude !== null && set.longitude !== null && draft.location === (set.location ?? '').trim()) {
      return { ...draft, latitude: set.latitude, longitude: set.longitude };
    }
    return { ...draft, latitude: null, longitude: null };
  }
  return draft;
}

import { STORAGE_KEYS } from '@kindred/shared';

/**
 * What the wizard hands to the matches screens through browser storage: the saved preference profile's id (and
 * the preference set last submitted, which nothing reads any more: a re-run is relaxed on the server). These
 * outlive the wizard's draft, which is cleared after a submit. Both are tagged with the signed-in user's id, so
 * another account signing in on the same browser never reads them.
 */
const PROFILE_ID_KEY = 'profileId';
const LAST_PREFERENCES_KEY = 'submittedPreferences';
const OWNER_KEY = 'profileIdOwner';

const currentUserId = () => localStorage.getItem(STORAGE_KEYS.profileUserId) ?? '';
const ownedByCurrentUser = () => localStorage.getItem(OWNER_KEY) === currentUserId();

export function getStoredProfileId(): string | null {
  return ownedByCurrentUser() ? localStorage.getItem(PROFILE_ID_KEY) : null;
}

export function setStoredProfileId(id: string): void {
  if (!ownedByCurrentUser()) localStorage.removeItem(LAST_PREFERENCES_KEY);
  localStorage.setItem(OWNER_KEY, currentUserId());
  localStorage.setItem(PROFILE_ID_KEY, id);
}

export function setSubmittedPreferences(preferences: object): void {
  localStorage.setItem(OWNER_KEY, currentUserId());
  localStorage.setItem(LAST_PREFERENCES_KEY, JSON.stringify(preferences));
}

/**
 * What the wizard hands to the matches screens through browser storage: the saved preference profile's id and
 * the preference set last submitted (so a counterfactual re-run can relax one filter and submit it again). These
 * outlive the wizard's draft, which is cleared after a submit.
 */
const PROFILE_ID_KEY = 'profileId';
const LAST_PREFERENCES_KEY = 'submittedPreferences';

export function getStoredProfileId(): string | null {
  return localStorage.getItem(PROFILE_ID_KEY);
}

export function setStoredProfileId(id: string): void {
  localStorage.setItem(PROFILE_ID_KEY, id);
}

export function getSubmittedPreferences(): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LAST_PREFERENCES_KEY) ?? 'null');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function setSubmittedPreferences(preferences: object): void {
  localStorage.setItem(LAST_PREFERENCES_KEY, JSON.stringify(preferences));
}

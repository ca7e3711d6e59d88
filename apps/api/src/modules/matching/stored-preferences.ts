import { normalizePreferences, rawPreferencesSchema, type NormalizedPreferences } from '@kindred/shared/preferences';

/** Keys stored with the raw set that are not preferences: where the parent is (their own columns), the edited set. */
export const PLACE_KEYS: ReadonlySet<string> = new Set(['location', 'latitude', 'longitude', 'profile_id']);

/** A saved set as read back: the submission as stored, its coordinates, and the normalised form written with it. */
export type StoredPreferenceSet = {
  raw: Record<string, unknown>;
  latitude: number | null;
  longitude: number | null;
  normalized: NormalizedPreferences;
};

/**
 * A saved set in today's normalised shape: normalised again from the raw submission and the coordinates stored
 * with it (no new geocoding), so a preference field added after the set was saved gets its value from the
 * parent's answers, or its default, without a backfill. The `normalized` column written at save time is only a
 * fallback for a raw form today's schema no longer accepts.
 */
export function renormalize(set: StoredPreferenceSet): NormalizedPreferences {
  const preferences = Object.fromEntries(Object.entries(set.raw).filter(([k]) => !PLACE_KEYS.has(k)));
  const parsed = rawPreferencesSchema.safeParse(preferences);
  if (!parsed.success) return set.normalized;
  const origin = set.latitude !== null && set.longitude !== null ? { lat: set.latitude, lon: set.longitude } : null;
  return normalizePreferences(parsed.data, { origin });
}

import type { ParentScreen } from '@kindred/shared/genetics';
import { normalizePreferences, rawPreferencesSchema, type NormalizedPreferences } from '@kindred/shared/preferences';

/** Keys stored with the raw set that are not preferences: where the parent is (their own columns), the edited set. */
export const PLACE_KEYS: ReadonlySet<string> = new Set(['location', 'latitude', 'longitude', 'profile_id']);

/** A saved set as read back: the submission as stored, its coordinates, and the normalised form written with it. */
export type StoredPreferenceSet = {
  raw: Record<string, unknown>;
  latitude: number | null;
  longitude: number | null;
  normalized: NormalizedPreferences;
  /**
   * The parent's own carrier screening when they entered one (issue 24): kept with the set a match was scored
   * with, so the match can be rebuilt as shown. Absent: the set's checklist of conditions stands for it.
   */
  parent_screen?: ParentScreen | null;
};

/** Preferences as the engine ranks them: with the parent's own screen when there is one (ADR 023). */
export type RankedPreferences = NormalizedPreferences & { parentScreen?: ParentScreen };

/**
 * A saved set in today's normalised shape: normalised again from the raw submission and the coordinates stored
 * with it (no new geocoding), so a preference field added after the set was saved gets its value from the
 * parent's answers, or its default, without a backfill. The `normalized` column written at save time is only a
 * fallback for a raw form today's schema no longer accepts.
 */
export function renormalize(set: StoredPreferenceSet): RankedPreferences {
  const preferences = Object.fromEntries(Object.entries(set.raw).filter(([k]) => !PLACE_KEYS.has(k)));
  const parsed = rawPreferencesSchema.safeParse(preferences);
  const origin = set.latitude !== null && set.longitude !== null ? { lat: set.latitude, lon: set.longitude } : null;
  const prefs = parsed.success ? normalizePreferences(parsed.data, { origin }) : set.normalized;
  // Only when entered: the fingerprints of sets scored without a screen stay as they were.
  return set.parent_screen ? { ...prefs, parentScreen: set.parent_screen } : prefs;
}

/** The set with the parent's current screen, when they entered one. */
export const withParentScreen = (set: StoredPreferenceSet, screen: ParentScreen | undefined): StoredPreferenceSet =>
  screen ? { ...set, parent_screen: screen } : set;

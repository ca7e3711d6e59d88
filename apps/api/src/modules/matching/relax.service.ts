import { normalizePreferences, rawPreferencesSchema } from '@kindred/shared/preferences';
import { canRelax, hardFilterLabel, relaxPreferences } from '@kindred/shared/relaxations';
import type { HardFilterId } from '@kindred/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { findPreferenceSet, updatePreferenceSet } from './preferences.repository.ts';
import { PREFERENCE_SET_NOT_FOUND } from '@kindred/shared/preferences.schemas';
import { PLACE_KEYS } from './stored-preferences.ts';

const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Keeping a "re-run without it" preview: the saved raw set gets the same change the wizard would make (one table,
 * packages/shared/src/relaxations.ts), is normalised again with the coordinates stored for it (no new geocoding),
 * and saved. The set as it was is returned, so the parent can undo by submitting it again.
 */
export function createRelaxService(deps: { db: Db; clock: Clock }) {
  return {
    async relax(userId: string, profileId: string, filters: readonly HardFilterId[]) {
      const fixed = filters.find((f) => !canRelax(f));
      if (fixed)
        throw fieldError('filters', `Your ${hardFilterLabel(fixed)} cannot be relaxed: no answer of yours sets it.`);
      const row = await findPreferenceSet(deps.db, userId, profileId);
      if (!row) throw notFound(PREFERENCE_SET_NOT_FOUND);
      const unique = [...new Set(filters)];
      const relaxed = relaxPreferences(row.raw, unique)!;
      const preferences = rawPreferencesSchema.parse(
        Object.fromEntries(Object.entries(relaxed).filter(([k]) => !PLACE_KEYS.has(k))),
      );
      const origin = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lon: row.longitude } : null;
      const saved = await updatePreferenceSet(deps.db, profileId, {
        userId,
        donorType: row.donor_type_preference,
        location: row.location,
        latitude: row.latitude,
        longitude: row.longitude,
        raw: relaxed,
        normalized: normalizePreferences(preferences, { origin }),
        now: deps.clock.now(),
      });
      if (!saved) throw notFound(PREFERENCE_SET_NOT_FOUND);
      return {
        success: true as const,
        message: `Your preferences were saved without your ${joinAnd(unique.map(hardFilterLabel))}.`,
        profile_id: profileId,
        previous_preferences: row.raw,
      };
    },
  };
}
export type RelaxService = ReturnType<typeof createRelaxService>;

import { normalizePreferences, type GeoPoint, type RawPreferences } from '@kindred/shared/preferences';
import { PREFERENCE_SET_NOT_FOUND } from '@kindred/shared/preferences.schemas';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Geocoder } from '../geocoding/geocoding.service.ts';
import {
  findPreferenceSet,
  findPreferenceSetIdByType,
  listPreferenceSets,
  updatePreferenceSet,
  upsertPreferenceSet,
  type PreferenceSetWrite,
} from './preferences.repository.ts';
import * as repo from './preferences.repository.ts';

/** What the wizard submits, once parsed: the preference keys, the chosen place, and the set being edited. */
export type PreferenceSubmission = RawPreferences & {
  donor_type_preference: string;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  profile_id?: string;
};

export const duplicateTypeMessage = (donorType: string) => `You already have a preference set for ${donorType} donors.`;

/** A slow geocoder must not hold a save: past this the set is stored without coordinates. */
const GEOCODE_TIMEOUT_MS = 3000;

/**
 * Where the parent is when the wizard sent no coordinates (an older client, or text typed without picking a
 * suggestion): the first suggestion for the location text, else for the ZIP code. Any failure means "unknown",
 * never a failed save.
 */
async function geocodeFallback(geocoder: Geocoder, texts: readonly string[]): Promise<GeoPoint | null> {
  for (const text of texts) {
    if (text.length < 2) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('geocoder timeout')), GEOCODE_TIMEOUT_MS);
      });
      const [place] = await Promise.race([geocoder.autocomplete(text, 1), timeout]);
      if (place && Number.isFinite(place.lat) && Number.isFinite(place.lon)) return { lat: place.lat, lon: place.lon };
    } catch {
      // Try the next text; no coordinates at worst.
    } finally {
      clearTimeout(timer);
    }
  }
  return null;
}

const iso = (d: Date) => new Date(d).toISOString();

/**
 * The seven-step preference sets: one per parent and donor type. A submission without `profile_id` creates the
 * set for its donor type or replaces it; with `profile_id` it replaces that set of the parent's (404 otherwise),
 * including a change of donor type unless the parent already has a set of the new type.
 */
export function createPreferencesService(deps: { db: Db; clock: Clock; geocoder: Geocoder }) {
  const { db } = deps;

  async function save(userId: string, submission: PreferenceSubmission) {
    const { profile_id: profileId, location, latitude, longitude, ...raw } = submission;
    const given = latitude != null && longitude != null ? { lat: latitude, lon: longitude } : null;
    const zip = raw.primary_zip_code == null ? '' : String(raw.primary_zip_code).trim();
    const origin =
      given ??
      (await geocodeFallback(
        deps.geocoder,
        [location?.trim() ?? '', zip].filter((t, i, all) => all.indexOf(t) === i),
      ));
    const normalized = normalizePreferences(raw, { origin });
    // The set as the parent submitted it (what the wizard prefills on edit); the coordinates used go in their columns.
    const { profile_id: _omit, ...stored } = submission;
    const write: PreferenceSetWrite = {
      userId,
      donorType: raw.donor_type_preference,
      location: location ?? null,
      latitude: origin?.lat ?? null,
      longitude: origin?.lon ?? null,
      raw: stored,
      normalized,
      now: deps.clock.now(),
    };
    if (!profileId) return { ...(await upsertPreferenceSet(db, write)), unrecognized: normalized.unrecognized };

    const existing = await findPreferenceSet(db, userId, profileId);
    if (!existing) throw notFound(PREFERENCE_SET_NOT_FOUND);
    const clash = async () => {
      const other = await findPreferenceSetIdByType(db, userId, write.donorType);
      return other !== undefined && other !== profileId;
    };
    if (await clash()) throw fieldError('donor_type_preference', duplicateTypeMessage(write.donorType));
    try {
      if (!(await updatePreferenceSet(db, profileId, write))) throw notFound(PREFERENCE_SET_NOT_FOUND);
    } catch (err) {
      // Another request created a set of the new type in between.
      if ((err as { code?: unknown }).code === '23505')
        throw fieldError('donor_type_preference', duplicateTypeMessage(write.donorType));
      throw err;
    }
    return { id: profileId, inserted: false, unrecognized: normalized.unrecognized };
  }

  async function get(userId: string, id: string) {
    const row = await findPreferenceSet(db, userId, id);
    if (!row) throw notFound(PREFERENCE_SET_NOT_FOUND);
    return {
      id: row.id,
      donor_type_preference: row.donor_type_preference,
      location: row.location,
      latitude: row.latitude,
      longitude: row.longitude,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      preferences: row.raw,
    };
  }

  async function list(userId: string) {
    return (await listPreferenceSets(db, userId)).map((r) => ({
      ...r,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    }));
  }

  return { save, get, list };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;

/**
 * Other modules' way to a parent's stored preference sets (issue 27: the repository is private to this module):
 * alerts, family and favourites read them through these, with the caller's `db` or transaction handle first.
 */
export const findStoredSet: typeof repo.findStoredSet = (...args) => repo.findStoredSet(...args);
export const storedSetsByType: typeof repo.storedSetsByType = (...args) => repo.storedSetsByType(...args);

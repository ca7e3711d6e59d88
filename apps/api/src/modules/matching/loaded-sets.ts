import type { NormalizedPreferences } from '@kindred/shared/preferences';
import type { Queryable } from '../../db/db.ts';
import { storedSetVersion } from './matches.repository.ts';
import type { ParentScreenReader } from '../genetics/parent-screen.service.ts';
import { findStoredSet } from './preferences.repository.ts';
import { preferencesFingerprint } from './shown-matches.ts';
import { renormalize, withParentScreen, type StoredPreferenceSet } from './stored-preferences.ts';

/** A saved set as find-matches uses it: as stored, normalised again (ADR 011), and its fingerprint (ADR 016). */
export type LoadedSet = { stored: StoredPreferenceSet; prefs: NormalizedPreferences; fingerprint: string };

const MAX_SETS = 2000;

/**
 * Saved preference sets read through a small memo keyed by the row's version: a parent paging through results
 * asks with the same set each time, and reading its JSON and normalising it again cost more than the rest of the
 * request bar the ranking. The version is read every time (one cheap query), so a save is seen at once, on any
 * instance. The set's version and the time of the parent's screen come in one statement (matches.repository.ts); the
 * screen itself is read through the genetics service, only when the memo misses.
 */
export function createLoadedSets(db: Queryable, parentScreens: ParentScreenReader) {
  const memo = new Map<string, { version: string; set: LoadedSet }>();
  return async function load(userId: string, profileId: string): Promise<LoadedSet | undefined> {
    const current = await storedSetVersion(db, userId, profileId);
    if (current === undefined) return undefined;
    // The parent's own carrier screening ranks with every set (issue 24): a new one is a new version too.
    const version = `${current.set}:${current.screenAt ?? ''}`;
    const key = `${userId}:${profileId}`;
    const hit = memo.get(key);
    if (hit?.version === version) return hit.set;
    const [found, screen] = await Promise.all([findStoredSet(db, userId, profileId), parentScreens.get(userId)]);
    if (!found) return undefined;
    const stored = withParentScreen(found, screen.screen ?? undefined);
    const prefs = renormalize(stored);
    const set = { stored, prefs, fingerprint: preferencesFingerprint(prefs) };
    memo.delete(key);
    memo.set(key, { version, set });
    if (memo.size > MAX_SETS) memo.delete(memo.keys().next().value!);
    return set;
  };
}

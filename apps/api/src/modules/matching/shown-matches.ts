import { createHash } from 'node:crypto';
import { matchDonor, type DonorIndex, type Match } from '@kindred/matching';
import type { MatchWithFactors } from '@kindred/shared/matching.schemas';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import type { Queryable } from '../../db/db.ts';
import { findShownPreferences, type ShownRow } from './matches.repository.ts';
import { renormalize, type StoredPreferenceSet } from './stored-preferences.ts';

/**
 * Matches as the parent was shown them, rebuilt from what revealed_donors keeps (ADR 016): the preference set's
 * fingerprint and the score. The engine explains the donor again for that set, so the detail view, the revealed
 * list and the shortlist's fallback say what the results page said without a stored copy of each match.
 */

/** A short, stable name of a normalised preference set: equal sets (as ranked) have equal fingerprints. */
export const preferencesFingerprint = (prefs: NormalizedPreferences): string =>
  createHash('sha256').update(JSON.stringify(prefs)).digest('base64url').slice(0, 22);

type Fallback = { availability: Match['availability']; last_medical_update: string };

/**
 * A match as stored in legacy_match (rows from before migration 015), in today's shape: rows written before a field
 * existed get a neutral value (nothing missed or untested is claimed; factor points are worked out from score and
 * weight).
 */
export function legacyMatch(raw: Record<string, unknown>, fallback: Fallback): MatchWithFactors {
  const m = raw as Partial<MatchWithFactors> & Record<string, unknown>;
  const factors = Array.isArray(m.factors)
    ? m.factors.map((f) => ({
        ...f,
        points: f.points ?? Math.round(f.weight * f.score) / 100,
        met: f.met ?? f.score >= 100,
        stated: f.stated ?? true,
      }))
    : [];
  return {
    ...(m as MatchWithFactors),
    missed: m.missed ?? [],
    missed_not_counted: m.missed_not_counted ?? [],
    not_tested_for: m.not_tested_for ?? [],
    preferences_met: m.preferences_met ?? 0,
    distance_km: m.distance_km ?? null,
    last_medical_update: m.last_medical_update ?? fallback.last_medical_update,
    availability: m.availability ?? fallback.availability,
    tie_note: null,
    factors,
  };
}

/**
 * Rebuilds each row's match: from its preference set through the engine, or from its legacy copy. A row whose
 * donor left the index and has no copy is left out (absent from the map).
 */
export async function rebuildShown(
  db: Queryable,
  userId: string,
  index: DonorIndex,
  rows: readonly ShownRow[],
  fallbackOf: (referenceId: string) => Fallback,
): Promise<Map<string, MatchWithFactors>> {
  const fps = rows.flatMap((r) => (r.preferences_fp ? [r.preferences_fp] : []));
  const sets = await findShownPreferences(db, userId, fps);
  const prefsByFp = new Map<string, NormalizedPreferences>();
  const prefsOf = (fp: string) => {
    let prefs = prefsByFp.get(fp);
    const set: StoredPreferenceSet | undefined = sets.get(fp);
    if (!prefs && set) prefsByFp.set(fp, (prefs = renormalize(set)));
    return prefs;
  };
  const out = new Map<string, MatchWithFactors>();
  for (const r of rows) {
    const prefs = r.preferences_fp ? prefsOf(r.preferences_fp) : undefined;
    const scored = prefs ? matchDonor(index, prefs, r.reference_id) : null;
    if (scored) out.set(r.reference_id, scored.match);
    else if (r.legacy_match) out.set(r.reference_id, legacyMatch(r.legacy_match, fallbackOf(r.reference_id)));
  }
  return out;
}

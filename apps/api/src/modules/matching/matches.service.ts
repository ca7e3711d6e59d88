import {
  counterfactuals,
  countMatches,
  rankDonors,
  type Counterfactual,
  type DonorIndex,
  type HardFilterId,
  type Match,
  type Refinement,
  type SortOrder,
} from '@kindred/matching';
import type { MatchFilters, MatchItem, MatchWithFactors } from '@kindred/shared/matching.schemas';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { canRelax, hardFilterLabel } from '@kindred/shared/relaxations';
import { PAYMENT_MSG } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CheckoutService } from '../payments/checkout.service.ts';
import { findEntitledSubscription } from '../subscriptions/entitlements.ts';
import { findLastRevealed, listRevealed, lockCredits, recordShown, setCreditsUsed } from './matches.repository.ts';
import { publicDonorProfile } from './public-donor.ts';
import { findStoredSet } from './preferences.repository.ts';
import { renormalize } from './stored-preferences.ts';

/** Most matches one request returns, whatever the plan. */
export const MAX_MATCHES_PER_REQUEST = 50;

export const MATCHES_MSG = {
  creditsUsed: 'You have used your match credits. Upgrade your plan to see more donors.',
  none: 'No donor matches found. Please check your preferences.',
  noneFiltered: 'No donors match these filters. Clear a filter to see more.',
  distanceNeedsLocation:
    'Distance needs your location: add an address to your preferences to filter or sort by distance.',
  relaxNeedsPremium: 'Previewing results without a filter is part of Premium. Upgrade your plan to use it.',
  notRelaxable: (filter: string) => `Your ${hardFilterLabel(filter)} cannot be relaxed: no answer of yours sets it.`,
} as const;

export type FindMatchesInput = {
  offset: number;
  sort?: SortOrder;
  filters?: MatchFilters;
  relax?: readonly HardFilterId[];
};
export type FindMatchesResult = {
  success: true;
  message: string;
  total_matches: number;
  matches: MatchItem[];
  subscription: boolean;
  plan_name: string | null;
  matches_shown: number | null;
  match_credits_remaining: number | null;
  counterfactuals?: Counterfactual[];
  passing_matches: number;
  relaxed: HardFilterId[];
  credits_exhausted: boolean;
  withheld: number;
};

export const withoutFactors = ({ factors: _f, ...m }: Match | MatchWithFactors): MatchItem => m;

/**
 * A match as stored in revealed_donors, in today's shape: rows written before a field existed get a neutral value
 * (nothing missed or untested is claimed; the factor points are worked out from score and weight).
 */
export function storedMatch(
  raw: Record<string, unknown>,
  fallback: { availability: Match['availability']; last_medical_update: string },
): MatchWithFactors {
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
    factors,
  };
}

/** The engine's refinement from the request's filters (same names; only what was given). */
const refinementOf = (f: MatchFilters | undefined): Refinement | undefined =>
  f && Object.keys(f).length > 0 ? f : undefined;

/** How many donors pass (and pass the filters): it names no donor, so it is given without a plan. */
function countOnly(index: DonorIndex, prefs: NormalizedPreferences, refine: Refinement | undefined) {
  if (refine) return rankDonors(index, prefs, { limit: 0, refine });
  const total = countMatches(index, prefs);
  return { total, passing: total };
}

/**
 * Ranked matches for a saved preference set, limited by the parent's plan. A match credit is spent the first
 * time a donor is revealed under a subscription; when credits run out, donors not yet revealed are withheld (and
 * the answer says so, so the page can offer the upgrade and the donors already revealed).
 */
export function createMatchesService(deps: {
  db: Db;
  clock: Clock;
  catalogue: CatalogueService;
  checkout: CheckoutService;
}) {
  const { db, clock } = deps;

  async function loadProfile(userId: string, profileId: string) {
    const stored = await findStoredSet(db, userId, profileId);
    if (!stored) throw notFound('This preference profile was not found.');
    return renormalize(stored);
  }

  /** Records each newly shown donor (spending credits where the plan has them); returns those allowed. */
  async function reveal(
    userId: string,
    matches: Match[],
  ): Promise<{ shown: Match[]; remaining: number | null; withheld: number }> {
    const snap = await deps.catalogue.current();
    return db.transaction(async (tx) => {
      const sub = (await findEntitledSubscription(tx, userId, clock.now()))!;
      // Serialises concurrent requests of one parent so credits cannot be spent twice.
      const credits = await lockCredits(tx, sub.id);
      let used = credits.used;
      const shown: Match[] = [];
      let withheld = 0;
      for (const m of matches) {
        const donorId = snap.donorIds.get(m.donor_reference_id);
        if (!donorId) continue;
        const mayInsert = credits.total === null || used < credits.total;
        const outcome = await recordShown(tx, {
          subscriptionId: sub.id,
          donorId,
          userId,
          at: clock.now(),
          match: m,
          mayInsert,
        });
        if (outcome === 'withheld') {
          withheld += 1;
          continue;
        }
        if (outcome === 'inserted') used += 1;
        shown.push(m);
      }
      await setCreditsUsed(tx, sub.id, credits.total === null ? used : Math.min(used, credits.total));
      return { shown, remaining: credits.total === null ? null : Math.max(0, credits.total - used), withheld };
    });
  }

  function checkInput(input: FindMatchesInput, hasOrigin: boolean, mayRelax: boolean) {
    if (input.filters?.maxDistanceKm !== undefined && !hasOrigin)
      throw fieldError('filters', MATCHES_MSG.distanceNeedsLocation);
    if (input.sort === 'distance' && !hasOrigin) throw fieldError('sort', MATCHES_MSG.distanceNeedsLocation);
    const relax = [...new Set(input.relax ?? [])];
    if (relax.length === 0) return relax;
    if (!mayRelax) throw fieldError('relax', MATCHES_MSG.relaxNeedsPremium);
    const fixed = relax.find((f) => !canRelax(f));
    if (fixed) throw fieldError('relax', MATCHES_MSG.notRelaxable(fixed));
    return relax;
  }

  return {
    loadProfile,
    async findMatches(userId: string, profileId: string, input: FindMatchesInput): Promise<FindMatchesResult> {
      const prefs = await loadProfile(userId, profileId);
      const snap = await deps.catalogue.current();
      const ent = await deps.checkout.entitlement(userId);
      const relax = checkInput(input, prefs.origin !== null, ent?.active === true && ent.counterfactuals);
      const refine = refinementOf(input.filters);
      if (!ent?.active) {
        const counted = countOnly(snap.index, prefs, refine);
        return {
          success: true,
          message: PAYMENT_MSG.noSubscription,
          total_matches: counted.total,
          matches: [],
          subscription: false,
          plan_name: null,
          matches_shown: null,
          match_credits_remaining: null,
          passing_matches: counted.passing,
          relaxed: [],
          credits_exhausted: false,
          withheld: 0,
        };
      }
      const limit = Math.min(ent.matches_shown ?? MAX_MATCHES_PER_REQUEST, MAX_MATCHES_PER_REQUEST);
      const offset = ent.matches_shown === null ? input.offset : 0;
      const ranked = rankDonors(snap.index, prefs, { limit, offset, sort: input.sort, refine, relax });
      const { shown, remaining, withheld } = await reveal(userId, ranked.matches);
      const message =
        withheld > 0
          ? MATCHES_MSG.creditsUsed
          : ranked.total === 0
            ? ranked.passing > 0
              ? MATCHES_MSG.noneFiltered
              : MATCHES_MSG.none
            : `${ranked.total} donors match your preferences.`;
      return {
        success: true,
        message,
        total_matches: ranked.total,
        matches: shown.map(withoutFactors),
        subscription: true,
        plan_name: ent.plan_name,
        matches_shown: ent.matches_shown,
        match_credits_remaining: remaining,
        ...(ent.counterfactuals ? { counterfactuals: counterfactuals(snap.index, prefs) } : {}),
        passing_matches: ranked.passing,
        relaxed: relax,
        credits_exhausted: remaining === 0,
        withheld,
      };
    },

    /** Every donor revealed under the parent's current subscription, newest first, with the match last shown. */
    async revealed(userId: string) {
      const sub = await findEntitledSubscription(db, userId, clock.now());
      if (!sub) return [];
      const list = await listRevealed(db, sub.id);
      const donors = await deps.catalogue.donorsByReference(list.map((r) => r.reference_id));
      return list.map((r) => {
        const donor = donors.get(r.reference_id);
        const fallback = {
          availability: donor?.availability ?? 'unavailable',
          last_medical_update: donor?.last_medical_update ?? '',
        } as const;
        return {
          donor_reference_id: r.reference_id,
          revealed_at: new Date(r.revealed_at).toISOString(),
          match: withoutFactors(storedMatch(r.match, fallback)),
        };
      });
    },

    /** A donor the parent was matched with: the non-identifying profile and the match as last shown. */
    async donorDetail(userId: string, referenceId: string) {
      const seen = await findLastRevealed(db, userId, referenceId);
      const donor = seen ? (await deps.catalogue.donorsByReference([referenceId])).get(referenceId) : undefined;
      // Donors never shown to this parent are indistinguishable from donors that do not exist.
      if (!seen || !donor) throw notFound('This donor was not found among your matches.');
      return {
        donor: publicDonorProfile(donor, clock.now()),
        match: storedMatch(seen.match, donor),
        matched_at: new Date(seen.revealed_at).toISOString(),
      };
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;

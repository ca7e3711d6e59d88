import {
  bankAt,
  countMatches,
  matchDonor,
  positionOf,
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
import { findEntitledSubscription, STRIPE_RENEWAL_GRACE_MS, toEntitlement } from '../subscriptions/entitlements.ts';
import { findUserWithSubscription, type SubscriptionRow } from '../subscriptions/subscriptions.service.ts';
import {
  findLastRevealed,
  findShown,
  insertShown,
  keepShownPreferences,
  listRevealed,
  lockCredits,
  setCreditsUsed,
  updateShown,
  type ShownWrite,
} from './matches.repository.ts';
import { lastShown as lastShownRow } from './matches.repository.ts';
import { publicDonorProfile } from './public-donor.ts';
import { createLoadedSets } from './loaded-sets.ts';
import { rebuildShown } from './shown-matches.ts';
import { storedSetsByType } from './preferences.repository.ts';
import { renormalize, withParentScreen } from './stored-preferences.ts';
import type { ParentScreenReader } from '../genetics/parent-screen.service.ts';
import { counterfactualsCached, rankCached } from './rank-cache.ts';
import type { StoredPreferenceSet } from './stored-preferences.ts';
import type { PriceListsService } from '../price-lists/price-lists.service.ts';
import { defaultPlan, mixedCurrencies, PRICE_MSG, type CostPlan, type Estimate } from '@kindred/shared/price-lists';

/** The signed-in caller as loadCaller reads them. */
export type Caller = NonNullable<Awaited<ReturnType<typeof findUserWithSubscription>>>;

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
  /** The plan estimates are for (issue 29) and the currency prices are compared in. */
  pricePlan?: CostPlan;
  priceCurrency?: string;
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
  estimates: { donor_reference_id: string; estimate: Estimate }[];
  price_currency: string;
  price_note: string | null;
};

/** The currency price sorts and filters compare in when the request names none. */
export const DEFAULT_PRICE_CURRENCY = 'USD';

export const withoutFactors = ({ factors: _f, ...m }: Match | MatchWithFactors): MatchItem => m;

/** What a legacy stored match falls back to for fields it was written without. */
export const fallbackOf = (donor: Pick<Match, 'availability' | 'last_medical_update'> | undefined) =>
  ({
    availability: donor?.availability ?? 'unavailable',
    last_medical_update: donor?.last_medical_update ?? '',
  }) as const;

/** The engine's refinement from the request's filters (same names; only what was given). */
const refinementOf = (f: MatchFilters | undefined): Refinement | undefined =>
  f && Object.keys(f).length > 0 ? f : undefined;

/** How many donors pass (and pass the filters): it names no donor, so it is given without a plan. */
function countOnly(
  index: DonorIndex,
  prefs: NormalizedPreferences,
  refine: Refinement | undefined,
  cost: Readonly<Record<string, number>> | undefined,
) {
  if (refine) return rankDonors(index, prefs, { limit: 0, refine, ...(cost ? { cost } : {}) });
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
  parentScreens: ParentScreenReader;
  priceLists: Pick<PriceListsService, 'costByBank' | 'estimates' | 'byBank' | 'defaultEstimates'>;
}) {
  const { db, clock } = deps;

  async function loadProfile(userId: string, profileId: string) {
    return (await loadSet(userId, profileId)).prefs;
  }

  const loadedSets = createLoadedSets(db, deps.parentScreens);
  async function loadSet(userId: string, profileId: string) {
    const set = await loadedSets(userId, profileId);
    if (!set) throw notFound('This preference profile was not found.');
    return set;
  }

  /**
   * Records the donors shown for the first time (spending credits where the plan has them) and those shown with
   * another score or under another preference set; returns those allowed. A list shown before, as it was, is
   * only read: no transaction, no lock, no write.
   */
  async function reveal(
    sub: SubscriptionRow,
    matches: Match[],
    stored: StoredPreferenceSet,
    fingerprint: string,
  ): Promise<{ shown: Match[]; remaining: number | null; withheld: number }> {
    const refs = matches.map((m) => m.donor_reference_id);
    const unchanged = (seen: Awaited<ReturnType<typeof findShown>>) =>
      matches.every((m) => {
        const s = seen.get(m.donor_reference_id);
        return s !== undefined && s.fp === fingerprint && s.score === m.overall_match_percentage;
      });
    if (unchanged(await findShown(db, sub.id, refs))) {
      const total = sub.match_credits_total;
      return {
        shown: matches,
        remaining: total === null ? null : Math.max(0, total - sub.match_credits_used),
        withheld: 0,
      };
    }
    return db.transaction(async (tx) => {
      // Serialises concurrent requests of one parent so credits cannot be spent twice; read again under the lock.
      const credits = await lockCredits(tx, sub.id);
      const seen = await findShown(tx, sub.id, refs);
      let used = credits.used;
      const shown: Match[] = [];
      const fresh: ShownWrite[] = [];
      const changed: ShownWrite[] = [];
      let withheld = 0;
      for (const m of matches) {
        const row = { referenceId: m.donor_reference_id, score: m.overall_match_percentage };
        const s = seen.get(m.donor_reference_id);
        if (s) {
          if (s.fp !== fingerprint || s.score !== row.score) changed.push(row);
        } else if (credits.total === null || used < credits.total) {
          fresh.push(row);
          used += 1;
        } else {
          withheld += 1;
          continue;
        }
        shown.push(m);
      }
      const at = clock.now();
      if (fresh.length + changed.length > 0)
        await keepShownPreferences(tx, { userId: sub.user_id, fingerprint, preferences: stored, at });
      const inserted = await insertShown(tx, {
        subscriptionId: sub.id,
        userId: sub.user_id,
        at,
        fingerprint,
        rows: fresh,
      });
      await updateShown(tx, { subscriptionId: sub.id, fingerprint, rows: changed });
      used = credits.used + inserted;
      if (used !== credits.used)
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
    /** The caller's credentials and entitling subscription, for the auth guard to check the token on (one query). */
    loadCaller: (userId: string, sid: string | null) =>
      findUserWithSubscription(db, userId, sid, clock.now(), STRIPE_RENEWAL_GRACE_MS),

    /** `caller`: what loadCaller read for this request (else the subscription is read here). */
    async findMatches(
      userId: string,
      profileId: string,
      input: FindMatchesInput,
      caller?: Caller,
    ): Promise<FindMatchesResult> {
      const set = await loadSet(userId, profileId);
      const { prefs, fingerprint } = set;
      const snap = await deps.catalogue.current();
      const sub = caller !== undefined ? caller.subscription : await findEntitledSubscription(db, userId, clock.now());
      const ent = sub ? toEntitlement(sub, clock.now()) : null;
      const relax = checkInput(input, prefs.origin !== null, ent?.active === true && ent.counterfactuals);
      const refine = refinementOf(input.filters);
      // The price plan: the parent's, else the default for the set's donor type (issue 29). Costs per bank are
      // computed once per request from the lists in memory, and handed to the engine only when it needs them.
      const donorType = prefs.donorType ?? 'sperm';
      const plan = input.pricePlan ?? defaultPlan(donorType);
      const currency = input.priceCurrency ?? DEFAULT_PRICE_CURRENCY;
      const needsCost = input.sort === 'price' || refine?.maxCost !== undefined;
      const cost = needsCost ? await deps.priceLists.costByBank(plan, donorType, currency) : undefined;
      const priced = { estimates: [], price_currency: currency, price_note: null };
      if (!sub || !ent?.active) {
        const counted = countOnly(snap.index, prefs, refine, cost);
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
          ...priced,
        };
      }
      const limit = Math.min(ent.matches_shown ?? MAX_MATCHES_PER_REQUEST, MAX_MATCHES_PER_REQUEST);
      const offset = ent.matches_shown === null ? input.offset : 0;
      const query = { version: `${snap.version}:${snap.builtForDay}`, prefs, fingerprint };
      const ranked = rankCached(snap.index, query, {
        limit,
        offset,
        sort: input.sort,
        refine,
        relax,
        ...(cost ? { cost } : {}),
      });
      const { shown, remaining, withheld } = await reveal(sub, ranked.matches, set.stored, fingerprint);
      // Each shown donor's bank from the index (a binary search each), its estimate from the lists in memory.
      const estimates = await deps.priceLists.estimates(
        shown.map((m) => ({
          reference_id: m.donor_reference_id,
          bank_name: bankAt(snap.index, positionOf(snap.index, m.donor_reference_id)),
          donor_type: m.donor_type,
        })),
        input.pricePlan ?? defaultPlan(donorType),
      );
      const mixed = mixedCurrencies(estimates.map((e) => e.estimate));
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
        // With their factors: the route's serializer writes only what the response schema lists (no copy per match).
        matches: shown,
        subscription: true,
        plan_name: ent.plan_name,
        matches_shown: ent.matches_shown,
        match_credits_remaining: remaining,
        // Only hints the parent can act on: a filter no answer sets (availability, family limit, a shared carrier
        // condition) cannot be relaxed, so offering it would lead to a 400.
        ...(ent.counterfactuals
          ? { counterfactuals: counterfactualsCached(snap.index, query).filter((c) => canRelax(c.filter)) }
          : {}),
        passing_matches: ranked.passing,
        relaxed: relax,
        credits_exhausted: remaining === 0,
        withheld,
        estimates,
        price_currency: currency,
        price_note: mixed ? PRICE_MSG.otherCurrency : null,
      };
    },

    /** Every donor revealed under the parent's current subscription, newest first, with the match last shown. */
    /** The donors revealed under the current plan, as last shown, with each one's default-plan estimate. */
    async revealed(userId: string) {
      const sub = await findEntitledSubscription(db, userId, clock.now());
      if (!sub) return { donors: [], estimates: [] };
      const snap = await deps.catalogue.current();
      const rows = await listRevealed(db, sub.id);
      const donors = await deps.catalogue.donorsByReference(rows.map((r) => r.reference_id));
      const matches = await rebuildShown(db, userId, snap.index, rows, (ref) => fallbackOf(donors.get(ref)));
      const shown = rows.flatMap((r) => {
        const match = matches.get(r.reference_id);
        if (!match) return [];
        return [
          {
            donor_reference_id: r.reference_id,
            revealed_at: new Date(r.revealed_at).toISOString(),
            match: withoutFactors(match),
          },
        ];
      });
      const shownDonors = shown.flatMap((d) => donors.get(d.donor_reference_id) ?? []);
      return { donors: shown, estimates: await deps.priceLists.defaultEstimates(shownDonors) };
    },

    /**
     * A donor the parent was matched with: the non-identifying profile and the match scored against the parent's
     * current preference set for the donor's type (with the hard filters it now fails), as the shortlist shows it;
     * the match as last shown only when the parent has no set for that type (`scored_with` says which).
     */
    async donorDetail(userId: string, referenceId: string) {
      const seen = await findLastRevealed(db, userId, referenceId);
      const snap = seen ? await deps.catalogue.current() : undefined;
      const donor = seen ? (await deps.catalogue.donorsByReference([referenceId])).get(referenceId) : undefined;
      // Donors never shown to this parent are indistinguishable from donors that do not exist.
      if (!seen || !donor || !snap) throw notFound('This donor was not found among your matches.');
      // With the parent's own carrier screen, as the list and the shortlist rank (issue 24, ADR 023).
      const [sets, screen] = await Promise.all([storedSetsByType(db, userId), deps.parentScreens.get(userId)]);
      const found = sets.get(donor.donor_type);
      const set = found ? withParentScreen(found, screen.screen ?? undefined) : undefined;
      const current = set ? matchDonor(snap.index, renormalize(set), referenceId) : null;
      const match =
        current?.match ??
        (await rebuildShown(db, userId, snap.index, [seen], () => fallbackOf(donor))).get(referenceId);
      if (!match) throw notFound('This donor was not found among your matches.');
      return {
        donor: publicDonorProfile(donor, clock.now()),
        match,
        matched_at: new Date(seen.revealed_at).toISOString(),
        scored_with: current ? ('current' as const) : ('last_seen' as const),
        failed: current?.failed ?? [],
        // The bank's list for the page to estimate the parent's plan with (issue 29); surrogates have none.
        price_list:
          donor.donor_type === 'surrogate' ? null : ((await deps.priceLists.byBank()).get(donor.bank_name) ?? null),
      };
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;

/** Favourites' way to the match a parent was last shown of a donor (issue 27: the repository stays private). */
export const lastShown: typeof lastShownRow = (...args) => lastShownRow(...args);

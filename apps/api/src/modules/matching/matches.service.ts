import { counterfactuals, countMatches, rankDonors, type Counterfactual, type Match } from '@kindred/matching';
import type { NormalizedPreferences } from '@kindred/shared/preferences';
import { PAYMENT_MSG } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CheckoutService } from '../payments/checkout.service.ts';
import { findEntitledSubscription } from '../subscriptions/entitlements.ts';

/** Most matches one request returns, whatever the plan. */
export const MAX_MATCHES_PER_REQUEST = 50;

export type MatchItem = Omit<Match, 'factors'>;
export type FindMatchesResult = {
  success: true; message: string; total_matches: number; matches: MatchItem[]; subscription: boolean;
  plan_name: string | null; matches_shown: number | null; match_credits_remaining: number | null; counterfactuals?: Counterfactual[];
};

const withoutFactors = ({ factors: _f, ...m }: Match): MatchItem => m;

/**
 * Ranked matches for a saved preference set, limited by the parent's plan. A match credit is spent the first
 * time a donor is revealed under a subscription; when credits run out, donors not yet revealed are withheld.
 */
export function createMatchesService(deps: { db: Db; clock: Clock; catalogue: CatalogueService; checkout: CheckoutService }) {
  const { db, clock } = deps;

  async function loadProfile(userId: string, profileId: string) {
    const rows = await db.query<{ normalized: NormalizedPreferences }>('select normalized from fertility_profiles where id = $1 and user_id = $2', [profileId, userId]);
    if (!rows[0]) throw notFound('This preference profile was not found.');
    return rows[0].normalized;
  }

  /** Records each newly shown donor (spending credits where the plan has them); returns those allowed. */
  async function reveal(userId: string, matches: Match[]): Promise<{ shown: Match[]; remaining: number | null; withheld: number }> {
    const snap = await deps.catalogue.current();
    return db.transaction(async (tx) => {
      const sub = (await findEntitledSubscription(tx, userId, clock.now()))!;
      // Serialises concurrent requests of one parent so credits cannot be spent twice.
      const locked = await tx.query<{ match_credits_used: number; match_credits_total: number | null }>('select match_credits_used, match_credits_total from subscriptions where id = $1 for update', [sub.id]);
      let used = locked[0]!.match_credits_used;
      const total = locked[0]!.match_credits_total;
      const shown: Match[] = [];
      let withheld = 0;
      for (const m of matches) {
        const donorId = snap.donorIds.get(m.donor_reference_id);
        if (!donorId) continue;
        const seen = await tx.query('update revealed_donors set match = $3 where subscription_id = $1 and donor_id = $2 returning donor_id', [sub.id, donorId, JSON.stringify(m)]);
        if (seen.length === 0) {
          if (total !== null && used >= total) {
            withheld += 1;
            continue;
          }
          await tx.query('insert into revealed_donors (subscription_id, donor_id, user_id, revealed_at, match) values ($1, $2, $3, $4, $5)', [sub.id, donorId, userId, clock.now(), JSON.stringify(m)]);
          used += 1;
        }
        shown.push(m);
      }
      await tx.query('update subscriptions set match_credits_used = $2 where id = $1', [sub.id, total === null ? used : Math.min(used, total)]);
      return { shown, remaining: total === null ? null : Math.max(0, total - used), withheld };
    });
  }

  return {
    loadProfile,
    async findMatches(userId: string, profileId: string, page: { offset: number }): Promise<FindMatchesResult> {
      const prefs = await loadProfile(userId, profileId);
      const snap = await deps.catalogue.current();
      const ent = await deps.checkout.entitlement(userId);
      if (!ent?.active) {
        const total = countMatches(snap.index, prefs);
        return { success: true, message: PAYMENT_MSG.noSubscription, total_matches: total, matches: [], subscription: false, plan_name: null, matches_shown: null, match_credits_remaining: null };
      }
      const limit = Math.min(ent.matches_shown ?? MAX_MATCHES_PER_REQUEST, MAX_MATCHES_PER_REQUEST);
      const offset = ent.matches_shown === null ? page.offset : 0;
      const ranked = rankDonors(snap.index, prefs, { limit, offset });
      const { shown, remaining, withheld } = await reveal(userId, ranked.matches);
      const message = ranked.total === 0 ? 'No donor matches found. Please check your preferences.'
        : withheld > 0 ? 'You have used your match credits. Upgrade your plan to see more donors.'
        : `${ranked.total} donors match your preferences.`;
      return {
        success: true, message, total_matches: ranked.total, matches: shown.map(withoutFactors), subscription: true,
        plan_name: ent.plan_name, matches_shown: ent.matches_shown, match_credits_remaining: remaining,
        ...(ent.counterfactuals ? { counterfactuals: counterfactuals(snap.index, prefs) } : {}),
      };
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;

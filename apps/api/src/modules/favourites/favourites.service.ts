import { matchDonor } from '@kindred/matching';
import type { Donor } from '@kindred/matching';
import type { Favourite } from '@kindred/shared/matching.schemas';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { lastShown } from '../matching/matches.service.ts';
import { rebuildShown } from '../matching/shown-matches.ts';
import { storedSetsByType } from '../matching/preferences.service.ts';
import { renormalize, withParentScreen } from '../matching/stored-preferences.ts';
import type { ParentScreenReader } from '../genetics/parent-screen.service.ts';
import type { PriceListsService } from '../price-lists/price-lists.service.ts';
import { fallbackOf, withoutFactors } from '../matching/matches.service.ts';
import { addFavourite, listFavourites, removeFavourite, revealedDonorId } from './favourites.repository.ts';

/**
 * A parent's shortlist with each donor's latest score: re-scored against the parent's current preference set for
 * the donor's type (and the hard filters the donor now fails, e.g. after the parent changed a dealbreaker), else
 * the match as the parent last saw it.
 */
export function createFavouritesService(deps: {
  db: Db;
  clock: Clock;
  catalogue: CatalogueService;
  parentScreens: ParentScreenReader;
  /** The all-in estimates on the shortlist's cards (issue 29, ADR 029). */
  priceLists: Pick<PriceListsService, 'defaultEstimates'>;
}) {
  /** The shortlist, and the donors' records it was scored from. */
  async function load(userId: string) {
    const rows = await listFavourites(deps.db, userId);
    if (rows.length === 0) return { favourites: [] as Favourite[], donors: new Map<string, Donor>() };
    const [snap, donors, sets, seen, screen] = await Promise.all([
      deps.catalogue.current(),
      deps.catalogue.donorsByReference(rows.map((r) => r.reference_id)),
      storedSetsByType(deps.db, userId),
      lastShown(
        deps.db,
        userId,
        rows.map((r) => r.reference_id),
      ),
      deps.parentScreens.get(userId),
    ]);
    const lastSeen = await rebuildShown(deps.db, userId, snap.index, seen, (ref) => fallbackOf(donors.get(ref)));
    const favourites = rows.map((r): Favourite => {
      const base = { donor_reference_id: r.reference_id, created_at: new Date(r.created_at).toISOString() };
      const donor = donors.get(r.reference_id);
      const set = donor ? sets.get(donor.donor_type) : undefined;
      const prefs = set ? renormalize(withParentScreen(set, screen.screen ?? undefined)) : undefined;
      const scored = prefs ? matchDonor(snap.index, prefs, r.reference_id) : null;
      if (scored)
        return {
          ...base,
          match: withoutFactors(scored.match),
          failed: scored.failed,
          scored_with: 'current' as const,
        };
      const last = lastSeen.get(r.reference_id);
      if (!last) return { ...base, match: null, failed: [], scored_with: null };
      return {
        ...base,
        match: withoutFactors(last),
        failed: [],
        scored_with: 'last_seen' as const,
      };
    });
    return { favourites, donors };
  }

  return {
    /** Stars a donor already shown to the parent; any other reference is 404, like one that does not exist. */
    async add(userId: string, referenceId: string): Promise<void> {
      const donorId = await revealedDonorId(deps.db, userId, referenceId);
      if (!donorId) throw notFound('This donor was not found among your matches.');
      await addFavourite(deps.db, userId, donorId, deps.clock.now());
    },

    async remove(userId: string, referenceId: string): Promise<void> {
      await removeFavourite(deps.db, userId, referenceId);
    },

    async list(userId: string): Promise<Favourite[]> {
      return (await load(userId)).favourites;
    },

    /** The shortlist page's answer: the list and each donor's estimate for its type's default plan. */
    async listWithEstimates(userId: string) {
      const { favourites, donors } = await load(userId);
      const estimates = await deps.priceLists.defaultEstimates([...donors.values()]);
      return { favourites, estimates };
    },
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;

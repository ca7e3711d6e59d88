import { createHash, randomBytes } from 'node:crypto';
import { matchDonor } from '@kindred/matching';
import {
  FAMILY_COMPARE_MAX,
  FAMILY_INVITE_TTL_DAYS,
  FAMILY_MSG,
  type Agreement,
  type FamilyItem,
  type FamilySet,
  type FamilyState,
  type Rating,
  familyUpdateKinds,
} from '@kindred/shared/family.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { ParentScreenReader } from '../genetics/parent-screen.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { withoutFactors } from '../matching/matches.service.ts';
import { findStoredSet } from '../matching/preferences.service.ts';
import { publicDonorProfile } from '../matching/public-donor.ts';
import { renormalize, withParentScreen, type RankedPreferences } from '../matching/stored-preferences.ts';
import type { ConsentService } from '../rights/consent.service.ts';
import type { NotifyInput } from '../notifications/notifications.service.ts';
import type { PriceListsService } from '../price-lists/price-lists.service.ts';
import { partnerInviteMail } from './family.mail.ts';
import * as repo from './family.repository.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const DAY_MS = 86_400_000;

type UpdateKind = (typeof familyUpdateKinds)[number];
type Family = { id: string; linkedAt: Date; me: repo.MemberRow; partner: repo.MemberRow };

/** How two ratings agree: both Yes first, then other agreement, then waiting for one, then disagreement. */
export function agreementOf(mine: Rating | null, partner: Rating | null): Agreement {
  if (mine === null || partner === null) return 'pending';
  if (mine === 'yes' && partner === 'yes') return 'both_yes';
  return mine === partner ? 'agree' : 'disagree';
}
const AGREEMENT_ORDER: Record<Agreement, number> = { both_yes: 0, agree: 1, pending: 2, disagree: 3 };
const RATING_ORDER: Record<Rating, number> = { yes: 0, maybe: 1, no: 2 };

/**
 * A stored set without its owner's own health answers: their known carrier conditions and their carrier screen
 * (ADR 028). The set's donor-side health wishes (chronic conditions accepted, insurance) are preferences, not the
 * owner's health, and stay.
 */
export function withoutHealthAnswers(set: {
  raw: Record<string, unknown>;
  latitude: number | null;
  longitude: number | null;
  normalized: RankedPreferences;
}): RankedPreferences {
  const { user_genetic_conditions: _u, ...raw } = set.raw;
  const { parentScreen: _p, ...prefs } = renormalize({
    raw,
    latitude: set.latitude,
    longitude: set.longitude,
    normalized: { ...set.normalized, geneticConditions: [] },
  });
  return prefs;
}

/**
 * Two parents linked as one family (issue 29, ADR 028): invitation by e-mail, acceptance with the partner's
 * consent, leaving; one shortlist made of both partners' favourites; ratings and notes; preference sets shared by
 * their owner (with their own health answers only when the owner consents at sharing time). Every change that the
 * partner should see is announced on `kindred_family` in its transaction; the realtime sockets pass it on.
 */
export function createFamilyService(deps: {
  db: Db;
  clock: Clock;
  events: Pick<EventBus, 'publish'>;
  mail: MailService;
  consents: ConsentService;
  catalogue: CatalogueService;
  parentScreens: ParentScreenReader;
  /** Banks' price lists (ADR 029): each shortlisted donor carries its bank's, for the all-in estimate. */
  priceLists: Pick<PriceListsService, 'byBank'>;
  publicUrl: string;
  /** The notifications module's notify (ADR 025): 'partner_activity' to the partner, in the change's transaction. */
  notify?: (tx: Queryable, input: NotifyInput) => Promise<unknown>;
}) {
  const { db, clock } = deps;
  const linkOf = (token: string) => `${deps.publicUrl}/family/accept?token=${encodeURIComponent(token)}`;
  const mailFor = (inv: { inviter_first_name: string; inviter_last_name: string }, token: string) =>
    partnerInviteMail(`${inv.inviter_first_name} ${inv.inviter_last_name}`, { url: linkOf(token), token });

  // A held invitation (the inviter's address not verified yet) is sent later with a fresh link.
  deps.mail.onRefresh('partner_invite', async (id) => {
    const inv = await repo.inviteById(db, id);
    if (!inv) return null;
    const token = newToken();
    return (await repo.rotateInviteToken(db, id, hashToken(token), clock.now())) ? mailFor(inv, token) : null;
  });

  async function familyOf(q: Queryable, userId: string): Promise<Family | undefined> {
    const rows = await repo.familyMembers(q, userId);
    const me = rows.find((r) => r.user_id === userId);
    const partner = rows.find((r) => r.user_id !== userId);
    if (!me || !partner) return undefined;
    return { id: me.family_id, linkedAt: me.joined_at, me, partner };
  }
  async function requireFamily(userId: string): Promise<Family> {
    const f = await familyOf(db, userId);
    if (!f) throw new AppError('not_linked', FAMILY_MSG.notLinked, 409);
    return f;
  }

  /** Tells the partner's open app that something changed (after commit, on every instance). */
  const tellPartner = (tx: Queryable, partnerId: string, kind: UpdateKind, ref: string | null = null) =>
    deps.events.publish(tx, 'kindred_family', { users: [partnerId], kind, ref });

  /**
   * A 'partner_activity' notification (issue 28's contract): the partner's first rating of a donor, and the link.
   * Names people and donor references only, never a health answer.
   */
  const notifyPartner = async (
    tx: Queryable,
    partnerId: string,
    n: { title: string; body: string; dedupeKey: string },
  ) => {
    await deps.notify?.(tx, { userId: partnerId, kind: 'partner_activity', link: '/family', ...n });
  };

  /** The sets the viewer may score with: their own (with their own health answers) and those shared with them. */
  async function viewableSets(userId: string, family: Family | undefined): Promise<FamilySet[]> {
    const ids = family ? [userId, family.partner.user_id] : [userId];
    const [summaries, shared] = await Promise.all([
      repo.setSummaries(db, ids),
      family ? repo.sharedSets(db, family.id) : Promise.resolve([]),
    ]);
    const sharedById = new Map(shared.map((s) => [s.preference_set_id, s]));
    const out: FamilySet[] = [];
    for (const s of summaries) {
      const share = sharedById.get(s.id);
      const mine = s.user_id === userId;
      if (!mine && !share) continue;
      const owner = mine ? undefined : family!.partner;
      out.push({
        id: s.id,
        donor_type: s.donor_type_preference,
        location: s.location,
        owner: mine ? 'me' : 'partner',
        owner_name: owner ? owner.first_name : 'You',
        includes_health_answers: mine ? true : share!.with_health,
        shared: Boolean(share),
      });
    }
    return out;
  }

  /** The preferences a set is scored with for this viewer (owner's health answers only as the owner allowed). */
  async function prefsFor(set: FamilySet, viewerId: string, family: Family | undefined) {
    const ownerId = set.owner === 'me' ? viewerId : family!.partner.user_id;
    const stored = await findStoredSet(db, ownerId, set.id);
    if (!stored) return undefined;
    if (!set.includes_health_answers)
      return withoutHealthAnswers({ ...stored, normalized: stored.normalized as RankedPreferences });
    const screen = await deps.parentScreens.get(ownerId);
    return renormalize(withParentScreen(stored, screen.screen ?? undefined));
  }

  async function chooseSet(userId: string, family: Family | undefined, setId: string | undefined) {
    const sets = await viewableSets(userId, family);
    if (setId) {
      const found = sets.find((s) => s.id === setId);
      if (!found) throw fieldError('set_id', FAMILY_MSG.setNotFound);
      return found;
    }
    return sets.find((s) => s.owner === 'me') ?? sets[0] ?? null;
  }

  /** Items for these donor references, scored against `set`, with ratings and the notes the viewer may read. */
  async function buildItems(
    userId: string,
    family: Family,
    refs: { reference_id: string; added_by: ('me' | 'partner')[] }[],
    set: FamilySet | null,
  ) {
    const [snap, donors, ratings, notes, prefs, lists] = await Promise.all([
      deps.catalogue.current(),
      deps.catalogue.donorsByReference(refs.map((r) => r.reference_id)),
      repo.familyRatings(db, family.id),
      repo.visibleNotes(db, family.id, userId),
      set ? prefsFor(set, userId, family) : Promise.resolve(undefined),
      deps.priceLists.byBank(),
    ]);
    const ratingOf = (who: string, ref: string) =>
      ratings.find((r) => r.user_id === who && r.reference_id === ref)?.rating ?? null;
    const items = refs.map((r): FamilyItem & { donor?: typeof donors extends Map<string, infer D> ? D : never } => {
      const donor = donors.get(r.reference_id);
      const scored =
        donor && prefs && donor.donor_type === set!.donor_type ? matchDonor(snap.index, prefs, r.reference_id) : null;
      const mine = ratingOf(userId, r.reference_id);
      const partner = ratingOf(family.partner.user_id, r.reference_id);
      return {
        donor_reference_id: r.reference_id,
        donor_type: donor?.donor_type ?? null,
        clinic_reference_id: donor?.clinic_reference_id ?? null,
        added_by: r.added_by,
        match: scored ? withoutFactors(scored.match) : null,
        failed: scored?.failed ?? [],
        ratings: { mine, partner, agreement: agreementOf(mine, partner) },
        notes: notes
          .filter((n) => n.reference_id === r.reference_id)
          .map((n) => ({
            id: n.id,
            author: n.user_id === userId ? ('me' as const) : ('partner' as const),
            author_name: n.user_id === userId ? family.me.first_name : family.partner.first_name,
            body: n.body,
            shared: n.shared,
            created_at: new Date(n.created_at).toISOString(),
          })),
        price_list: donor && donor.donor_type !== 'surrogate' ? (lists.get(donor.bank_name) ?? null) : null,
        donor,
      };
    });
    return items;
  }

  /** The viewer's family (or null), their open invitation, and the sets they may score with. */
  async function state(userId: string): Promise<FamilyState> {
    const family = await familyOf(db, userId);
    const invite = family ? undefined : await repo.openInvite(db, userId, clock.now());
    return {
      success: true,
      family: family
        ? {
            id: family.id,
            linked_at: family.linkedAt.toISOString(),
            members: [family.me, family.partner].map((m) => ({
              user_id: m.user_id,
              first_name: m.first_name,
              last_name: m.last_name,
              is_me: m.user_id === userId,
            })),
          }
        : null,
      invite: invite
        ? { id: invite.id, email: invite.email, expires_at: new Date(invite.expires_at).toISOString() }
        : null,
      sets: await viewableSets(userId, family),
    };
  }

  return {
    state,
    /**
     * Invites a partner by e-mail (the inviter's consent to link is recorded now, scope the invitation's id, which
     * becomes the family's). A new invitation withdraws the previous open one.
     */
    async invite(userId: string, email: string): Promise<void> {
      const me = await repo.userBrief(db, userId);
      if (!me) throw notFound();
      if (me.email.toLowerCase() === email.toLowerCase()) throw fieldError('email', FAMILY_MSG.inviteSelf);
      const token = newToken();
      const now = clock.now();
      const queued = await db.transaction(async (tx) => {
        if (await repo.lockMembership(tx, userId)) throw conflict(FAMILY_MSG.alreadyLinked);
        for (const old of await repo.cancelInvites(tx, userId, now))
          await deps.consents.recordWithin(tx, userId, 'partner_link', old, false);
        const id = await repo.insertInvite(tx, {
          inviterId: userId,
          email,
          tokenHash: hashToken(token),
          now,
          expiresAt: new Date(now.getTime() + FAMILY_INVITE_TTL_DAYS * DAY_MS),
        });
        await deps.consents.recordWithin(tx, userId, 'partner_link', id, true);
        return deps.mail.enqueue(
          tx,
          email,
          mailFor({ inviter_first_name: me.first_name, inviter_last_name: me.last_name }, token),
          {
            ref: id,
            aboutUserId: userId,
          },
        );
      });
      deps.mail.dispatch(queued);
    },

    /** Withdraws the open invitation (and the consent given with it). */
    async cancelInvite(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        for (const id of await repo.cancelInvites(tx, userId, clock.now()))
          await deps.consents.recordWithin(tx, userId, 'partner_link', id, false);
      });
    },

    /** What the accept page shows. 400 for a junk, used or expired link. */
    async preview(token: string) {
      const inv = await usable(db, token);
      return {
        success: true as const,
        inviter_name: `${inv.inviter_first_name} ${inv.inviter_last_name}`,
        email: inv.email,
        expires_at: new Date(inv.expires_at).toISOString(),
      };
    },

    /**
     * The invited partner, signed in with the invited address, accepts with their consent: both are linked. 409
     * when either is already linked; 403 from another account.
     */
    async accept(userId: string, token: string): Promise<void> {
      const me = await repo.userBrief(db, userId);
      if (!me) throw notFound();
      await db.transaction(async (tx) => {
        const inv = await usable(tx, token, true);
        if (inv.inviter_id === userId) throw fieldError('token', FAMILY_MSG.inviteSelf);
        if (inv.email.toLowerCase() !== me.email.toLowerCase())
          throw new AppError('forbidden', FAMILY_MSG.inviteOtherAddress, 403);
        if (await repo.lockMembership(tx, userId)) throw conflict(FAMILY_MSG.alreadyLinked);
        if (await repo.lockMembership(tx, inv.inviter_id)) throw conflict(FAMILY_MSG.partnerLinked);
        const now = clock.now();
        await repo.markInviteAccepted(tx, inv.id, now);
        await repo.createFamily(tx, inv.id, [inv.inviter_id, userId], now);
        await deps.consents.recordWithin(tx, userId, 'partner_link', inv.id, true);
        // An invitation the accepting partner had sent someone else ends here.
        for (const old of await repo.cancelInvites(tx, userId, now))
          await deps.consents.recordWithin(tx, userId, 'partner_link', old, false);
        await tellPartner(tx, inv.inviter_id, 'link');
        await notifyPartner(tx, inv.inviter_id, {
          title: `${me.first_name} accepted your invitation`,
          body: `${me.first_name} ${me.last_name} and you now share one donor shortlist.`,
          dedupeKey: `link:${inv.id}`,
        });
      });
    },

    /**
     * Leaves the family (either partner, at any time): both are unlinked, the leaver's consent is withdrawn, shared
     * sets stop being shared. Favourites, sets, ratings and notes stay with their owners.
     */
    async leave(userId: string): Promise<void> {
      await requireFamily(userId);
      await db.transaction(async (tx) => leaveWithin(tx, userId));
    },

    /** The account's deletion: leaves the family and removes the user's notes and ratings in every family. */
    async forAccountDeletion(tx: Queryable, userId: string): Promise<void> {
      await leaveWithin(tx, userId);
      await repo.cancelInvites(tx, userId, clock.now());
      await repo.deleteAuthored(tx, userId);
    },

    async shareSet(userId: string, setId: string, withHealth: boolean): Promise<FamilyState> {
      const family = await requireFamily(userId);
      if (!(await repo.ownsSet(db, userId, setId))) throw fieldError('preference_set_id', FAMILY_MSG.setNotFound);
      await db.transaction(async (tx) => {
        await repo.shareSet(tx, { familyId: family.id, setId, ownerId: userId, withHealth, now: clock.now() });
        await deps.consents.recordWithin(tx, userId, 'family_set_health', setId, withHealth);
        await tellPartner(tx, family.partner.user_id, 'sets');
      });
      return state(userId);
    },

    async unshareSet(userId: string, setId: string): Promise<FamilyState> {
      const family = await requireFamily(userId);
      await db.transaction(async (tx) => {
        const was = await repo.unshareSet(tx, family.id, userId, setId);
        if (was === undefined) throw notFound(FAMILY_MSG.setNotFound);
        if (was) await deps.consents.recordWithin(tx, userId, 'family_set_health', setId, false);
        await tellPartner(tx, family.partner.user_id, 'sets');
      });
      return state(userId);
    },

    /** Donors revealed to either partner (each on their own plan): what the family may shortlist. */
    async revealed(userId: string) {
      const family = await requireFamily(userId);
      const ids = [userId, family.partner.user_id];
      const [rows, fav] = await Promise.all([repo.revealedToFamily(db, ids), repo.familyFavourites(db, ids)]);
      const on = new Set(fav.map((f) => f.reference_id));
      const by = new Map<string, ('me' | 'partner')[]>();
      for (const r of rows)
        by.set(r.reference_id, [...(by.get(r.reference_id) ?? []), r.user_id === userId ? 'me' : 'partner']);
      return {
        success: true as const,
        donors: [...by].map(([ref, who]) => ({ donor_reference_id: ref, revealed_by: who, on_shortlist: on.has(ref) })),
      };
    },

    /** Adds a donor revealed to the family to the shared shortlist (it is starred on the viewer's account). */
    async addToShortlist(userId: string, ref: string): Promise<void> {
      const family = await requireFamily(userId);
      const donorId = await repo.revealedToAny(db, [userId, family.partner.user_id], ref);
      if (!donorId) throw notFound(FAMILY_MSG.notRevealed);
      await db.transaction(async (tx) => {
        await repo.addFavourite(tx, userId, donorId, clock.now());
        await tellPartner(tx, family.partner.user_id, 'shortlist', ref);
      });
    },

    /** Removes a donor from the shared shortlist (from both partners' favourites). */
    async removeFromShortlist(userId: string, ref: string): Promise<void> {
      const family = await requireFamily(userId);
      const ids = [userId, family.partner.user_id];
      const donorId = await repo.shortlistDonorId(db, ids, ref);
      if (!donorId) throw notFound(FAMILY_MSG.notOnShortlist);
      await db.transaction(async (tx) => {
        await repo.removeFamilyFavourite(tx, ids, donorId);
        await tellPartner(tx, family.partner.user_id, 'shortlist', ref);
      });
    },

    async shortlist(userId: string, q: { set_id?: string; sort?: 'agreement' | 'added'; filter?: 'all' | 'disagree' }) {
      const family = await requireFamily(userId);
      const set = await chooseSet(userId, family, q.set_id);
      const rows = await repo.familyFavourites(db, [userId, family.partner.user_id]);
      const refs: { reference_id: string; added_by: ('me' | 'partner')[] }[] = [];
      for (const r of rows) {
        const who = r.user_id === userId ? ('me' as const) : ('partner' as const);
        const found = refs.find((x) => x.reference_id === r.reference_id);
        if (found) {
          if (!found.added_by.includes(who)) found.added_by.push(who);
        } else refs.push({ reference_id: r.reference_id, added_by: [who] });
      }
      let items = (await buildItems(userId, family, refs, set)).map(({ donor: _d, ...i }) => i);
      if (q.filter === 'disagree') items = items.filter((i) => i.ratings.agreement === 'disagree');
      if ((q.sort ?? 'agreement') === 'agreement') {
        const score = (i: FamilyItem) =>
          (i.ratings.mine ? RATING_ORDER[i.ratings.mine] : 3) +
          (i.ratings.partner ? RATING_ORDER[i.ratings.partner] : 3);
        // Stable: within a rank, the newest added first (the order the rows came in).
        items = items
          .map((i, n) => ({ i, n }))
          .sort(
            (a, b) =>
              AGREEMENT_ORDER[a.i.ratings.agreement] - AGREEMENT_ORDER[b.i.ratings.agreement] ||
              score(a.i) - score(b.i) ||
              a.n - b.n,
          )
          .map((x) => x.i);
      }
      return { success: true as const, scored_with: set, partner_name: family.partner.first_name, items };
    },

    /** Up to four shortlisted donors side by side, each with its profile, score, ratings and notes. */
    async compare(userId: string, ids: string[], setId: string | undefined) {
      if (ids.length > FAMILY_COMPARE_MAX) throw fieldError('ids', FAMILY_MSG.compareTooMany);
      const family = await requireFamily(userId);
      const set = await chooseSet(userId, family, setId);
      const members = [userId, family.partner.user_id];
      const rows = await repo.familyFavourites(db, members);
      for (const ref of ids) if (!rows.some((r) => r.reference_id === ref)) throw notFound(FAMILY_MSG.notOnShortlist);
      const refs = ids.map((ref) => ({
        reference_id: ref,
        added_by: [
          ...new Set(
            rows
              .filter((r) => r.reference_id === ref)
              .map((r): 'me' | 'partner' => (r.user_id === userId ? 'me' : 'partner')),
          ),
        ],
      }));
      const items = await buildItems(userId, family, refs, set);
      const now = clock.now();
      // Compared donors' updates reach this parent too, though their partner starred them (issue 28).
      await repo.recordComparisons(
        db,
        userId,
        rows.filter((r) => ids.includes(r.reference_id)).map((r) => r.donor_id),
        now,
      );
      return {
        success: true as const,
        scored_with: set,
        partner_name: family.partner.first_name,
        donors: items.flatMap(({ donor, ...i }) => (donor ? [{ ...i, donor: publicDonorProfile(donor, now) }] : [])),
      };
    },

    async rate(userId: string, ref: string, rating: Rating | null): Promise<void> {
      const family = await requireFamily(userId);
      const donorId = await repo.shortlistDonorId(db, [userId, family.partner.user_id], ref);
      if (!donorId) throw notFound(FAMILY_MSG.notOnShortlist);
      await db.transaction(async (tx) => {
        await repo.setRating(tx, { familyId: family.id, userId, donorId, rating, now: clock.now() });
        await tellPartner(tx, family.partner.user_id, 'rating', ref);
        if (rating)
          await notifyPartner(tx, family.partner.user_id, {
            title: `${family.me.first_name} rated donor ${ref}`,
            body: `${family.me.first_name} rated donor ${ref} on your shared shortlist. See where you agree.`,
            dedupeKey: `rating:${family.id}:${userId}:${ref}`,
          });
      });
    },

    async addNote(userId: string, ref: string, body: string, shared: boolean): Promise<void> {
      const family = await requireFamily(userId);
      const donorId = await repo.shortlistDonorId(db, [userId, family.partner.user_id], ref);
      if (!donorId) throw notFound(FAMILY_MSG.notOnShortlist);
      await db.transaction(async (tx) => {
        await repo.insertNote(tx, { familyId: family.id, userId, donorId, body, shared, now: clock.now() });
        // A private note changes nothing the partner sees.
        if (shared) await tellPartner(tx, family.partner.user_id, 'note', ref);
      });
    },

    /** Deletes one of the viewer's own notes; a partner's note (or none) is 404 alike. */
    async deleteNote(userId: string, noteId: string): Promise<void> {
      const family = await familyOf(db, userId);
      await db.transaction(async (tx) => {
        const ref = await repo.deleteOwnNote(tx, userId, noteId);
        if (!ref) throw notFound(FAMILY_MSG.noteNotFound);
        if (family) await tellPartner(tx, family.partner.user_id, 'note', ref);
      });
    },
  };

  async function usable(q: Queryable, token: string, lock = false) {
    const inv = await repo.inviteByHash(q, hashToken(token), lock);
    if (!inv) throw fieldError('token', FAMILY_MSG.inviteInvalid);
    if (inv.accepted_at || inv.cancelled_at) throw fieldError('token', FAMILY_MSG.inviteUsed);
    if (inv.expires_at <= clock.now()) throw fieldError('token', FAMILY_MSG.inviteExpired);
    return inv;
  }

  async function leaveWithin(tx: Queryable, userId: string) {
    const familyId = await repo.lockMembership(tx, userId);
    if (!familyId) return;
    const members = await repo.familyMembers(tx, userId);
    await repo.dissolveFamily(tx, familyId, clock.now());
    await deps.consents.recordWithin(tx, userId, 'partner_link', familyId, false);
    for (const m of members) if (m.user_id !== userId) await tellPartner(tx, m.user_id, 'link');
  }
}
export type FamilyService = ReturnType<typeof createFamilyService>;

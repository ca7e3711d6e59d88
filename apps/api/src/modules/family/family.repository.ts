import type { Queryable } from '../../db/db.ts';
import type { Rating } from '@kindred/shared/family.schemas';

/** SQL for families (issue 29, ADR 028): links, invitations, ratings, notes and shared preference sets. */

export type MemberRow = { family_id: string; user_id: string; first_name: string; last_name: string; joined_at: Date };

/** The user's current family and both its members (the user first), or [] when not linked. */
export function familyMembers(db: Queryable, userId: string): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select m.family_id, m.user_id, u.first_name, u.last_name, m.joined_at
       from family_members me join family_members m on m.family_id = me.family_id join users u on u.id = m.user_id
      where me.user_id = $1 order by (m.user_id = $1) desc, m.joined_at`,
    [userId],
  );
}

export async function userBrief(
  db: Queryable,
  userId: string,
): Promise<{ email: string; first_name: string; last_name: string; role: string } | undefined> {
  const rows = await db.query<{ email: string; first_name: string; last_name: string; role: string }>(
    'select email, first_name, last_name, role from users where id = $1',
    [userId],
  );
  return rows[0];
}

export type InviteRow = {
  id: string;
  inviter_id: string;
  email: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  cancelled_at: Date | null;
  inviter_first_name: string;
  inviter_last_name: string;
};
const INVITE_COLUMNS = `i.id, i.inviter_id, i.email, i.created_at, i.expires_at, i.accepted_at, i.cancelled_at,
  u.first_name as inviter_first_name, u.last_name as inviter_last_name`;

export async function openInvite(db: Queryable, inviterId: string, now: Date): Promise<InviteRow | undefined> {
  const rows = await db.query<InviteRow>(
    `select ${INVITE_COLUMNS} from family_invites i join users u on u.id = i.inviter_id
      where i.inviter_id = $1 and i.accepted_at is null and i.cancelled_at is null and i.expires_at > $2
      order by i.created_at desc limit 1`,
    [inviterId, now],
  );
  return rows[0];
}

export async function inviteByHash(db: Queryable, hash: string, lock = false): Promise<InviteRow | undefined> {
  const rows = await db.query<InviteRow>(
    `select ${INVITE_COLUMNS} from family_invites i join users u on u.id = i.inviter_id where i.token_hash = $1
     ${lock ? 'for update of i' : ''}`,
    [hash],
  );
  return rows[0];
}

export async function inviteById(db: Queryable, id: string): Promise<InviteRow | undefined> {
  const rows = await db.query<InviteRow>(
    `select ${INVITE_COLUMNS} from family_invites i join users u on u.id = i.inviter_id where i.id = $1`,
    [id],
  );
  return rows[0];
}

/** Withdraws the inviter's open invitations; the ids withdrawn. */
export async function cancelInvites(db: Queryable, inviterId: string, now: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update family_invites set cancelled_at = $2
      where inviter_id = $1 and accepted_at is null and cancelled_at is null returning id`,
    [inviterId, now],
  );
  return rows.map((r) => r.id);
}

export async function insertInvite(
  db: Queryable,
  i: { inviterId: string; email: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into family_invites (inviter_id, email, token_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)
     returning id`,
    [i.inviterId, i.email, i.tokenHash, i.now, i.expiresAt],
  );
  return rows[0]!.id;
}

/** A new token for an invitation still open (a held mail sent later carries a fresh link); false otherwise. */
export async function rotateInviteToken(db: Queryable, id: string, hash: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update family_invites set token_hash = $2
      where id = $1 and accepted_at is null and cancelled_at is null and expires_at > $3 returning id`,
    [id, hash, now],
  );
  return rows.length === 1;
}

export async function markInviteAccepted(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('update family_invites set accepted_at = $2 where id = $1', [id, now]);
}

export async function createFamily(db: Queryable, id: string, userIds: string[], now: Date): Promise<void> {
  await db.query('insert into families (id, created_at) values ($1, $2)', [id, now]);
  for (const u of userIds)
    await db.query('insert into family_members (family_id, user_id, joined_at) values ($1, $2, $3)', [id, u, now]);
}

/** Ends the family: both memberships and the shared sets go; ratings and notes stay with their authors. */
export async function dissolveFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.query('delete from family_members where family_id = $1', [familyId]);
  await db.query('delete from family_shared_sets where family_id = $1', [familyId]);
  await db.query('update families set dissolved_at = $2 where id = $1', [familyId, now]);
}

/** Locks the user's membership row (serialises leave, accept and invite for that user). */
export async function lockMembership(db: Queryable, userId: string): Promise<string | undefined> {
  const rows = await db.query<{ family_id: string }>(
    'select family_id from family_members where user_id = $1 for update',
    [userId],
  );
  return rows[0]?.family_id;
}

/** The donor's id when revealed to any of these users (under any subscription). */
export async function revealedToAny(
  db: Queryable,
  userIds: string[],
  referenceId: string,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `select d.id from donors d where d.reference_id = $2
       and exists (select 1 from revealed_donors r where r.user_id = any($1::uuid[]) and r.donor_id = d.id)`,
    [userIds, referenceId],
  );
  return rows[0]?.id;
}

export type RevealedRow = { reference_id: string; user_id: string };
export function revealedToFamily(db: Queryable, userIds: string[]): Promise<RevealedRow[]> {
  return db.query<RevealedRow>(
    `select distinct d.reference_id, r.user_id from revealed_donors r join donors d on d.id = r.donor_id
      where r.user_id = any($1::uuid[]) order by d.reference_id`,
    [userIds],
  );
}

export type ShortlistRow = { reference_id: string; donor_id: string; user_id: string; created_at: Date };
/** The family shortlist: every member's favourites (a donor starred by both appears once per member). */
export function familyFavourites(db: Queryable, userIds: string[]): Promise<ShortlistRow[]> {
  return db.query<ShortlistRow>(
    `select d.reference_id, d.id as donor_id, f.user_id, f.created_at from favourites f join donors d on d.id = f.donor_id
      where f.user_id = any($1::uuid[]) order by f.created_at desc, d.reference_id`,
    [userIds],
  );
}

/** The parent compared these donors (issue 28: a compared donor's updates reach them). */
export async function recordComparisons(db: Queryable, userId: string, donorIds: readonly string[], at: Date) {
  if (donorIds.length === 0) return;
  await db.query(
    `insert into donor_comparisons (user_id, donor_id, first_at, last_at)
     select $1, d, $3, $3 from unnest($2::uuid[]) d
     on conflict (user_id, donor_id) do update set last_at = excluded.last_at`,
    [userId, [...new Set(donorIds)], at],
  );
}

export async function shortlistDonorId(
  db: Queryable,
  userIds: string[],
  referenceId: string,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `select d.id from donors d where d.reference_id = $2
       and exists (select 1 from favourites f where f.user_id = any($1::uuid[]) and f.donor_id = d.id)`,
    [userIds, referenceId],
  );
  return rows[0]?.id;
}

export async function addFavourite(db: Queryable, userId: string, donorId: string, at: Date): Promise<void> {
  await db.query('insert into favourites (user_id, donor_id, created_at) values ($1, $2, $3) on conflict do nothing', [
    userId,
    donorId,
    at,
  ]);
}

export async function removeFamilyFavourite(db: Queryable, userIds: string[], donorId: string): Promise<void> {
  await db.query('delete from favourites where user_id = any($1::uuid[]) and donor_id = $2', [userIds, donorId]);
}

export type RatingRow = { user_id: string; reference_id: string; rating: Rating };
export function familyRatings(db: Queryable, familyId: string): Promise<RatingRow[]> {
  return db.query<RatingRow>(
    `select r.user_id, d.reference_id, r.rating from family_ratings r join donors d on d.id = r.donor_id
      where r.family_id = $1`,
    [familyId],
  );
}

export async function setRating(
  db: Queryable,
  r: { familyId: string; userId: string; donorId: string; rating: Rating | null; now: Date },
): Promise<void> {
  if (r.rating === null) {
    await db.query('delete from family_ratings where family_id = $1 and user_id = $2 and donor_id = $3', [
      r.familyId,
      r.userId,
      r.donorId,
    ]);
    return;
  }
  await db.query(
    `insert into family_ratings (family_id, user_id, donor_id, rating, updated_at) values ($1, $2, $3, $4, $5)
     on conflict (family_id, user_id, donor_id) do update set rating = excluded.rating, updated_at = excluded.updated_at`,
    [r.familyId, r.userId, r.donorId, r.rating, r.now],
  );
}

export type NoteRow = {
  id: string;
  user_id: string;
  reference_id: string;
  body: string;
  shared: boolean;
  created_at: Date;
};
/** The notes the viewer may read in the family: their own, and their partner's shared ones. */
export function visibleNotes(db: Queryable, familyId: string, viewerId: string): Promise<NoteRow[]> {
  return db.query<NoteRow>(
    `select n.id, n.user_id, d.reference_id, n.body, n.shared, n.created_at
       from family_notes n join donors d on d.id = n.donor_id
      where n.family_id = $1 and (n.user_id = $2 or n.shared) order by n.created_at, n.id`,
    [familyId, viewerId],
  );
}

export async function insertNote(
  db: Queryable,
  n: { familyId: string; userId: string; donorId: string; body: string; shared: boolean; now: Date },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `insert into family_notes (family_id, user_id, donor_id, body, shared, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [n.familyId, n.userId, n.donorId, n.body, n.shared, n.now],
  );
  return rows[0]!.id;
}

/** Deletes one of the author's own notes; its donor's reference when there was one. */
export async function deleteOwnNote(db: Queryable, userId: string, noteId: string): Promise<string | undefined> {
  const rows = await db.query<{ reference_id: string }>(
    `delete from family_notes n using donors d where n.id = $2 and n.user_id = $1 and d.id = n.donor_id
     returning d.reference_id`,
    [userId, noteId],
  );
  return rows[0]?.reference_id;
}

export type SharedSetRow = { preference_set_id: string; owner_id: string; with_health: boolean };
export function sharedSets(db: Queryable, familyId: string): Promise<SharedSetRow[]> {
  return db.query<SharedSetRow>(
    'select preference_set_id, owner_id, with_health from family_shared_sets where family_id = $1',
    [familyId],
  );
}

export async function ownsSet(db: Queryable, userId: string, setId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('select id from fertility_profiles where id = $1 and user_id = $2', [
    setId,
    userId,
  ]);
  return rows.length === 1;
}

export async function shareSet(
  db: Queryable,
  s: { familyId: string; setId: string; ownerId: string; withHealth: boolean; now: Date },
): Promise<void> {
  await db.query(
    `insert into family_shared_sets (family_id, preference_set_id, owner_id, with_health, shared_at)
     values ($1, $2, $3, $4, $5)
     on conflict (family_id, preference_set_id) do update set with_health = excluded.with_health,
       shared_at = excluded.shared_at`,
    [s.familyId, s.setId, s.ownerId, s.withHealth, s.now],
  );
}

/** Stops sharing one of the owner's sets; whether it was shared with health answers (undefined: not shared). */
export async function unshareSet(
  db: Queryable,
  familyId: string,
  ownerId: string,
  setId: string,
): Promise<boolean | undefined> {
  const rows = await db.query<{ with_health: boolean }>(
    `delete from family_shared_sets where family_id = $1 and owner_id = $2 and preference_set_id = $3
     returning with_health`,
    [familyId, ownerId, setId],
  );
  return rows[0]?.with_health;
}

export type SetSummaryRow = {
  id: string;
  user_id: string;
  donor_type_preference: string;
  location: string | null;
  updated_at: Date;
};
export function setSummaries(db: Queryable, userIds: string[]): Promise<SetSummaryRow[]> {
  return db.query<SetSummaryRow>(
    `select id, user_id, donor_type_preference, location, updated_at from fertility_profiles
      where user_id = any($1::uuid[]) order by updated_at desc, id`,
    [userIds],
  );
}

/** The account's deletion: its notes and ratings in every family go. */
export async function deleteAuthored(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from family_notes where user_id = $1', [userId]);
  await db.query('delete from family_ratings where user_id = $1', [userId]);
}

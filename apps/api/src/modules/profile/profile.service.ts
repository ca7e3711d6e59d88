import type { UserDto } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { findUserById, updateUserProfile } from '../auth/auth.repository.ts';
import { toUserDto } from '../auth/auth.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { STRIPE_RENEWAL_GRACE_MS } from '../subscriptions/entitlements.ts';
import { findProfileRow, type ProfileRow } from './profile.repository.ts';

export type { ProfileRow };

/** The signed-in user's own profile. */
export function createProfileService(deps: { db: Db; clock: Clock; subscriptionOf: (id: string) => Promise<boolean> }) {
  const { db } = deps;
  return {
    /** The signed-in user's row for GET profile, read by the auth guard with the token check (one query). */
    loadMe: (userId: string, sid: string | null) =>
      findProfileRow(db, userId, sid, deps.clock.now(), STRIPE_RENEWAL_GRACE_MS),

    /** The profile of a row `loadMe` read. */
    meFrom: async (row: ProfileRow): Promise<UserDto & { email_verified: boolean }> => ({
      ...(await toUserDto({ subscriptionOf: async () => row.subscribed }, row)),
      email_verified: row.email_verified_at !== null,
    }),

    /** The signed-in user; 401 when the account no longer exists. */
    async me(userId: string): Promise<UserDto> {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      return toUserDto(deps, user);
    },

    /** A parent may update only their own name and phone; an admin anyone's. */
    async update(
      actor: AuthUser,
      id: string,
      p: { first_name: string; last_name: string; phone_number: string },
    ): Promise<UserDto> {
      if (actor.id !== id && actor.role !== 'admin') throw forbidden();
      const user = await updateUserProfile(db, id, p);
      if (!user) throw notFound();
      return toUserDto(deps, user);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

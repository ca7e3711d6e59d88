import type { UserDto } from '@kindred/shared';
import type { Db } from '../../db/db.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth-guard.ts';
import { findUserById, updateUserProfile } from '../auth/users.service.ts';
import { toUserDto } from '../auth/auth.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { STRIPE_RENEWAL_GRACE_MS } from '../subscriptions/entitlements.ts';
import { findProfileRow, type ProfileRow } from './profile.repository.ts';
import type { AuditService } from '../audit/audit.service.ts';

const PROFILE_FIELDS = ['first_name', 'last_name', 'phone_number'] as const;

export type { ProfileRow };

/** The signed-in user's own profile. */
export function createProfileService(deps: {
  db: Db;
  clock: Clock;
  subscriptionOf: (id: string) => Promise<boolean>;
  /** An admin's edit of someone else's profile writes an audit row in its transaction (ADR 022). */
  audit: Pick<AuditService, 'change'>;
}) {
  const { db } = deps;
  return {
    /** The signed-in user's row for GET profile, read by the auth guard with the token check (one query). */
    loadMe: (userId: string, sid: string | null) =>
      findProfileRow(db, userId, sid, deps.clock.now(), STRIPE_RENEWAL_GRACE_MS),

    /** The profile of a row `loadMe` read. */
    meFrom: async (
      row: ProfileRow,
    ): Promise<UserDto & { email_verified: boolean; credential_change_recommended: boolean }> => ({
      ...(await toUserDto({ subscriptionOf: async () => row.subscribed }, row)),
      email_verified: row.email_verified_at !== null,
      credential_change_recommended: row.password_change_recommended,
    }),

    /** The signed-in user; 401 when the account no longer exists. */
    async me(userId: string): Promise<UserDto> {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      return toUserDto(deps, user);
    },

    /** A parent may update only their own name and phone; an admin anyone's. */
    async update(
      actor: AuthUser & { ip?: string | null },
      id: string,
      p: { first_name: string; last_name: string; phone_number: string },
    ): Promise<UserDto> {
      if (actor.id !== id && actor.role !== 'admin') throw forbidden();
      if (actor.id === id) {
        const user = await updateUserProfile(db, id, p);
        if (!user) throw notFound();
        return toUserDto(deps, user);
      }
      // An admin editing another account: audited with the names of the changed fields only (no names, no
      // numbers in the log).
      const user = await deps.audit.change({ id: actor.id, role: actor.role, ip: actor.ip ?? null }, async (tx) => {
        const before = await findUserById(tx, id);
        const after = before && (await updateUserProfile(tx, id, p));
        if (!before || !after) throw notFound();
        const changed = PROFILE_FIELDS.filter((f) => before[f] !== after[f]);
        return {
          result: after,
          audit: {
            action: 'user.profile_update',
            targetType: 'user',
            targetId: id,
            after: { changed_fields: changed },
          },
        };
      });
      return toUserDto(deps, user);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

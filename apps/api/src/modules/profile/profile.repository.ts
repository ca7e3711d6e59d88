import type { UserRole } from '@kindred/shared';
import type { Queryable } from '../../db/db.ts';
import { sessionRevokedSql } from '../auth/auth.sql.ts';
import type { UserRow } from '../auth/users.service.ts';
import { entitledAtWithoutPlanJoin } from '../subscriptions/entitlement.sql.ts';

/** SQL for the parent's own records: the account as the profile shows it. */

export type ProfileRow = UserRow & {
  role: UserRole;
  subscribed: boolean;
  session_revoked: boolean;
  password_change_recommended: boolean;
};

/**
 * The user's row (the columns auth.repository reads, the password hash included for the token check), whether
 * the token's sign-in (`sid`) has ended and whether a subscription entitles them now, in one query: GET profile
 * reads nothing else. It runs on every call: on
 * PostgreSQL it is a named prepared statement (planned once per connection); PGlite plans it every time, so it is
 * written to plan cheaply: the subscription is matched by the parameter, not correlated with the row, and its
 * plan is looked up only when the Stripe grace applies.
 */
export async function findProfileRow(
  db: Queryable,
  userId: string,
  sid: string | null,
  now: Date,
  stripeGraceMs: number,
): Promise<ProfileRow | undefined> {
  const rows = await db.query<ProfileRow>(
    `select u.id, u.email, u.password_hash, u.first_name, u.last_name, u.phone_number,
       to_char(u.date_of_birth, 'YYYY-MM-DD') as date_of_birth, u.relationship_to_child, u.highest_education,
       u.race, u.ethnicity, u.role, u.created_at, u.password_changed_at, u.email_verified_at,
       u.password_change_recommended,
       exists (select 1 from subscriptions s
         where s.user_id = $1 and ${entitledAtWithoutPlanJoin('$2', '$3')}) as subscribed,
       ${sessionRevokedSql('$4')} as session_revoked
     from users u where u.id = $1 and u.disabled_at is null`,
    [userId, now, new Date(now.getTime() - stripeGraceMs), sid],
    { name: 'profile_row_session' },
  );
  return rows[0];
}

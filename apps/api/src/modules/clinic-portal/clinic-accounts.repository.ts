import type { Queryable } from '../../db/db.ts';

/** SQL for clinic staff accounts and their invitations (clinic_invitations, migration 025). */

export type ClinicRow = {
  id: string;
  reference_id: string;
  name: string;
  city: string;
  state: string;
  time_zone: string;
  banks: string[];
};

const CLINIC_COLUMNS = `c.id, c.reference_id, c.name, c.city, c.state, c.time_zone,
  coalesce((select array_agg(b.bank_name order by b.bank_name) from clinic_banks b where b.clinic_id = c.id),
           '{}'::text[]) as banks`;

export const listClinics = (db: Queryable) =>
  db.query<ClinicRow>(`select ${CLINIC_COLUMNS} from clinics c order by c.name, c.reference_id`);

export const findClinicByReference = async (db: Queryable, referenceId: string) =>
  (await db.query<ClinicRow>(`select ${CLINIC_COLUMNS} from clinics c where c.reference_id = $1`, [referenceId]))[0];

export const findClinicById = async (db: Queryable, id: string) =>
  (await db.query<ClinicRow>(`select ${CLINIC_COLUMNS} from clinics c where c.id = $1`, [id]))[0];

export type StaffRow = {
  id: string;
  clinic_id: string;
  email: string;
  first_name: string;
  last_name: string;
  bank_name: string | null;
  password_changed: boolean;
  invited_at: Date | null;
  expires_at: Date | null;
  accepted_at: Date | null;
};

/** Every clinic account, with its latest invitation. */
export const listStaff = (db: Queryable) =>
  db.query<StaffRow>(
    `select u.id, u.clinic_id, u.email, u.first_name, u.last_name, u.bank_name,
            i.created_at as invited_at, i.expires_at, i.accepted_at,
            (u.password_hash not like '!%') as password_changed
       from users u
       left join lateral (select created_at, expires_at, accepted_at from clinic_invitations ci
                           where ci.user_id = u.id order by ci.created_at desc limit 1) i on true
      where u.role = 'clinic' and u.clinic_id is not null and u.erased_at is null
      order by u.last_name, u.first_name, u.email`,
  );

export type AccountRow = { id: string; role: string; clinic_id: string | null; password_hash: string };
export const findAccountByEmail = async (db: Queryable, email: string) =>
  (
    await db.query<AccountRow>('select id, role, clinic_id, password_hash from users where lower(email) = lower($1)', [
      email,
    ])
  )[0];

/** A clinic account without a usable password (nothing verifies against `unusableHash`). */
export async function insertClinicUser(
  db: Queryable,
  u: { email: string; firstName: string; lastName: string; clinicId: string; bankName: string | null },
  unusableHash: string,
  now: Date,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, phone_number, date_of_birth,
       relationship_to_child, highest_education, race, ethnicity, role, clinic_id, bank_name,
       created_at, updated_at, password_changed_at)
     values ($1, $2, $3, $4, '', '1900-01-01', '', '', '', '', 'clinic', $5, $6, $7, $7, $7)
     on conflict (lower(email)) do nothing returning id`,
    [u.email, unusableHash, u.firstName, u.lastName, u.clinicId, u.bankName, now],
  );
  return rows[0]?.id;
}

export async function updatePendingClinicUser(
  db: Queryable,
  id: string,
  u: { firstName: string; lastName: string; bankName: string | null },
  now: Date,
) {
  await db.query('update users set first_name = $2, last_name = $3, bank_name = $4, updated_at = $5 where id = $1', [
    id,
    u.firstName,
    u.lastName,
    u.bankName,
    now,
  ]);
}

export async function insertInvitation(
  db: Queryable,
  i: { clinicId: string; userId: string; tokenHash: string; invitedBy: string; now: Date; expiresAt: Date },
): Promise<string> {
  // A new invitation replaces any unused one: only the newest link works.
  await db.query('delete from clinic_invitations where user_id = $1 and accepted_at is null', [i.userId]);
  const rows = await db.query<{ id: string }>(
    `insert into clinic_invitations (clinic_id, user_id, token_hash, invited_by, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
    [i.clinicId, i.userId, i.tokenHash, i.invitedBy, i.now, i.expiresAt],
  );
  return rows[0]!.id;
}

export type InvitationRow = {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  clinic_name: string;
  expires_at: Date;
  accepted_at: Date | null;
};

const INVITATION_SELECT = `select i.id, i.user_id, u.email, u.first_name, c.name as clinic_name, i.expires_at,
    i.accepted_at
  from clinic_invitations i join users u on u.id = i.user_id join clinics c on c.id = i.clinic_id`;

export const findInvitationByHash = async (db: Queryable, tokenHash: string, lock = false) =>
  (
    await db.query<InvitationRow>(`${INVITATION_SELECT} where i.token_hash = $1${lock ? ' for update of i' : ''}`, [
      tokenHash,
    ])
  )[0];

export const findInvitationById = async (db: Queryable, id: string) =>
  (await db.query<InvitationRow>(`${INVITATION_SELECT} where i.id = $1`, [id]))[0];

/** A fresh token for an unused, unexpired invitation (its mail is rebuilt after a restart lost the old one). */
export async function rotateInvitationToken(db: Queryable, id: string, tokenHash: string, now: Date) {
  const rows = await db.query(
    `update clinic_invitations set token_hash = $2 where id = $1 and accepted_at is null and expires_at > $3
       returning id`,
    [id, tokenHash, now],
  );
  return rows.length === 1;
}

/** Sets the password, marks the address verified and the invitation used, in the caller's transaction. */
export async function acceptInvitation(db: Queryable, inv: { id: string; userId: string }, hash: string, now: Date) {
  await db.query('update clinic_invitations set accepted_at = $2 where id = $1', [inv.id, now]);
  await db.query(
    `update users set password_hash = $2, password_changed_at = $3, updated_at = $3,
       email_verified_at = coalesce(email_verified_at, $3) where id = $1`,
    [inv.userId, hash, now],
  );
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { APPOINTMENT_MSG } from '@kindred/shared/appointments.schemas';
import {
  CLINIC_MSG,
  INVITATION_TTL_DAYS,
  type AdminClinicDto,
  type ClinicStaffDto,
  type InviteStaffRequest,
} from '@kindred/shared/clinic-portal.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import { hashPassword, passwordPolicyError } from '../auth/password.ts';
import type { MailService } from '../mail/mail.service.ts';
import * as repo from './clinic-accounts.repository.ts';
import { clinicInvitationMail } from './invitation.mail.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';

/** The password hash of an invited account until its password is set: not a hash, so nothing verifies. */
const INVITED_HASH_PREFIX = '!invited:';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type ClinicAccountsDeps = {
  db: Db;
  clock: Clock;
  limits: RateLimits;
  mail: MailService;
  publicUrl: string;
  /** An invitation writes its audit row (`clinic.staff_invite`) in its transaction (ADR 022). */
  audit: Pick<AuditService, 'record'>;
};

function staffStatus(s: repo.StaffRow, now: Date): ClinicStaffDto['status'] {
  if (s.password_changed) return 'active';
  return s.expires_at && s.expires_at > now ? 'invited' : 'expired';
}

const toStaffDto = (s: repo.StaffRow, now: Date): ClinicStaffDto => ({
  id: s.id,
  email: s.email,
  first_name: s.first_name,
  last_name: s.last_name,
  status: staffStatus(s, now),
  invited_at: s.invited_at ? new Date(s.invited_at).toISOString() : null,
  bank_name: s.bank_name,
});

/**
 * Clinic staff accounts without SQL (issue 14): an admin invites an address to a clinic; the account exists at once
 * (role 'clinic', its clinic and import bank set) but cannot sign in until the mailed link sets its password. Only
 * the link token's SHA-256 is stored; the mail keeps the token in this process until sent (ADR 013), and a mail
 * delivered after a restart gets a fresh token.
 */
export function createClinicAccountsService(deps: ClinicAccountsDeps) {
  const { db, clock, mail } = deps;
  const linkOf = (token: string) => `${deps.publicUrl}/clinic/invitation?token=${encodeURIComponent(token)}`;
  const mailFor = (inv: { first_name: string; clinic_name: string }, token: string) =>
    clinicInvitationMail(inv.first_name, inv.clinic_name, { url: linkOf(token), token });

  mail.onRefresh('clinic_invitation', async (id) => {
    const inv = await repo.findInvitationById(db, id);
    if (!inv) return null;
    const token = newToken();
    return (await repo.rotateInvitationToken(db, id, hashToken(token), clock.now())) ? mailFor(inv, token) : null;
  });

  /** The invitation a token names, locked when in a transaction; a clear 400 for junk, used or expired links. */
  async function usableInvitation(q: Queryable, token: string, lock = false) {
    const inv = await repo.findInvitationByHash(q, hashToken(token), lock);
    if (!inv) throw fieldError('token', CLINIC_MSG.invitationInvalid);
    if (inv.accepted_at) throw fieldError('token', CLINIC_MSG.invitationUsed);
    if (inv.expires_at <= clock.now()) throw fieldError('token', CLINIC_MSG.invitationExpired);
    return inv;
  }

  return {
    /** Every clinic with its banks and staff accounts (admin). */
    async listClinics(): Promise<AdminClinicDto[]> {
      const now = clock.now();
      const [clinics, staff] = await Promise.all([repo.listClinics(db), repo.listStaff(db)]);
      return clinics.map((c) => ({
        reference_id: c.reference_id,
        name: c.name,
        city: c.city,
        state: c.state,
        time_zone: c.time_zone,
        banks: c.banks,
        staff: staff.filter((s) => s.clinic_id === c.id).map((s) => toStaffDto(s, now)),
      }));
    },

    /**
     * Creates the account (or renews the invitation of one not yet activated at the same clinic) and mails the
     * link. The account imports donors for `bank_name`, one of the clinic's banks (the first when not given).
     */
    async invite(actor: AuditActor, referenceId: string, body: InviteStaffRequest): Promise<ClinicStaffDto> {
      const clinic = await repo.findClinicByReference(db, referenceId);
      if (!clinic) throw notFound(APPOINTMENT_MSG.clinicNotFound);
      const bankName = body.bank_name ?? clinic.banks[0] ?? null;
      if (body.bank_name && !clinic.banks.includes(body.bank_name))
        throw fieldError('bank_name', CLINIC_MSG.bankNotOfClinic);
      const now = clock.now();
      const token = newToken();
      const queued = await db.transaction(async (tx) => {
        const names = { firstName: body.first_name, lastName: body.last_name, bankName };
        const existing = await repo.findAccountByEmail(tx, body.email);
        let userId: string;
        const renewal = !!existing;
        if (!existing) {
          const hash = `${INVITED_HASH_PREFIX}${randomUUID()}`;
          const id = await repo.insertClinicUser(tx, { email: body.email, clinicId: clinic.id, ...names }, hash, now);
          if (!id) throw conflict(CLINIC_MSG.emailTaken);
          userId = id;
        } else if (
          existing.role === 'clinic' &&
          existing.clinic_id === clinic.id &&
          existing.password_hash.startsWith(INVITED_HASH_PREFIX)
        ) {
          userId = existing.id;
          await repo.updatePendingClinicUser(tx, userId, names, now);
        } else throw conflict(CLINIC_MSG.emailTaken);
        const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
        const tokenHash = hashToken(token);
        const id = await repo.insertInvitation(tx, {
          clinicId: clinic.id,
          userId,
          tokenHash,
          invitedBy: actor.id,
          now,
          expiresAt,
        });
        // The account's id, clinic and bank; not its name or address (ADR 022).
        await deps.audit.record(tx, actor, {
          action: renewal ? 'clinic.staff_reinvite' : 'clinic.staff_invite',
          targetType: 'user',
          targetId: userId,
          before: null,
          after: {
            role: 'clinic',
            clinic: referenceId,
            bank_name: bankName,
            invitation_expires_at: expiresAt.toISOString(),
          },
        });
        const template = mailFor({ first_name: body.first_name, clinic_name: clinic.name }, token);
        return { userId, mail: await mail.enqueue(tx, body.email, template, { ref: id }) };
      });
      mail.dispatch(queued.mail);
      const staff = (await repo.listStaff(db)).find((s) => s.id === queued.userId)!;
      return toStaffDto(staff, now);
    },

    /** What the set-password page shows: whose invitation, to which clinic. */
    async lookup(ip: string, token: string) {
      await deps.limits.consume('invitation_ip', ip);
      const inv = await usableInvitation(db, token);
      return { success: true as const, email: inv.email, clinic_name: inv.clinic_name };
    },

    /** Sets the password (the app's rules), marks the address verified and the link used, once. */
    async accept(ip: string, token: string, password: string) {
      await deps.limits.consume('invitation_ip', ip);
      const first = await usableInvitation(db, token);
      const policy = passwordPolicyError(password, first.email);
      if (policy) throw fieldError('new_password', policy);
      const hash = await hashPassword(password);
      const now = clock.now();
      const released = await db.transaction(async (tx) => {
        const inv = await usableInvitation(tx, token, true);
        await repo.acceptInvitation(tx, { id: inv.id, userId: inv.user_id }, hash, now);
        return mail.release(tx, inv.email);
      });
      mail.dispatch(...released);
      return { success: true as const, message: CLINIC_MSG.invitationAccepted, email: first.email };
    },
  };
}
export type ClinicAccountsService = ReturnType<typeof createClinicAccountsService>;

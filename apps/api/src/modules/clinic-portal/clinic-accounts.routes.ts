import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  adminClinicsResponse,
  clinicReferenceParams as referenceParams,
  invitationQuery,
  invitationResponse,
  inviteStaffRequest,
  inviteStaffResponse,
  CLINIC_MSG,
} from '@kindred/shared/clinic-portal.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { ClinicAccountsService } from './clinic-accounts.service.ts';

/**
 * Clinic staff accounts (issue 14): the admin lists clinics and invites staff; the invited person reads and
 * accepts the set-password link (public, rate-limited per client like the other credential paths).
 */
export async function clinicAccountsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; clinicAccounts: ClinicAccountsService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { clinicAccounts } = opts;
  const admin = { onRequest: opts.guard.requireRole('admin') };
  const security = [{ bearer: [] }];
  const tags = ['clinics'];

  app.get(
    '/api/v1/admin/clinics/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Partner clinics with their banks and staff accounts (admin)',
        response: { 200: adminClinicsResponse },
      },
    },
    async () => ({ success: true as const, clinics: await clinicAccounts.listClinics() }),
  );

  app.post(
    '/api/v1/admin/clinics/:reference_id/staff/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Invite a staff member to a clinic: creates the clinic account and mails a set-password link (admin)',
        params: referenceParams,
        body: inviteStaffRequest,
        response: { 201: inviteStaffResponse },
      },
    },
    async (request, reply) => {
      const staff = await clinicAccounts.invite(auditActor(request), request.params.reference_id, request.body);
      return reply.code(201).send({ success: true as const, message: CLINIC_MSG.invited, staff });
    },
  );

  app.get(
    '/api/v1/auth/invitation/',
    {
      schema: {
        tags,
        summary: 'Whose clinic invitation a set-password link is (400 when invalid, used or expired)',
        querystring: invitationQuery,
        response: { 200: invitationResponse },
      },
    },
    async (request) => clinicAccounts.lookup(request.ip, request.query.token),
  );

  app.post(
    '/api/v1/auth/invitation/accept/',
    {
      schema: {
        tags,
        summary: 'Set the password of an invited clinic account (once); the address counts as verified',
        body: acceptInvitationRequest,
        response: { 200: acceptInvitationResponse },
      },
    },
    async (request) => clinicAccounts.accept(request.ip, request.body.token, request.body.new_password),
  );
}

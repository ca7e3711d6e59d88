import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicBanksRequest,
  clinicianParams,
  clinicianRequest,
  clinicParams,
  clinicRequest,
  consoleClinicResponse,
  createClinicRequest,
  visitTypeParams,
  visitTypeRequest,
} from '@kindred/shared/console-clinics.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { ConsoleClinicsService } from './console-clinics.service.ts';

/**
 * Clinics in the operator console (issue 15, ADR 022), admin only: create and edit clinics, clinicians and visit
 * types, link partner banks. Every change is audited (clinic.create, clinic.update, clinic.banks, clinician.*,
 * visit_type.*). The list and staff invitations are clinic-accounts.routes.ts.
 */
export async function consoleClinicsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; consoleClinics: ConsoleClinicsService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { consoleClinics: clinics } = opts;
  const admin = { onRequest: opts.guard.requireRole('admin') };
  const security = [{ bearer: [] }];
  const tags = ['console'];
  const response = { 200: consoleClinicResponse };

  app.post(
    '/api/v1/admin/clinics/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Create a clinic; its coordinates come from the geocoder (admin; audited clinic.create)',
        body: createClinicRequest,
        response: { 201: consoleClinicResponse },
      },
    },
    async (request, reply) => {
      const { reference_id, ...clinic } = request.body;
      return reply.code(201).send(await clinics.create(auditActor(request), reference_id, clinic));
    },
  );

  app.get(
    '/api/v1/admin/clinics/:reference_id/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'A clinic with its clinicians and visit types (admin)',
        params: clinicParams,
        response,
      },
    },
    async (request) => clinics.get(request.params.reference_id),
  );

  app.put(
    '/api/v1/admin/clinics/:reference_id/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Edit a clinic (admin; audited clinic.update)',
        params: clinicParams,
        body: clinicRequest,
        response,
      },
    },
    async (request) => clinics.update(auditActor(request), request.params.reference_id, request.body),
  );

  app.put(
    '/api/v1/admin/clinics/:reference_id/banks/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Set the partner banks a clinic works with (admin; audited clinic.banks)',
        params: clinicParams,
        body: clinicBanksRequest,
        response,
      },
    },
    async (request) => clinics.setBanks(auditActor(request), request.params.reference_id, request.body.banks),
  );

  app.post(
    '/api/v1/admin/clinics/:reference_id/clinicians/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Add a clinician (admin; audited clinician.create)',
        params: clinicParams,
        body: clinicianRequest,
        response: { 201: consoleClinicResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await clinics.addClinician(auditActor(request), request.params.reference_id, request.body)),
  );

  app.put(
    '/api/v1/admin/clinics/:reference_id/clinicians/:id/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Edit a clinician (admin; audited clinician.update)',
        params: clinicianParams,
        body: clinicianRequest,
        response,
      },
    },
    async (request) =>
      clinics.updateClinician(auditActor(request), request.params.reference_id, request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/clinics/:reference_id/visit-types/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Add a visit type, with the clinic portal’s rules (admin; audited visit_type.create)',
        params: clinicParams,
        body: visitTypeRequest,
        response: { 201: consoleClinicResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await clinics.addVisitType(auditActor(request), request.params.reference_id, request.body)),
  );

  app.put(
    '/api/v1/admin/clinics/:reference_id/visit-types/:id/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Edit a visit type (admin; audited visit_type.update)',
        params: visitTypeParams,
        body: visitTypeRequest,
        response,
      },
    },
    async (request) =>
      clinics.updateVisitType(auditActor(request), request.params.reference_id, request.params.id, request.body),
  );
}

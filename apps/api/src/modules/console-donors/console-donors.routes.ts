import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityRequest,
  availabilityResponse,
  bulkAvailabilityRequest,
  bulkAvailabilityResponse,
  consoleBanksResponse,
  consoleDonorsQuery,
  consoleDonorsResponse,
  donorReferenceParams,
} from '@kindred/shared/console-donors.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { ConsoleDonorsService } from './console-donors.service.ts';

/** The console's donor catalogue (issue 15, ADR 022): support and admins read; admins change availability. */
export async function consoleDonorsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; consoleDonors: ConsoleDonorsService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { consoleDonors } = opts;
  const staff = { onRequest: opts.guard.requireRole('support', 'admin') };
  const admin = { onRequest: opts.guard.requireRole('admin') };
  const security = [{ bearer: [] }];
  const tags = ['console'];

  app.get(
    '/api/v1/admin/donors/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary:
          'The donor catalogue with the engine’s filters, server-side sort and paging (support, admin); no health ' +
          'data',
        querystring: consoleDonorsQuery,
        response: { 200: consoleDonorsResponse },
      },
    },
    async (request) => consoleDonors.list(request.query),
  );

  app.get(
    '/api/v1/admin/donors/banks/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Partner banks with donors (support, admin)',
        response: { 200: consoleBanksResponse },
      },
    },
    async () => consoleDonors.banks(),
  );

  app.patch(
    '/api/v1/admin/donors/:reference_id/availability/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change one donor’s availability (admin; audited donor.availability; every instance’s index follows)',
        params: donorReferenceParams,
        body: availabilityRequest,
        response: { 200: availabilityResponse },
      },
    },
    async (request) => consoleDonors.setAvailability(auditActor(request), request.params.reference_id, request.body),
  );

  app.post(
    '/api/v1/admin/donors/bulk/availability/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Change the availability of up to 500 donors (admin; dry_run reports and writes nothing)',
        body: bulkAvailabilityRequest,
        response: { 200: bulkAvailabilityResponse },
      },
    },
    async (request) => consoleDonors.bulkAvailability(auditActor(request), request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_MSG,
  donorUpdateParams,
  donorUpdatePostedResponse,
  donorUpdateRequest,
  donorUpdatesResponse,
  staffDonorUpdatesResponse,
} from '@kindred/shared/notifications.schemas';
import { auditActor } from '../../plugins/audit-actor.ts';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { DonorUpdatesService } from './donor-updates.service.ts';

const params = donorUpdateParams;

/**
 * Donor updates (ADR 025): posted by admins (console) and by clinic staff for their own banks' donors (portal),
 * each with counts of the families told, read and acknowledged; read by the families that care on the donor page.
 */
export async function donorUpdatesRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; donorUpdates: DonorUpdatesService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { donorUpdates } = opts;
  const security = [{ bearer: [] }];

  for (const [prefix, role, tag] of [
    ['/api/v1/admin/donors', 'admin', 'console'],
    ['/api/v1/clinic/donors', 'clinic', 'clinic'],
  ] as const) {
    const who = role === 'admin' ? 'admin' : 'clinic staff, own banks’ donors';
    app.get(
      `${prefix}/:reference_id/updates/`,
      {
        onRequest: opts.guard.requireRole(role),
        schema: {
          tags: [tag],
          security,
          summary: `A donor’s updates with counts of families told, read, acknowledged (${who})`,
          params,
          response: { 200: staffDonorUpdatesResponse },
        },
      },
      async (request) => ({
        success: true as const,
        updates: await donorUpdates.staffList(auditActor(request), request.params.reference_id),
      }),
    );
    app.post(
      `${prefix}/:reference_id/updates/`,
      {
        onRequest: opts.guard.requireRole(role),
        schema: {
          tags: [tag],
          security,
          summary: `Post a donor update; every family that cares is told (${who}; audited donor.update)`,
          params,
          body: donorUpdateRequest,
          response: { 201: donorUpdatePostedResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          message: NOTIFICATION_MSG.updatePosted,
          update: await donorUpdates.post(auditActor(request), request.params.reference_id, request.body),
        }),
    );
  }

  app.get(
    '/api/v1/donors/:reference_id/updates/',
    {
      onRequest: opts.guard.requireRole('parent'),
      schema: {
        tags: ['matching'],
        security,
        summary: 'Updates about a donor you starred, were shown or booked a consultation about',
        params,
        response: { 200: donorUpdatesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      updates: await donorUpdates.parentList(currentUser(request).id, request.params.reference_id),
    }),
  );
}

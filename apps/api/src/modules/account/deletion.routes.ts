import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELETION_MSG,
  accountDeleteCancelRequest,
  accountDeleteCancelResponse,
  accountDeleteRequest,
  accountDeleteResponse,
} from '@kindred/shared/account-deletion';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { DeletionService } from './deletion.service.ts';

/** "Delete my account" and its cancel link (ADR 020). */
export async function deletionRoutes(root: FastifyInstance, opts: { guard: AuthGuard; deletion: DeletionService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.post(
    '/api/v1/account/delete/',
    {
      // The token is checked before the body is read (an anonymous caller learns nothing about the fields).
      onRequest: opts.guard.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Delete my account: deactivates it now (sessions end, no sign-in) and purges it after 7 days',
        body: accountDeleteRequest,
        response: { 202: accountDeleteResponse },
      },
    },
    async (request, reply) => {
      const { purgeAfter } = await opts.deletion.request(currentUser(request).id, request.body.password);
      return reply
        .code(202)
        .send({ success: true as const, message: DELETION_MSG.scheduled, purge_after: purgeAfter.toISOString() });
    },
  );

  app.post(
    '/api/v1/account/delete/cancel/',
    {
      schema: {
        tags,
        summary: 'Cancel a pending deletion with the signed link from its email (once, within 7 days)',
        body: accountDeleteCancelRequest,
        response: { 200: accountDeleteCancelResponse },
      },
    },
    async (request) => {
      await opts.deletion.cancel(request.body.token);
      return { success: true as const, message: DELETION_MSG.cancelled };
    },
  );
}

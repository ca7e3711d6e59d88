import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  inboxAssigneesResponse,
  inboxAssignInput,
  inboxListQuery,
  inboxListResponse,
  inboxMessageDetailDto,
  inboxMessageParams,
  inboxReplyInput,
  inboxStatusInput,
} from '@kindred/shared/console-inbox.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { InboxService } from './inbox.service.ts';

/** The operator console's inbox (issue 15, ADR 022): support and admin; every change is audited. */
export async function inboxRoutes(root: FastifyInstance, opts: { guard: AuthGuard; inbox: InboxService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: opts.guard.requireRole('support', 'admin') };
  const security = [{ bearer: [] }];
  const tags = ['admin'];
  const params = inboxMessageParams;
  const { inbox } = opts;

  app.get(
    '/api/v1/admin/inbox/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Contact-form messages: filter by status and assignee, search, newest or oldest first, paged',
        querystring: inboxListQuery,
        response: { 200: inboxListResponse },
      },
    },
    async (request) => inbox.list(auditActor(request), request.query),
  );

  app.get(
    '/api/v1/admin/inbox/assignees/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Staff a message can be assigned to',
        response: { 200: inboxAssigneesResponse },
      },
    },
    async () => ({ results: await inbox.assignees() }),
  );

  app.get(
    '/api/v1/admin/inbox/:id/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'One message with its replies',
        params,
        response: { 200: inboxMessageDetailDto },
      },
    },
    async (request) => inbox.detail(request.params.id),
  );

  app.post(
    '/api/v1/admin/inbox/:id/replies/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Reply: e-mailed to the sender, kept with the message, status answered (audited: inbox.reply)',
        params,
        body: inboxReplyInput,
        response: { 201: inboxMessageDetailDto },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inbox.reply(auditActor(request), request.params.id, request.body.body)),
  );

  app.put(
    '/api/v1/admin/inbox/:id/assignee/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Assign to a staff member, or to nobody (audited: inbox.assign)',
        params,
        body: inboxAssignInput,
        response: { 200: inboxMessageDetailDto },
      },
    },
    async (request) => inbox.assign(auditActor(request), request.params.id, request.body.assignee_id),
  );

  app.put(
    '/api/v1/admin/inbox/:id/status/',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Set the status: new, answered or closed (audited: inbox.status)',
        params,
        body: inboxStatusInput,
        response: { 200: inboxMessageDetailDto },
      },
    },
    async (request) => inbox.setStatus(auditActor(request), request.params.id, request.body.status),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertDeleteResponseSchema,
  alertListResponseSchema,
  alertParamsSchema,
  alertResponseSchema,
  createAlertRequestSchema,
  updateAlertRequestSchema,
} from '@kindred/shared/alerts.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { AlertsService } from './alerts.service.ts';

const params = alertParamsSchema;

/**
 * A parent's saved-search alerts ("Tell me when a new donor matches"): list, save, pause or resume, rename, delete.
 * Another parent's alert answers 404 like one that does not exist.
 */
export async function alertsRoutes(root: FastifyInstance, opts: { guard: AuthGuard; alerts: AlertsService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['alerts'];
  const parent = opts.guard.requireRole('parent');

  app.get(
    '/api/v1/alerts/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Your saved-search alerts, newest first, with the last time each fired',
        response: { 200: alertListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, alerts: await opts.alerts.list(currentUser(request).id) }),
  );

  app.post(
    '/api/v1/alerts/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Save a preference profile and the matches page filters as an alert that never expires',
        body: createAlertRequestSchema,
        response: { 201: alertResponseSchema },
      },
    },
    async (request, reply) => {
      const alert = await opts.alerts.create(currentUser(request).id, request.body);
      return reply.code(201).send({ success: true as const, alert });
    },
  );

  app.patch(
    '/api/v1/alerts/:id/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Pause, resume or rename an alert (resuming announces only donors that enter from then on)',
        params,
        body: updateAlertRequestSchema,
        response: { 200: alertResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      alert: await opts.alerts.update(currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/alerts/:id/',
    {
      onRequest: parent,
      schema: {
        tags,
        security,
        summary: 'Delete an alert',
        params,
        response: { 200: alertDeleteResponseSchema },
      },
    },
    async (request) => {
      await opts.alerts.remove(currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
}

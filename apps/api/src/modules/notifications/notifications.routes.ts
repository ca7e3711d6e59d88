import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgeResponseSchema,
  markReadRequest,
  notificationIdParams,
  notificationPreferencesRequest,
  notificationPreferencesSchema,
  notificationsPageSchema,
  notificationsQuery,
  timeZoneRequest,
  timeZoneResponse,
  unreadCountSchema,
  unsubscribeQuery,
  unsubscribePreviewResponse,
  unsubscribeResponse,
} from '@kindred/shared/notifications.schemas';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { NotificationsService } from './notifications.service.ts';

/**
 * The notification centre (ADR 025): the signed-in user's notifications (parents and clinic staff alike), their
 * e-mail preferences per kind, and the one-click unsubscribe that needs no sign-in (RFC 8058).
 */
export async function notificationsRoutes(
  root: FastifyInstance,
  opts: { guard: AuthGuard; notifications: NotificationsService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { notifications } = opts;
  const security = [{ bearer: [] }];
  const tags = ['notifications'];
  const signedIn = { onRequest: opts.guard.requireRole('parent', 'clinic') };

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/v1/notifications/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Your notifications, newest first (filters: kind, unread)',
        querystring: notificationsQuery,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request) => notifications.list(currentUser(request).id, request.query),
  );

  app.get(
    '/api/v1/notifications/unread-count/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'How many of your notifications are unread',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ success: true as const, unread: await notifications.unreadCount(currentUser(request).id) }),
  );

  app.post(
    '/api/v1/notifications/read/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Mark some of your notifications read',
        body: markReadRequest,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({
      success: true as const,
      unread: await notifications.markRead(currentUser(request).id, request.body.ids),
    }),
  );

  app.post(
    '/api/v1/notifications/read-all/',
    {
      ...signedIn,
      schema: { tags, security, summary: 'Mark all your notifications read', response: { 200: unreadCountSchema } },
    },
    async (request) => ({
      success: true as const,
      unread: await notifications.markRead(currentUser(request).id, null),
    }),
  );

  app.post(
    '/api/v1/notifications/:id/acknowledge/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Confirm you have read a notification (safety notices ask for it)',
        params: notificationIdParams,
        response: { 200: acknowledgeResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      notification: await notifications.acknowledge(currentUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/api/v1/notifications/preferences/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Your e-mail preference per kind of notification',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => notifications.preferences(currentUser(request).id),
  );

  app.put(
    '/api/v1/notifications/preferences/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Change your e-mail preference per kind (safety notices: instant or digest only)',
        body: notificationPreferencesRequest,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => notifications.setPreferences(currentUser(request).id, request.body),
  );

  app.put(
    '/api/v1/notifications/time-zone/',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Your time zone as the browser reports it (Intl): the daily digest goes at 07:00 there',
        body: timeZoneRequest,
        response: { 200: timeZoneResponse },
      },
    },
    async (request) => notifications.setTimeZone(currentUser(request).id, request.body.time_zone),
  );

  app.get(
    '/api/v1/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link changes (changes nothing)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribePreviewResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await notifications.describeUnsubscribe(request.query.token)) }),
  );

  app.post(
    '/api/v1/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe from one kind of notification e-mail (RFC 8058; no sign-in)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeResponse },
      },
    },
    async (request) => notifications.unsubscribe(request.query.token),
  );
}

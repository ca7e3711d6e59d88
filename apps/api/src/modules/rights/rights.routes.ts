import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentChangeRequest,
  consentsResponse,
  DATA_RIGHTS_MSG,
  exportRequestedResponse,
  exportsResponse,
} from '@kindred/shared/data-rights.schemas';
import { notFound } from '../../lib/errors.ts';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import type { ConsentService } from './consent.service.ts';
import type { DataExportService } from './export.service.ts';

type Opts = { guard: AuthGuard; consents: ConsentService; exports: DataExportService };

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(json|html)$/;
const fileParams = z.object({ file: z.string() });

/**
 * The parent's data rights (ADR 019): consents and data exports. Every answer is personal: security-headers sends
 * no-store on every signed-in response.
 */
export async function rightsRoutes(root: FastifyInstance, opts: Opts) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  // The token is checked before the body is read or validated.
  const onRequest = opts.guard.authenticate;
  // Consents to health-data use and shortlist sharing are a parent's to give (issue 25): staff get the guard's 403.
  const parentOnly = opts.guard.requireRole('parent');

  for (const url of ['/api/v1/profile/consents/', '/api/v1/profile/consents']) {
    app.get(
      url,
      {
        onRequest,
        schema: {
          tags: ['data rights'],
          summary: 'The current state of each consent (the latest grant or withdrawal)',
          security,
          response: { 200: consentsResponse },
        },
      },
      async (request) => ({ success: true as const, consents: await opts.consents.current(currentUser(request).id) }),
    );
    app.post(
      url,
      {
        onRequest: parentOnly,
        schema: {
          tags: ['data rights'],
          summary: 'Give or withdraw a consent (appended to the consent log); shortlist_sharing needs a clinic scope',
          security,
          body: consentChangeRequest,
          response: { 200: consentsResponse },
        },
      },
      async (request) => ({
        success: true as const,
        consents: await opts.consents.change(currentUser(request).id, request.body),
      }),
    );
  }

  for (const url of ['/api/v1/profile/export/', '/api/v1/profile/export']) {
    app.post(
      url,
      {
        onRequest,
        schema: {
          tags: ['data rights'],
          summary: 'Ask for a copy of your data (JSON and HTML), prepared in the background and mailed when ready',
          security,
          response: { 202: exportRequestedResponse },
        },
      },
      async (request, reply) => {
        const dto = await opts.exports.request(currentUser(request).id);
        return reply.code(202).send({ success: true as const, message: DATA_RIGHTS_MSG.exportRequested, export: dto });
      },
    );
    app.get(
      url,
      {
        onRequest,
        schema: {
          tags: ['data rights'],
          summary: 'Your recent data exports: preparing, ready (with download links and expiry) or expired',
          security,
          response: { 200: exportsResponse },
        },
      },
      async (request) => ({ success: true as const, exports: await opts.exports.list(currentUser(request).id) }),
    );
  }

  app.get(
    '/api/v1/profile/export/:file',
    {
      onRequest,
      schema: {
        tags: ['data rights'],
        summary: 'Download one of your exports as <id>.json or <id>.html (owner only; 410 once expired)',
        security,
        params: fileParams,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const m = FILE.exec(request.params.file);
      if (!m) throw notFound();
      const [, id, ext] = m as unknown as [string, string, 'json' | 'html'];
      const body = await opts.exports.download(user.id, id, ext);
      return reply
        .type(ext === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="kindred-data-${id}.${ext}"`)
        .send(body);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobsOverviewSchema } from '@kindred/shared/jobs.schemas';
import type { AuthGuard } from '../../plugins/auth-guard.ts';
import type { JobsAdminService } from './jobs-admin.service.ts';

/** GET /api/v1/admin/jobs/: background queues and the mail outbox, for administrators. */
export async function jobsAdminRoutes(root: FastifyInstance, opts: { guard: AuthGuard; jobs: JobsAdminService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The API's paths end with a slash; the issue and operators' runbooks say /api/v1/admin/jobs: both answer.
  for (const url of ['/api/v1/admin/jobs/', '/api/v1/admin/jobs'])
    app.get(
      url,
      {
        onRequest: opts.guard.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Background job queues (queued, active, failed, dead-lettered), last failures, unsent mail',
          security: [{ bearer: [] }],
          response: { 200: jobsOverviewSchema },
        },
      },
      () => opts.jobs.overview(),
    );
}

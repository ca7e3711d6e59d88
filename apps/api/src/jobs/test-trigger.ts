import type { FastifyInstance } from 'fastify';
import { withLongStatements } from '../db/db.ts';
import { isDirectLocalRequest } from '../lib/operator-access.ts';
import type { Services } from '../services.ts';
import type { Job } from './job.ts';

/**
 * `POST /dev/jobs/:name/run`, for test servers only (TEST_JOB_TRIGGER=true; env.ts refuses it with an https
 * PUBLIC_URL or NODE_ENV=production): runs one background job in this process at once, as a run of its schedule
 * would (its `run` with an empty payload and the long statement deadline), and answers when the run has finished.
 * The e2e suite uses it so that a spec does not wait on the real clock for an every-minute job. Answers only a
 * request made on this machine directly (loopback, no proxy headers), like /dev/outbox; 404 for anything else and
 * for a name that is not a job. A failed run answers 500 with the job's failure text (the test should fail).
 */
export async function testJobTriggerRoutes(app: FastifyInstance, opts: { jobs: readonly Job[]; services: Services }) {
  app.post<{ Params: { name: string } }>('/dev/jobs/:name/run', { schema: { hide: true } }, async (request, reply) => {
    const job = opts.jobs.find((j) => j.name === request.params.name);
    if (!job || !isDirectLocalRequest(request)) return reply.code(404).send({ success: false, message: 'Not found.' });
    const started = Date.now();
    try {
      await withLongStatements(() => job.run(opts.services, request.log, {}));
    } catch (err) {
      request.log.error({ err, job: job.name }, job.failure);
      return reply.code(500).send({ success: false, message: job.failure });
    }
    return { success: true, data: { job: job.name, ms: Date.now() - started } };
  });
}

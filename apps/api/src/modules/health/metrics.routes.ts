import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobsAdminService } from '../jobs/jobs-admin.service.ts';
import { hasBearerToken, isDirectLocalRequest } from '../../lib/operator-access.ts';

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route and status. With METRICS_TOKEN
 * a scraper anywhere presents it as a bearer token (and nothing else gets in); without it only a scraper on this
 * machine, connecting directly (not through a proxy), is answered.
 */
export async function metricsRoutes(app: FastifyInstance, opts: { jobs?: JobsAdminService; token?: string }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  if (opts.jobs) {
    const jobs = opts.jobs;
    // Read at scrape time from pg-boss's tables and the outbox, so every instance reports the cluster's queues.
    const unsentMail = new Gauge({
      name: 'kindred_mail_unsent_messages',
      help: 'Outbox messages not yet sent, by status (pending, sending, failed = gave up after its attempts)',
      labelNames: ['status'],
      registers: [],
    });
    new Gauge({
      name: 'kindred_job_queue_jobs',
      help: 'Background jobs by queue and state (queued, active, failed, dead = dead-lettered after its retries)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      // One read per scrape fills both gauges; the mail gauge is registered after this one, so it is read after.
      async collect() {
        this.reset();
        unsentMail.reset();
        // During a database outage the scrape still answers with the process metrics, without these two.
        const o = await jobs.overview().catch(() => undefined);
        if (!o) return;
        for (const q of o.queues)
          for (const state of ['queued', 'active', 'failed', 'dead'] as const)
            this.set({ queue: q.name, state }, q[state]);
        for (const [status, n] of Object.entries(o.mail)) unsentMail.set({ status }, n);
      },
    });
    registry.registerMetric(unsentMail);
  }
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = opts.token ? hasBearerToken(request, opts.token) : isDirectLocalRequest(request);
    if (!allowed) return reply.code(404).send({ success: false, message: 'Not found.', code: 'not_found' });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

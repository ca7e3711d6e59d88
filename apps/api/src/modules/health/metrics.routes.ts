import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route and status. Answered for
 * scrapers on this machine only; a deployment exposes it through its private network, never publicly.
 */
export async function metricsRoutes(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? ''))
      return reply.code(404).send({ success: false, message: 'Not found.' });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

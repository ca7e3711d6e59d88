import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service.ts';

/** Liveness (the process answers) and readiness (its database, and Redis when configured, answer too). */
export async function healthRoutes(app: FastifyInstance, opts: { health: HealthService }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, checks } = await opts.health.readiness();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}

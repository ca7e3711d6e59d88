import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service.ts';

/**
 * Liveness (the process answers) and readiness: 503 when the database does not answer; 200 `degraded` when only
 * Redis does not (the instance still serves).
 */
export async function healthRoutes(app: FastifyInstance, opts: { health: HealthService }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, status, checks } = await opts.health.readiness();
    return reply.code(ready ? 200 : 503).send({ status, checks });
  });
}

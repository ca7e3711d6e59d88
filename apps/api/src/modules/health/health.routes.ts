import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/db.ts';

/** Liveness (the process answers) and readiness (its database, and Redis when configured, answer too). */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; redis?: Redis }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, 'ok' | 'down'> = {};
    checks.database = await opts.db.query('select 1').then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    if (opts.redis)
      checks.redis = await opts.redis.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      );
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}

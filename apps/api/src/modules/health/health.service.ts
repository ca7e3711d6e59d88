import type { Redis } from 'ioredis';
import type { Db } from '../../db/db.ts';
import { pingDatabase } from './health.repository.ts';

export type Readiness = { ready: boolean; checks: Record<string, 'ok' | 'down'> };

/** Readiness: the database answers, and Redis too when configured. */
export function createHealthService(deps: { db: Db; redis?: Redis }) {
  return {
    async readiness(): Promise<Readiness> {
      const checks: Record<string, 'ok' | 'down'> = {};
      checks.database = await pingDatabase(deps.db).then(
        () => 'ok' as const,
        () => 'down' as const,
      );
      if (deps.redis)
        checks.redis = await deps.redis.ping().then(
          () => 'ok' as const,
          () => 'down' as const,
        );
      return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;

import type { Redis } from 'ioredis';
import type { Db } from '../../db/db.ts';
import { pingDatabase } from './health.repository.ts';
import type { JobEngine } from '../../jobs/engine.ts';

type Check = 'ok' | 'down';
/**
 * `ready`: the database answers (Redis too, when configured). `degraded`: the database answers but Redis does not;
 * the instance still serves everything (per-IP limits fall back to this process, credential paths answer 503), so
 * it stays in the load balancer. `not_ready`: the database does not answer; take the instance out.
 */
export type Readiness = {
  ready: boolean;
  status: 'ready' | 'degraded' | 'not_ready';
  checks: Record<string, Check>;
};

/** /readyz answers within this, whatever a dependency does (a stalled connection would hang the probe). */
const CHECK_TIMEOUT_MS = 1000;

function withinTimeout(check: Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  const answered = check.then(
    () => 'ok' as const,
    () => 'down' as const,
  );
  return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness: the database answers, and Redis too when configured (docs/decisions/014-surviving-faults.md); while
 * the job engine's start is still being retried (a database blip in the first seconds), `jobs: 'down'` and not
 * ready, though the instance serves requests meanwhile.
 */
export function createHealthService(deps: { db: Db; redis?: Redis; jobs: Pick<JobEngine, 'pending'> }) {
  return {
    async readiness(): Promise<Readiness> {
      const [database, redis] = await Promise.all([
        withinTimeout(pingDatabase(deps.db)),
        deps.redis ? withinTimeout(deps.redis.ping()) : undefined,
      ]);
      const checks: Record<string, Check> = { database };
      if (redis) checks.redis = redis;
      const jobsStarting = deps.jobs.pending;
      if (jobsStarting) checks.jobs = 'down';
      const status = database === 'down' || jobsStarting ? 'not_ready' : redis === 'down' ? 'degraded' : 'ready';
      return { ready: database === 'ok' && !jobsStarting, status, checks };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;

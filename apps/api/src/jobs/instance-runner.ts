import type { FastifyBaseLogger } from 'fastify';
import type { InstanceJobOf } from './job-types.ts';
import { withLongStatements } from '../db/db.ts';

/**
 * Runs each instance job on its own interval until stopped. A failure is logged and the job runs again at its
 * next turn; a run still going when its next turn comes is not started twice. Timers do not keep the process alive.
 */
export function startInstanceJobs<S>(
  services: S,
  log: FastifyBaseLogger,
  jobs: readonly InstanceJobOf<S>[],
): { stop(): void; idle(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  const tick = (job: InstanceJobOf<S>) => {
    if (running.has(job.name)) return;
    const run = withLongStatements(() => job.run(services, log, {}))
      .catch((err: unknown) => log.error({ err, job: job.name }, job.failure))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(() => tick(job), job.everyMs);
    timer.unref();
    return timer;
  });
  for (const job of jobs) if (job.runAtStart) tick(job);
  return {
    stop: () => timers.forEach(clearInterval),
    /** Resolves when no run is in progress (shutdown, tests). */
    async idle() {
      while (running.size) await Promise.all([...running.values()]);
    },
  };
}

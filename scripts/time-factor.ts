/**
 * One factor for every time limit of the test suite (issue 26): Vitest's test and hook timeouts, Playwright's
 * test, expect, action and navigation timeouts, the e2e server's start deadline and the specs' own journey limits.
 * `TEST_TIME_FACTOR` sets it; unset, it is raised automatically on a busy machine: the one-minute load average per
 * core above 2 scales limits up (capped at 4), so a suite that passes on a quiet machine does not fail by its own
 * limits at load ~30 on two cores, while a real hang still fails.
 */
import os from 'node:os';

function factorFrom(env: string | undefined, load: number, cores: number): number {
  const given = Number(env);
  if (env !== undefined && env !== '' && Number.isFinite(given) && given > 0) return given;
  const perCore = load / Math.max(1, cores);
  return Math.min(4, Math.max(1, perCore / 2));
}

export const TIME_FACTOR = factorFrom(process.env.TEST_TIME_FACTOR, os.loadavg()[0]!, os.cpus().length);

/**
 * Vitest workers (test files at once) for the unit and API stage: one per core unless `TEST_WORKERS` says otherwise.
 * Vitest's own default, one less than the cores, is a single worker on a 2-core machine, which left a third of the
 * CPU idle while API files waited on PostgreSQL, SMTP and timers. Two workers once made the tests that measure a
 * delay fail (a socket closed within 1 s, a 1 s rate window); those files now run after the rest, one at a time
 * (`api-*-timed` in vitest.config.ts), and the stage went from 1,105–1,156 s to 948 s here (issue 26).
 */
function workersFrom(env: string | undefined, cores: number): number {
  const given = Number(env);
  if (env !== undefined && env !== '' && Number.isInteger(given) && given > 0) return given;
  return Math.max(1, cores);
}

export const TEST_WORKERS = workersFrom(process.env.TEST_WORKERS, os.availableParallelism());

/** `ms` scaled by the run's factor, whole milliseconds. */
export const scaled = (ms: number) => Math.round(ms * TIME_FACTOR);

export { factorFrom as timeFactorFrom, workersFrom as testWorkersFrom };

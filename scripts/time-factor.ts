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
 * Vitest workers (test files at once) for the unit and API stage. Vitest's own default is one less than the cores,
 * which on a 2-core machine is a single worker: every API file in turn, while the files mostly wait on PostgreSQL,
 * SMTP and timers. `TEST_WORKERS` sets more. It is opt-in, not chosen from the load: two workers on two busy cores
 * made the tests that measure a delay (a socket closed within 1 s, a rate window of 1 s) fail (issue 26), and a
 * quiet start says nothing about the load a minute later. Unset: Vitest's default.
 */
function workersFrom(env: string | undefined, cores: number): number {
  const given = Number(env);
  if (env !== undefined && env !== '' && Number.isInteger(given) && given > 0) return given;
  return Math.max(1, cores - 1);
}

export const TEST_WORKERS = workersFrom(process.env.TEST_WORKERS, os.availableParallelism());

/** `ms` scaled by the run's factor, whole milliseconds. */
export const scaled = (ms: number) => Math.round(ms * TIME_FACTOR);

export { factorFrom as timeFactorFrom, workersFrom as testWorkersFrom };

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
 * Workers (test files or tests at once): one more than the cores unless the variable says otherwise. Vitest's own
 * default, one less than the cores, is a single worker on a 2-core machine, which left a third of the CPU idle while
 * API files waited on PostgreSQL, SMTP and timers; with one per core the CPU was still idle a fifth of the time in
 * the e2e suite and the API files. Issue 26, measured here (ADR 010): the unit and API stage 318–323 s with two
 * workers, 289 s with three; the e2e suite 638 s with two, 544 s with three; the same CPU each way. The API files
 * that measure a delay run after the rest, one at a time, whatever this says (`*.timed.test.ts`).
 */
function workersFrom(env: string | undefined, cores: number): number {
  const given = Number(env);
  if (env !== undefined && env !== '' && Number.isInteger(given) && given > 0) return given;
  return Math.max(1, cores) + 1;
}

/** Vitest workers for the unit and API stage (`TEST_WORKERS`). */
export const TEST_WORKERS = workersFrom(process.env.TEST_WORKERS, os.availableParallelism());
/** Playwright workers for the e2e suite (`E2E_WORKERS`). */
export const E2E_WORKERS = workersFrom(process.env.E2E_WORKERS, os.availableParallelism());

/** `ms` scaled by the run's factor, whole milliseconds. */
export const scaled = (ms: number) => Math.round(ms * TIME_FACTOR);

export { factorFrom as timeFactorFrom, workersFrom as testWorkersFrom };

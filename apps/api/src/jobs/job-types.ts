import type { FastifyBaseLogger } from 'fastify';

/** The shapes below, over whatever the jobs run against (the engine never imports the services it is part of). */
type JobBase<S> = {
  name: string;
  /** What the log says when a run fails. */
  failure: string;
  /** Also run once as soon as the engine starts. */
  runAtStart: boolean;
  /**
   * The work. Safe to run twice and on several instances at once (each change it makes is a conditional update
   * only one run wins). `data` is the job's payload (queue jobs such as a mail delivery); {} for scheduled runs.
   */
  run(services: S, log: FastifyBaseLogger, data: Record<string, unknown>): Promise<void>;
};

/** Retries of a failed run, with exponential backoff from `delaySeconds`; then the run is dead-lettered. */
export type Retry = { limit: number; delaySeconds: number; maxDelaySeconds: number };

/**
 * Work on the shared database, run by the job engine (pg-boss): one execution per run across every instance.
 * `cron` (UTC) schedules it; without one it runs only when something sends it a job (a queue with payloads).
 */
export type ClusterJobOf<S> = JobBase<S> & { scope: 'cluster'; cron?: string; retry: Retry; timeoutSeconds: number };

/** Work on this process's own memory (its catalogue index): every instance runs it, on its own interval. */
export type InstanceJobOf<S> = JobBase<S> & { scope: 'instance'; everyMs: number };

export type JobOf<S> = ClusterJobOf<S> | InstanceJobOf<S>;

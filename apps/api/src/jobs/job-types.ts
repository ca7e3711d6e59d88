import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';

/**
 * The shapes below, over whatever the jobs run against (the engine never imports the services it is part of), and
 * `P`, the payload a run receives.
 */
type JobBase<S, P> = {
  name: string;
  /** What the log says when a run fails. */
  failure: string;
  /** Also run once as soon as the engine starts. */
  runAtStart: boolean;
  /**
   * The work. Safe to run twice and on several instances at once (each change it makes is a conditional update
   * only one run wins). `data` is the job's payload, already checked against `payload` (queue jobs such as a mail
   * delivery); scheduled runs get {}.
   */
  run(services: S, log: FastifyBaseLogger, data: P): Promise<void>;
};

/** Retries of a failed run, with exponential backoff from `delaySeconds`; then the run is dead-lettered. */
export type Retry = { limit: number; delaySeconds: number; maxDelaySeconds: number };

/**
 * Work on the shared database, run by the job engine (pg-boss): one execution per run across every instance.
 * `cron` (UTC) schedules it; without one it runs only when something sends it a job (a queue with payloads).
 */
export type ClusterJobOf<S, P = unknown> = JobBase<S, P> & {
  scope: 'cluster';
  cron?: string;
  retry: Retry;
  timeoutSeconds: number;
  /**
   * The queue's payload contract, checked when a job is sent (a programming error throws) and again when a run
   * starts: a payload that does not match (sent by an instance running other code, or written by hand) is
   * dead-lettered at once with the reason, never retried. Without one the queue takes no payload ({}).
   */
  payload?: ZodType<P>;
};

/** Work on this process's own memory (its catalogue index): every instance runs it, on its own interval. */
export type InstanceJobOf<S> = JobBase<S, Record<string, never>> & { scope: 'instance'; everyMs: number };

export type JobOf<S> = ClusterJobOf<S> | InstanceJobOf<S>;

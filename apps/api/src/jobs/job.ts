import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';

/**
 * A background job: a name, how often it runs, and a handler that is safe to run twice and on several instances
 * at once (each change it makes is a conditional update only one run wins). Handlers use the same services as
 * the routes, built once by createServices.
 */
export type Job = {
  name: string;
  /** Milliseconds between runs. */
  everyMs: number;
  /** Also run once as soon as the runner starts. */
  runAtStart: boolean;
  /** What the log says when a run fails (the run is tried again at its next turn). */
  failure: string;
  run(services: Services, log: FastifyBaseLogger): Promise<void>;
};

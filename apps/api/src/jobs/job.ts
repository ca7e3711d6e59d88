import type { ZodType } from 'zod';
import type { Services } from '../services.ts';
import type { ClusterJobOf, InstanceJobOf, JobOf } from './job-types.ts';

export type { Retry } from './job-types.ts';
/** A job on the shared queue (see job-types.ts), run against the services createServices built. */
export type ClusterJob = ClusterJobOf<Services>;
/** A job on this process's own memory, run on every instance. */
export type InstanceJob = InstanceJobOf<Services>;
export type Job = JobOf<Services>;

/** A queue job whose runs receive a payload of the type its contract parses to (checked by the engine). */
export function queueJob<P>(job: ClusterJobOf<Services, P> & { payload: ZodType<P> }): ClusterJob {
  return job as ClusterJob;
}

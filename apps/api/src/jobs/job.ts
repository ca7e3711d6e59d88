import type { Services } from '../services.ts';
import type { ClusterJobOf, InstanceJobOf, JobOf } from './job-types.ts';

export type { Retry } from './job-types.ts';
/** A job on the shared queue (see job-types.ts), run against the services createServices built. */
export type ClusterJob = ClusterJobOf<Services>;
/** A job on this process's own memory, run on every instance. */
export type InstanceJob = InstanceJobOf<Services>;
export type Job = JobOf<Services>;

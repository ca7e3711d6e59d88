import type { FastifyBaseLogger } from 'fastify';
import type { ConstructorOptions, PgBoss } from 'pg-boss';
import { z, type ZodType } from 'zod';
import { withLongStatements, type Db } from '../db/db.ts';
import type { ClusterJobOf, JobOf } from './job-types.ts';
import { jobStats, JOB_SCHEMA, type JobStats } from './jobs.repository.ts';
import { startInstanceJobs } from './instance-runner.ts';

export type JobEngine = {
  /** True between start and stop: jobs sent now will run. */
  readonly started: boolean;
  /** True while `startRetrying` has not yet started the engine (readiness says not ready meanwhile). */
  readonly pending: boolean;
  start<S>(services: S, jobs: readonly JobOf<S>[]): Promise<void>;
  /**
   * Starts the engine, retrying with a capped backoff while the database does not let it (a blip in the first
   * seconds of a serving instance must not end the process); resolves once started, or when stopped first.
   */
  startRetrying<S>(
    services: S,
    jobs: readonly JobOf<S>[],
    opts?: { firstDelayMs?: number; maxDelayMs?: number },
  ): Promise<void>;
  /** Queues a job (false when not started); throws a TypeError when `data` breaks the queue's payload contract. */
  send(queue: string, data: object, singletonKey?: string): Promise<boolean>;
  trigger(name: string): Promise<boolean>;
  stats(): Promise<JobStats>;
  stop(timeoutMs?: number): Promise<void>;
};

/** The queue a job's runs go to once their retries are spent (listed, counted, never worked). */
export const deadLetterQueue = (name: string) => `${name}-dead`;

/** The contract of a queue that takes no payload (scheduled jobs, triggers). */
const NO_PAYLOAD: ZodType = z.object({}).strict();

/** Why a payload does not match its queue's contract: field paths and messages, never the values. */
const payloadProblem = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`)
    .join('; ');

/** An address in an error (an SMTP reply may quote one) stays out of the job record the admin page shows. */
const redact = (err: unknown) => {
  const message = (err instanceof Error ? err.message : String(err)).replace(/[^\s<>@"']+@[^\s<>@"']+/g, '[address]');
  return Object.assign(new Error(message.slice(0, 500)), { name: err instanceof Error ? err.name : 'Error' });
};

/**
 * Background work on pg-boss, a PostgreSQL-backed queue (ADR 013). Cluster jobs are pg-boss queues: cron
 * schedules send one run per tick across every instance, a run is claimed with SKIP LOCKED by one worker,
 * failed runs are retried with exponential backoff and then dead-lettered, and the 'exclusive' policy keeps at
 * most one live job per queue and singleton key (one delivery job per mail message, no pile-up of a slow cron
 * job). PostgreSQL: pg-boss's own small pool and its own schema. PGlite: pg-boss's PGlite adapter on the same
 * embedded instance, so the zero-configuration start runs the same engine. Instance jobs (each process's own
 * memory) run on timers beside it.
 */
export function createJobEngine(opts: {
  db: Db;
  log: FastifyBaseLogger;
  /** PostgreSQL: pg-boss opens its own pool here. Required when db is PostgreSQL. */
  databaseUrl?: string;
  /** How often an idle worker looks for work (pg-boss polls; seconds, ≥ 0.5). */
  pollingSeconds?: number;
}): JobEngine {
  const { db, log } = opts;
  let boss: PgBoss | undefined;
  let instance: ReturnType<typeof startInstanceJobs> | undefined;
  let stopping = false;
  let pending = false;
  /** Each registered queue's payload contract (checked on send and when a run starts). */
  const contracts = new Map<string, ZodType>();

  function connection(fromPglite: typeof import('pg-boss').fromPglite): ConstructorOptions {
    if (db.kind === 'pglite') return { db: fromPglite(db.pglite!), backend: 'pglite' };
    if (!opts.databaseUrl) throw new Error('the job engine needs DATABASE_URL on PostgreSQL');
    return { connectionString: opts.databaseUrl, max: 3, connectionTimeoutMillis: 5_000 };
  }

  async function register<S>(b: PgBoss, services: S, job: ClusterJobOf<S>) {
    await b.createQueue(deadLetterQueue(job.name));
    await b.createQueue(job.name, {
      policy: 'exclusive',
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: job.retry.maxDelaySeconds,
      expireInSeconds: job.timeoutSeconds,
      deadLetter: deadLetterQueue(job.name),
    });
    if (job.cron) await b.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    const contract = job.payload ?? NO_PAYLOAD;
    contracts.set(job.name, contract);
    await b.work<unknown>(job.name, { pollingIntervalSeconds: opts.pollingSeconds ?? 2 }, async ([run]) => {
      const parsed = contract.safeParse(run?.data ?? {});
      if (!parsed.success) {
        // Retrying cannot mend a payload: dead-letter it at once with the reason (the values stay out of it).
        const reason = `malformed payload: ${payloadProblem(parsed.error)}`;
        log.error({ job: job.name, jobId: run?.id, reason }, 'job payload refused; dead-lettered');
        await b.send(deadLetterQueue(job.name), { reason, job_id: run?.id ?? null });
        return;
      }
      try {
        await withLongStatements(() => job.run(services, log, parsed.data));
      } catch (err) {
        log.error({ err: redact(err), job: job.name, retry: run?.retryCount }, job.failure);
        throw redact(err);
      }
    });
    if (job.runAtStart) await b.send(job.name, {});
  }

  return {
    get started() {
      return boss !== undefined && !stopping;
    },

    /** Creates pg-boss's schema on first use, registers every job and starts the workers and schedules. */
    async start<S>(services: S, jobs: readonly JobOf<S>[]) {
      // Loaded here, not with the server's modules: the engine starts after the server listens (server.ts).
      const { PgBoss, fromPglite } = await import('pg-boss');
      const b = new PgBoss({ ...connection(fromPglite), schema: JOB_SCHEMA, registerInstance: false });
      // An 'error' without a listener would crash the process (a database restart, a cut connection): pg-boss
      // keeps polling and recovers by itself once the database answers again.
      b.on('error', (err) => log.error({ err }, 'job engine error'));
      try {
        await b.start();
        // Stopped while starting (a signal just after the server began to listen): leave it stopped.
        if (stopping) return void (await b.stop({ graceful: false, close: true }).catch(() => undefined));
        for (const job of jobs) if (job.scope === 'cluster') await register(b, services, job);
      } catch (err) {
        // Half started (the database went away mid-way): release its pool so a retry starts from nothing.
        await b.stop({ graceful: false, close: true }).catch(() => undefined);
        throw err;
      }
      boss = b;
      instance = startInstanceJobs(
        services,
        log,
        jobs.flatMap((j) => (j.scope === 'instance' ? [j] : [])),
      );
    },

    get pending() {
      return pending;
    },

    async startRetrying<S>(
      services: S,
      jobs: readonly JobOf<S>[],
      o: { firstDelayMs?: number; maxDelayMs?: number } = {},
    ) {
      pending = true;
      try {
        for (let attempt = 0; !stopping; attempt++) {
          try {
            await this.start(services, jobs);
            if (attempt > 0) log.info({ attempts: attempt + 1 }, 'job engine started');
            return;
          } catch (err) {
            if (stopping) return;
            const delayMs = Math.min((o.firstDelayMs ?? 500) * 2 ** attempt, o.maxDelayMs ?? 15_000);
            log.warn(
              { err: redact(err), attempt: attempt + 1, retryInMs: delayMs },
              'job engine could not start; retrying',
            );
            await new Promise((r) => setTimeout(r, delayMs));
          }
        }
      } finally {
        pending = false;
      }
    },

    /** Queues a job; with a singleton key, nothing is added while a job with that key is waiting or running. */
    async send(queue: string, data: object, singletonKey?: string): Promise<boolean> {
      const checked = contracts.get(queue)?.safeParse(data);
      if (checked && !checked.success) throw new TypeError(`job ${queue}: ${payloadProblem(checked.error)}`);
      if (!boss || stopping) return false;
      return (await boss.send(queue, data, singletonKey ? { singletonKey } : {})) !== null;
    },

    /** Runs a cluster job now (operators, tests), as its schedule would. */
    trigger(name: string) {
      return this.send(name, {});
    },

    /** Per-queue counts and the last failures, without payloads (the admin page, /metrics). */
    stats: (): Promise<JobStats> => jobStats(db, deadLetterQueue),

    /**
     * Stops taking new work, lets running jobs finish (up to `timeoutMs`), then stops the timers. A job still
     * running at the end is retried by another instance once its lease expires.
     */
    async stop(timeoutMs = 8_000) {
      if (stopping) return;
      stopping = true;
      instance?.stop();
      await boss?.stop({ graceful: true, timeout: timeoutMs, close: true }).catch((err: unknown) => {
        log.error({ err }, 'job engine stop failed');
      });
      await instance?.idle();
    },
  };
}

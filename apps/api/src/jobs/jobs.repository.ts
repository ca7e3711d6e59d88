import type { Queryable } from '../db/db.ts';

/** pg-boss's own schema (its tables, created by pg-boss itself on start). */
export const JOB_SCHEMA = 'pgboss';

export type QueueCounts = { name: string; queued: number; active: number; failed: number; dead: number };
export type JobFailure = { queue: string; message: string; at: string | null };
export type JobStats = { queues: QueueCounts[]; lastErrors: JobFailure[] };

/**
 * Counts per queue read from pg-boss's job table (fresh, unlike its cached queue counts), and the last failures'
 * messages. Never a payload: a mail job's data is a message id, but a future job's might hold personal data.
 */
export async function jobStats(db: Queryable, deadOf: (name: string) => string): Promise<JobStats> {
  const [installed] = await db.query<{ ok: boolean }>(`select to_regclass('${JOB_SCHEMA}.job') is not null as ok`);
  if (!installed?.ok) return { queues: [], lastErrors: [] };
  const rows = await db.query<{ name: string; state: string; n: number }>(
    `select q.name, j.state, count(j.id)::int as n
       from ${JOB_SCHEMA}.queue q left join ${JOB_SCHEMA}.job j on j.name = q.name
      where left(q.name, 2) <> '__'
      group by q.name, j.state`,
  );
  const byName = new Map<string, QueueCounts>();
  const of = (name: string) => {
    let c = byName.get(name);
    if (!c) byName.set(name, (c = { name, queued: 0, active: 0, failed: 0, dead: 0 }));
    return c;
  };
  const names = new Set(rows.map((r) => r.name));
  for (const r of rows) {
    const base = [...names].find((n) => deadOf(n) === r.name);
    if (base) {
      // Jobs in a dead-letter queue are nobody's work: they count as their source queue's dead runs.
      if (r.state) of(base).dead += r.n;
      continue;
    }
    const c = of(r.name);
    if (r.state === 'created' || r.state === 'retry') c.queued += r.n;
    else if (r.state === 'active') c.active += r.n;
    else if (r.state === 'failed') c.failed += r.n;
  }
  // A failed run's error, or the reason a payload was refused (a job the engine put straight in a dead-letter
  // queue, whose data is only that reason): counted under its source queue.
  const failures = (
    await db.query<{ queue: string; message: string | null; at: Date | null }>(
      `select name as queue, output->>'message' as message, completed_on as at
         from ${JOB_SCHEMA}.job where state = 'failed'
       union all
       select name as queue, data->>'reason' as message, created_on as at
         from ${JOB_SCHEMA}.job where name like '%-dead' and data ? 'reason' and data ? 'job_id'
       order by at desc nulls last limit 10`,
    )
  ).map((f) => ({ ...f, queue: [...names].find((n) => deadOf(n) === f.queue) ?? f.queue }));
  return {
    queues: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)),
    lastErrors: failures.map((f) => ({
      queue: f.queue,
      message: f.message ?? 'failed',
      at: f.at ? new Date(f.at).toISOString() : null,
    })),
  };
}

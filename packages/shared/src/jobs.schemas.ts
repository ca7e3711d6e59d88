/**
 * The response of GET /api/v1/admin/jobs/: background queues and the mail outbox, for administrators (issue 27).
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

export const jobsOverviewSchema = z.object({
  running: z.boolean(),
  queues: z.array(z.object({ name: z.string(), queued: count, active: count, failed: count, dead: count })),
  last_errors: z.array(z.object({ queue: z.string(), message: z.string(), at: z.string().nullable() })),
  mail: z.object({ pending: count, sending: count, failed: count }),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/**
 * Runs one of the server's background jobs at once and returns when the run has finished: `POST /dev/jobs/:name/run`,
 * which the e2e server has because global-setup.ts sets TEST_JOB_TRIGGER=true (never on a real deployment: env.ts
 * refuses it on https and with NODE_ENV=production). The route answers only requests made on the machine directly,
 * so this uses plain fetch, without the per-test X-Forwarded-For the fixtures' `request` sends.
 */
export async function runJob(name: string): Promise<void> {
  const res = await fetch(`${process.env.BASE_URL}/dev/jobs/${encodeURIComponent(name)}/run`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`running the job ${name} answered ${res.status}: ${await res.text()}`);
}

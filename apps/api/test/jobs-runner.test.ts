import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import { JOBS } from '../src/jobs/runner.ts';
import { startInstanceJobs } from '../src/jobs/instance-runner.ts';
import type { InstanceJob } from '../src/jobs/job.ts';
import type { Services } from '../src/services.ts';

/** The per-instance job runner (jobs on this process's memory): intervals, failures, no overlapping runs, stop. */
describe('instance jobs runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const capture = () => {
    const lines: { msg: string; job?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    return { lines, log: pino({ level: 'info' }, stream) };
  };
  // The jobs under test use no service: the runner hands them over untouched.
  const services = {} as Services;

  it('runs the server’s jobs, one file each: shared ones on the queue, memory ones on every instance', () => {
    expect(JOBS.map((j) => `${j.name}:${j.scope}`)).toEqual([
      'subscription-renewals:cluster',
      'unused-images:cluster',
      'account-purge:cluster',
      'mail-delivery:cluster',
      'mail-sweep:cluster',
      'data-export:cluster',
      'data-retention:cluster',
      'appointment-reminders:cluster',
      'waitlist-offers:cluster',
      'alert-matching:cluster',
      'catalogue-refresh:instance',
      'catalogue-ages:instance',
      'donor-updates-fanout:cluster',
      'notification-digest:cluster',
      'safety-notice-resend:cluster',
    ]);
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
  });

  it('runs at start and on each interval, logs a failure and tries again; stop ends it', async () => {
    vi.useFakeTimers();
    const { lines, log } = capture();
    let runs = 0;
    const flaky: InstanceJob = {
      scope: 'instance',
      name: 'flaky',
      everyMs: 1000,
      runAtStart: true,
      failure: 'flaky failed',
      async run() {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
      },
    };
    const jobs = startInstanceJobs(services, log, [flaky]);
    await jobs.idle();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await jobs.idle();
    expect(runs).toBe(2);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
    expect(lines.filter((l) => l.msg === 'flaky failed').map((l) => l.job)).toEqual(['flaky']);
  });

  it('never starts a second run of a job while one is still going', async () => {
    vi.useFakeTimers();
    const { log } = capture();
    let started = 0;
    let release!: () => void;
    const slow: InstanceJob = {
      scope: 'instance',
      name: 'slow',
      everyMs: 100,
      runAtStart: false,
      failure: 'slow failed',
      run: () => {
        started += 1;
        return new Promise<void>((r) => (release = r));
      },
    };
    const jobs = startInstanceJobs(services, log, [slow]);
    expect(started).toBe(0);
    await vi.advanceTimersByTimeAsync(550);
    expect(started).toBe(1);
    release();
    await jobs.idle();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    release();
    jobs.stop();
    await jobs.idle();
  });
});

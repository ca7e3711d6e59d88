import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { scaled, TEST_WORKERS } from './scripts/time-factor.ts';

/**
 * Projects: `unit` (pure packages and web logic), `web` (the web app's components in jsdom) and the API integration
 * suite twice, once per database: `api-pglite` (embedded, always) and `api-postgres` (scripts/test.ts runs it when
 * PostgreSQL is reachable), each with its `-timed` part (below).
 * `faults` (`npm run test:faults`): real server processes against real PostgreSQL and Redis through TCP proxies the
 * tests cut and stall; `FAULTS_LANES` files at a time (below).
 * Files run in `TEST_WORKERS` workers (scripts/time-factor.ts; unset, one more than the cores) but for the timed
 * files, one at a time, and the faults. Every API file has its own database copied from the run's template, its own
 * ports (0) and its own Redis key prefix, so files never share state.
 */
/**
 * A worker runs file after file in one process with its modules loaded once (`isolate: false`), for every project
 * but the faults: starting a process and importing the app (Fastify, pg-boss, the engine, PGlite's WASM) for each
 * of ~250 files was a third of the stage's CPU (issue 26; ADR 010: api-postgres 136 s → 90 s, api-pglite 189 s →
 * 133 s, unit and web 36 s → 19 s in paired runs). What files share is what a process shares: caches of derived,
 * read-only data (the gazetteer, the breached-password list, the engine's source hash). Each file builds its own
 * app on its own database; a file that fakes timers or stubs a global restores them in `afterEach`.
 */
const isolate = false;
/**
 * The API files whose tests hold the product to a wall-clock bound (a sign-out closing sockets on every instance
 * within 1 s, a catalogue change seen within 2 s, the event loop never held 1 s by an import or a render, rate
 * windows of seconds, a login slowed for one address only) say so in their name: `*.timed.test.ts`. They run after
 * the rest (`api-*-timed`, `sequence.groupOrder` 1), one file at a time, so the other files' workers never share
 * the machine with a measurement (issue 26: two workers made these fail).
 */
const TIMED = 'apps/api/test/**/*.timed.test.ts';
/**
 * Fault files at once (`FAULTS_LANES`, unset 3). A fault file mostly waits (a relay down for 60 s, a sweeper after a
 * kill -9, 5 s stalls: 71 CPU s in 331 s run one at a time), and each has its own database, Redis prefix, proxies and
 * slice of the port range (test-faults/support/ports.ts), so files side by side share nothing but the machine.
 */
const FAULTS_LANES = Math.max(1, Math.floor(Number(process.env.FAULTS_LANES ?? 3)) || 1);

/**
 * Vitest's order, but the fault files that wait minutes on a real outage (`*.faults.test.ts`: the relay down for
 * 60 s, the sweeper after a kill -9) start before the other fault files: run last, one of them alone set the
 * stage's length (on a clean clone Vitest has no durations and starts the larger files first).
 */
class LongFaultsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const fault = (f: TestSpecification) => f.project.name === 'faults';
    const long = (f: TestSpecification) => f.moduleId.endsWith('.faults.test.ts');
    const faults = sorted.filter(fault);
    return [...sorted.filter((f) => !fault(f)), ...faults.filter(long), ...faults.filter((f) => !long(f))];
  }
}

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongFaultsFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          isolate,
          testTimeout: scaled(5_000),
          hookTimeout: scaled(10_000),
        },
      },
      {
        // The web app's components with rules (wizard questions, match filters, booking modal, console tables),
        // rendered in jsdom with Testing Library; API calls answered by MSW (apps/web/test/).
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          isolate,
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          setupFiles: ['apps/web/test/setup-dom.ts'],
          testTimeout: scaled(10_000),
          hookTimeout: scaled(10_000),
        },
      },
      ...(['pglite', 'postgres'] as const).flatMap((db) => {
        const api = {
          environment: 'node' as const,
          env: { TEST_DB: db },
          globalSetup: ['apps/api/test/test-db-template.ts'],
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
          pool: 'forks' as const,
          isolate,
        };
        return [
          { test: { ...api, name: `api-${db}`, include: ['apps/api/test/**/*.test.ts'], exclude: [TIMED] } },
          // After every other file (group 1), one at a time: nothing else loads the machine while they measure.
          { test: { ...api, name: `api-${db}-timed`, include: [TIMED], maxWorkers: 1, sequence: { groupOrder: 1 } } },
        ];
      }),
      {
        test: {
          name: 'faults',
          sequence: { groupOrder: 2 },
          include: ['apps/api/test-faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(60_000),
          hookTimeout: scaled(60_000),
          pool: 'forks' as const,
          maxWorkers: FAULTS_LANES,
          env: { FAULTS_LANES: String(FAULTS_LANES) },
        },
      },
    ],
  },
});

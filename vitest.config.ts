import { defineConfig } from 'vitest/config';
import { scaled, TEST_WORKERS } from './scripts/time-factor.ts';

/**
 * Projects: `unit` (pure packages and web logic), `web` (the web app's components in jsdom) and the API integration
 * suite twice, once per database: `api-pglite` (embedded, always) and `api-postgres` (scripts/test.ts runs it when
 * PostgreSQL is reachable).
 * `faults` (`npm run test:faults`): real server processes against real PostgreSQL and Redis through TCP proxies the
 * tests cut and stall; one file at a time, since each test loads the machine on purpose.
 * Files run in `TEST_WORKERS` workers (scripts/time-factor.ts; unset, Vitest's default, one on a 2-core machine;
 * more is opt-in). Every API file has its own database copied from the run's
 * template, its own ports (0) and its own Redis key prefix, so files never share state.
 */
export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
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
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
          setupFiles: ['apps/web/test/setup-dom.ts'],
          testTimeout: scaled(10_000),
          hookTimeout: scaled(10_000),
        },
      },
      ...(['pglite', 'postgres'] as const).map((db) => ({
        test: {
          name: `api-${db}`,
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: db },
          globalSetup: ['apps/api/test/test-db-template.ts'],
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
          pool: 'forks' as const,
        },
      })),
      {
        test: {
          name: 'faults',
          include: ['apps/api/test-faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(60_000),
          hookTimeout: scaled(60_000),
          pool: 'forks' as const,
          fileParallelism: false,
        },
      },
    ],
  },
});

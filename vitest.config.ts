import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure unit tests, API integration tests (run once per database: embedded PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is reachable; scripts/test.ts decides), and web unit tests.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (pure packages and web logic) and the API integration suite twice, once per database:
 * `api-pglite` (embedded, always) and `api-postgres` (scripts/test.ts runs it when PostgreSQL is reachable).
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
      ...(['pglite', 'postgres'] as const).map((db) => ({
        test: {
          name: `api-${db}`,
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks' as const,
        },
      })),
    ],
  },
});

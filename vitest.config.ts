// Test projects: `unit` is pure code (and jsdom for web components); `int-pglite` runs the
// API integration suites on a fresh in-memory PGlite per file; `int-postgres` runs the same
// suites on the PostgreSQL server named by TEST_DATABASE_URL (only when it is set).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const integration = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `int-${engine}`,
    include: ['server/src/**/*.int.test.ts', 'server/test/**/*.int.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    // The database each file starts from, migrated once (server/test/global-setup.ts).
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core idle (cores - 1), which on a two-core
    // machine runs every file one after another: the integration suites took 732 s so and 477 s
    // with two workers, the unit suites 136 s and 86 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'server/bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      './web/vite.config.ts',
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});

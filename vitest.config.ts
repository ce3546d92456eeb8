import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry and the machine has 2 cores.
          maxWorkers: 2,
          // Each file builds its own app and database, so the files of one worker can share the
          // modules it has loaded: importing the whole app again for every file took a third of
          // the suite's time.
          isolate: false,
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          // Two built instances behind nginx on PostgreSQL and Redis (npm run test:cluster).
          name: 'cluster',
          root: './scripts/cluster',
          include: ['*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Absolute: a project's `extends` is read from the directory vitest runs in.
const WEB_CONFIG = `${import.meta.dirname}/apps/web/vite.config.ts`;

/**
 * The web tests that each need a document and module graph of their own: they start React roots
 * that no test unmounts, or load the browser's modules again.
 */
const ISOLATED_WEB_TESTS = [
  'src/islands.test.tsx',
  'src/app/early-input.test.tsx',
  'src/lib/fonts.test.ts',
  'src/lib/reads.test.tsx',
];

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
      {
        extends: WEB_CONFIG,
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_WEB_TESTS,
          // The other files of a worker share its modules and its document: a new jsdom and the
          // whole module graph for each file took half the unit tests' time (117 s against 62 s).
          // What a test renders is unmounted after it and what it stubs is restored
          // (apps/web/src/test/setup.ts); a shuffled order passes.
          isolate: false,
        },
      },
      {
        extends: WEB_CONFIG,
        test: { name: 'web-isolated', root: './apps/web', include: ISOLATED_WEB_TESTS },
      },
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

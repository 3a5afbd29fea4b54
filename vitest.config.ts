import { defineConfig } from 'vitest/config';

// One file, three projects. API tests run on one PostgreSQL server per run (global setup), each
// file in a database of its own, so files run in parallel; a worker keeps its modules between
// files (no isolation), so the app's code is loaded once per worker.
export default defineConfig({
  test: {
    // Two cores, three workers: API files wait on PostgreSQL and on the servers and processes
    // they start, and a third worker fills that waiting (the whole run 334 s against 404 s with
    // two, on this machine at 16:09 on 30 Nov; the CPU was 2.5% idle with three).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test-support/database-server.ts'],
          setupFiles: ['apps/api/test-support/file-database-hooks.ts'],
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['apps/web/scripts/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a VM context of its own: as isolated as a fresh process, without building
          // a jsdom per file the slow way (the project 100 s against 48 s on this machine on 1 Dec;
          // environment set-up 105 s against 5 s of CPU). Sharing one window between files
          // (isolate: false) was faster still, but tests then failed by the order files ran in.
          pool: 'vmForks',
          // A VM context cannot require() an ES module: recharts' CommonJS build requires Redux
          // Toolkit's, so recharts is bundled as ES modules first.
          deps: { optimizer: { client: { enabled: true, include: ['recharts'] } } },
        },
      },
    ],
  },
});

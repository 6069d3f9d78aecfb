import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/src/**/*.test.ts', 'web/app/**/*.test.{ts,tsx}', 'bench/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['server/src/test/global-setup.ts'],
    // Files run in parallel child processes; each has its own databases, folders and ports.
    pool: 'forks',
    // Vitest's default is one file per core less one: a single file at a time on the 2-core CI machine
    // (890 s). The files mostly wait on PostgreSQL, ffmpeg and child servers, so one file per core keeps
    // both cores busy. Three at a time on 2 cores was faster still (547 s) on a quiet machine, but on a
    // loaded one the heavy files (crash, outage, load balancer) then overran their timeouts.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    // processing.crash.test.ts stops PostgreSQL under a running job on purpose. When the restart outlasts
    // graphile-worker's retries, its write of the job's outcome rejects with nobody to catch it (the app
    // logs it, main.ts); the test itself checks that the job is released and completes.
    onUnhandledError(error) {
      const outage = (error as { code?: string }).code === 'ECONNREFUSED' && /graphile-worker/.test(error.stack ?? '');
      return outage ? false : undefined;
    },
    hookTimeout: 60_000,
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/src/**/*.test.ts', 'web/app/**/*.test.{ts,tsx}', 'bench/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['server/src/test/global-setup.ts'],
    // Files run in parallel child processes; each has its own databases, folders and ports.
    pool: 'forks',
    // Vitest's default is one file per core less one: a single file at a time on the 2-core CI machine.
    // The files mostly wait on PostgreSQL, ffmpeg and child servers, so one more file than cores keeps
    // the cores busy: the suite took 890 s one at a time and 547 s three at a time on 2 cores.
    maxWorkers: availableParallelism() + 1,
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

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/src/**/*.test.ts', 'web/app/**/*.test.{ts,tsx}', 'bench/src/**/*.test.ts'],
    globalSetup: ['server/src/test/global-setup.ts'],
    // Files run in parallel child processes; each has its own databases, folders and ports.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

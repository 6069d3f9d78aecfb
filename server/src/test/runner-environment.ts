import { environmentVariables } from '../config.ts';

/**
 * What the test harness takes from the environment the tests run in, read once here through config.ts
 * (which alone reads the process environment). The app under test never sees this environment: its settings
 * are what each test passes to testConfig, and child processes get `shell` alone.
 */
export interface RunnerEnvironment {
  /** A PostgreSQL server to use instead of the embedded one (CI with a service container). */
  readonly databaseUrl: string | undefined;
  /** The app's log level in tests: TEST_LOG_LEVEL=debug shows its log while debugging a test. */
  readonly appLogLevel: string;
  /**
   * What a shell would pass on to a child process. The test process's environment also holds Vitest's
   * own variables (such as BASE_URL=/, which is also one of our settings) that must not leak into the app.
   */
  readonly shell: Readonly<Partial<Record<string, string>>>;
  /** The fuzz tests' seed: a number, `random` (npm run fuzz), or unset for the fixed CI seed. */
  readonly fuzzSeed: string | undefined;
  /** Runs per fuzzed case; unset for the short CI run. */
  readonly fuzzRuns: number | undefined;
}

const SHELL_VARIABLES = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
const { DATABASE_URL, TEST_LOG_LEVEL, FUZZ_SEED, FUZZ_RUNS } = environmentVariables([
  'DATABASE_URL',
  'TEST_LOG_LEVEL',
  'FUZZ_SEED',
  'FUZZ_RUNS',
]);

export const runnerEnvironment: RunnerEnvironment = Object.freeze({
  databaseUrl: DATABASE_URL || undefined,
  appLogLevel: TEST_LOG_LEVEL ?? 'silent',
  shell: Object.freeze(environmentVariables(SHELL_VARIABLES)),
  fuzzSeed: FUZZ_SEED || undefined,
  fuzzRuns: FUZZ_RUNS ? Number(FUZZ_RUNS) : undefined,
});

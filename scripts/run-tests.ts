/**
 * `npm test`: every check of the project in order, each one's output streamed as it runs. Every step
 * runs even when an earlier one failed, except the browser tests, which need the build. The last line
 * printed is the total: `N passed, N failed` (plus `, N skipped` when tests were skipped).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { auditRuntimeDependencies } from './dependency-audit.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const VITEST_REPORT = 'test-results/vitest.json';
const PLAYWRIGHT_REPORT = 'e2e/.results/report.json';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface StepResult {
  readonly name: string;
  readonly counts: Counts;
  readonly seconds: number;
  readonly note?: string;
}

function run(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function banner(text: string) {
  console.log(`\n\x1b[1m==> ${text}\x1b[0m`);
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A step that is one test: it passes when the command exits 0. */
async function check(name: string, command: string, args: readonly string[]): Promise<StepResult> {
  banner(name);
  const started = performance.now();
  const code = await run(command, args);
  return { name, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }, seconds: elapsed(started) };
}

/**
 * A step whose tests are counted from its JSON report. A run that leaves no report, or fails without
 * failing a test (a broken file, a server that never started), counts as one failure.
 */
async function suite(
  name: string,
  command: string,
  args: readonly string[],
  report: string,
  count: (path: string) => Counts | undefined,
): Promise<StepResult> {
  banner(name);
  rmSync(`${root}${report}`, { force: true });
  const started = performance.now();
  const code = await run(command, args);
  const counts = count(report);
  if (!counts) {
    return { name, counts: { passed: 0, failed: 1, skipped: 0 }, seconds: elapsed(started), note: `no report (exit ${code})` };
  }
  let note: string | undefined;
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    note = `exited with ${code} without a failing test`;
  }
  return { name, counts, seconds: elapsed(started), note };
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}

function vitestCounts(path: string): Counts | undefined {
  const report = readJson<VitestReport>(path);
  if (!report) return undefined;
  // A file that fails to load or whose hooks fail has no failed test of its own; count it once.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
}

function playwrightCounts(path: string): Counts | undefined {
  const report = readJson<PlaywrightReport>(path);
  if (!report) return undefined;
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Errors outside tests (global set-up, the web server) fail the run without failing a test.
  const outside = unexpected === 0 && report.errors.length > 0 ? 1 : 0;
  return { passed: expected + flaky, failed: unexpected + outside, skipped };
}

/** One check: no high or critical advisory in the runtime dependencies (skipped when the registry cannot say). */
async function dependencyAudit(): Promise<StepResult> {
  const name = 'dependency audit (runtime, high+)';
  banner(name);
  const started = performance.now();
  const verdict = await auditRuntimeDependencies(root);
  const counts = { passed: 0, failed: 0, skipped: 0, [verdict.outcome]: 1 };
  const note = verdict.outcome === 'passed' ? undefined : `${verdict.outcome}: ${verdict.reason}`;
  if (note) console.log(note);
  return { name, counts, seconds: elapsed(started), note };
}

const elapsed = (started: number) => (performance.now() - started) / 1000;

const total = (counts: Counts) =>
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;

const results: StepResult[] = [];
const runStarted = performance.now();

results.push(await check('typecheck', 'npm', ['run', 'typecheck', '--silent']));
results.push(await check('lint', bin('biome'), ['check', '.']));
results.push(await dependencyAudit());

// The build comes before the vitest run: the files that start the built app (main, page cache, load
// balancer...) would otherwise each build it themselves, two at once on two cores.
banner('build');
const buildStarted = performance.now();
const buildCode = await run('npm', ['run', 'build', '--silent']);
const buildSeconds = elapsed(buildStarted);
const built = buildCode === 0 && existsSync(`${root}web/build/server/index.js`);
results.push({
  name: 'build',
  counts: { passed: 0, failed: built ? 0 : 1, skipped: 0 },
  seconds: buildSeconds,
  note: built ? undefined : 'failed',
});
results.push(
  await suite(
    'unit and integration tests (vitest)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
    VITEST_REPORT,
    vitestCounts,
  ),
);

if (built) {
  results.push(await suite('end-to-end tests (playwright)', bin('playwright'), ['test'], PLAYWRIGHT_REPORT, playwrightCounts));
} else {
  results.push({
    name: 'end-to-end tests (playwright)',
    counts: { passed: 0, failed: 0, skipped: 0 },
    seconds: 0,
    note: 'not run: no build',
  });
}

const sum: Counts = { passed: 0, failed: 0, skipped: 0 };
banner('summary');
for (const { name, counts, seconds, note } of results) {
  sum.passed += counts.passed;
  sum.failed += counts.failed;
  sum.skipped += counts.skipped;
  const what = counts.passed + counts.failed + counts.skipped > 0 ? total(counts) : '';
  console.log(`${name.padEnd(38)} ${what.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s${note ? `  (${note})` : ''}`);
}
console.log(`${'total'.padEnd(38)} ${''.padEnd(34)} ${elapsed(runStarted).toFixed(1).padStart(6)} s`);
console.log(total(sum));
process.exitCode = sum.failed > 0 ? 1 : 0;

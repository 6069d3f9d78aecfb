import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Entry, entries } from './entries.ts';
import { FIRST_LOAD_JS_BUDGET_BYTES, measureFirstLoadJs } from './first-load-js.ts';
import { check, type LoadOptions, load, type Measurement } from './load.ts';
import { runBench } from './run-bench.ts';
import { appLogFile, startApp, startBaseline, startRrBaseline, stopAll } from './servers.ts';
import { runStudioCase, STUDIO_ENTRY_NAMES, STUDIO_JUDGED_CONNECTIONS, STUDIO_P99_TARGET_MS } from './studio-bench.ts';

const usage = `Usage: node bench/src/run.ts [--duration <s>] [--connections <n>] [--only <name>[,<name>]] [--quick]
                                 [--studio-http-processes <n>]
  --duration     seconds of load per entry (default 10; 3 with --quick)
  --connections  concurrent connections (default 50)
  --studio-http-processes  the studio case app's HTTP_PROCESSES (default 0: one per core, as deployed)
  --only         run only these entries (repeatable): ${[...entries.map((entry) => entry.name), ...STUDIO_ENTRY_NAMES].join(', ')}
  --quick        short run for a smoke check`;

interface Row {
  readonly name: string;
  readonly connections: number;
  readonly method: string;
  readonly path: string;
  readonly measurement?: Measurement;
  readonly ratio?: number;
  readonly problem?: string;
}

const baselineEntry: Entry = { name: 'fastify-hello', method: 'GET', path: '/', expect: { bodyIncludes: 'hello' } };
/** The trivial React Router page (bench/rr-baseline), requested as `ssr-*` entries are. */
const trivialPageEntry: Entry = { name: 'rr-trivial-page', method: 'GET', path: '/', expect: { bodyIncludes: 'trivial' } };
/** Issue 23: a server-rendered page should serve at least half the trivial page's requests a second. */
const TRIVIAL_PAGE_TARGET = 0.5;
const resultsFile = resolve(import.meta.dirname, '../.results/latest.json');
const interruption = new AbortController();

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string', multiple: true },
      quick: { type: 'boolean', default: false },
      'studio-http-processes': { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const seconds = positiveInteger('--duration', values.duration ?? (values.quick ? '3' : '10'));
  const connections = positiveInteger('--connections', values.connections ?? '50');
  const names = values.only?.flatMap((value) => value.split(',')) ?? [];
  const known = (name: string) =>
    entries.some((entry) => entry.name === name) || STUDIO_ENTRY_NAMES.some((studio) => studio === name);
  const unknown = names.filter((name) => !known(name));
  if (unknown.length) fail(`Unknown entry ${unknown.join(', ')}.\n${usage}`);
  return {
    load: { seconds, connections } satisfies LoadOptions,
    // Warms the JIT, the pool and the caches so the first measured second is like the last.
    warmUp: { seconds: values.quick ? 1 : 3, connections } satisfies LoadOptions,
    selected: names.length ? entries.filter((entry) => names.includes(entry.name)) : entries,
    studio: new Set<string>(STUDIO_ENTRY_NAMES.filter((name) => !names.length || names.includes(name))),
    studioHttpProcesses: values['studio-http-processes'],
  };
}

function positiveInteger(flag: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    fail(`${flag} must be a positive integer, got ${JSON.stringify(value)}.\n${usage}`);
  return number;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Entries run one after another: on two cores, concurrent loads would measure each other. */
async function measure(baseUrl: string, entry: Entry, options: Options, baseline?: number): Promise<Row> {
  const row = { name: entry.name, connections: options.load.connections, method: entry.method, path: entry.path };
  const problem = await check(baseUrl, entry, interruption.signal);
  if (problem) return { ...row, problem: `check failed: ${problem}` };
  process.stderr.write(`${entry.name}: warm-up ${options.warmUp.seconds} s, load ${options.load.seconds} s\n`);
  await load(baseUrl, entry, options.warmUp, interruption.signal);
  const measurement = await load(baseUrl, entry, options.load, interruption.signal);
  const ratio = baseline ? measurement.requestsPerSecond / baseline : 1;
  const failed = measurement.errors || measurement.non2xx;
  return {
    ...row,
    measurement,
    ratio,
    problem: failed
      ? `${measurement.errors} errors (${measurement.timeouts} timeouts), ${measurement.non2xx} non-2xx`
      : undefined,
  };
}

type Options = ReturnType<typeof parseOptions>;

/** The same options at another concurrency (load and warm-up). */
function atConnections(options: Options, connections: number): Options {
  return { ...options, load: { ...options.load, connections }, warmUp: { ...options.warmUp, connections } };
}

function table(rows: readonly Row[]): string {
  const head = ['name', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'non-2xx', 'errors'];
  const body = rows.map(({ name, connections, measurement: m, ratio }) =>
    m
      ? [
          name,
          String(connections),
          Math.round(m.requestsPerSecond).toLocaleString('en'),
          String(m.p50Ms),
          String(m.p99Ms),
          ratio!.toFixed(3),
          String(m.non2xx),
          String(m.errors),
        ]
      : [name, String(connections), '-', '-', '-', '-', '-', '-'],
  );
  const widths = head.map((_, column) => Math.max(...[head, ...body].map((cells) => cells[column]!.length)));
  return [head, ...body]
    .map((cells) =>
      cells.map((cell, column) => (column ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  '),
    )
    .join('\n');
}

/** The trivial React Router page, built and served beside the app (servers.ts), then stopped. */
async function measureTrivialPage(options: Options, baseline: number): Promise<Row> {
  process.stderr.write('building and starting the trivial React Router page…\n');
  const server = await startRrBaseline();
  try {
    return await measure(server.url, trivialPageEntry, options, baseline);
  } finally {
    await server.stop();
  }
}

/** The demo app's entries, then the first-load JavaScript of its home page. */
async function measureDemo(url: string, options: Options, baseline: number, rows: Row[]) {
  for (const entry of options.selected) rows.push(await measure(url, entry, options, baseline));
  return measureFirstLoadJs(url, interruption.signal);
}

/**
 * The studio case at each judged concurrency (p99 against the target) and at `--connections` (throughput,
 * not judged), each row's ratio against the bare hello at the same concurrency in this run.
 */
async function measureStudio(options: Options, baselineUrl: string, baselineRow: Row): Promise<Row[]> {
  const levels = [...new Set<number>([...STUDIO_JUDGED_CONNECTIONS, options.load.connections])];
  const baselines = new Map([[options.load.connections, baselineRow.measurement!.requestsPerSecond]]);
  const rows: Row[] = [];
  for (const connections of levels.filter((level) => !baselines.has(level))) {
    const row = await measure(baselineUrl, baselineEntry, atConnections(options, connections));
    if (!row.measurement || row.problem) throw new Error(`baseline at ${connections} connections failed: ${row.problem}`);
    baselines.set(connections, row.measurement.requestsPerSecond);
    rows.push(row);
  }
  process.stderr.write(
    `studio case: 1M posts, 10M view events (bench/.data/pg, the first run builds it), HTTP_PROCESSES=${options.studioHttpProcesses}…\n`,
  );
  const judged = new Set<number>(STUDIO_JUDGED_CONNECTIONS);
  const studioRows = await runStudioCase(
    options.studio,
    async (url, entry) => {
      const entryRows: Row[] = [];
      for (const connections of levels)
        entryRows.push(await measure(url, entry, atConnections(options, connections), baselines.get(connections)));
      return entryRows;
    },
    options.studioHttpProcesses,
  );
  for (const row of studioRows.flat()) {
    const p99 = row.measurement?.p99Ms ?? 0;
    const missed = judged.has(row.connections) && p99 >= STUDIO_P99_TARGET_MS;
    rows.push(missed ? { ...row, problem: row.problem ?? `p99 ${p99} ms, target < ${STUDIO_P99_TARGET_MS} ms` } : row);
  }
  return rows;
}

async function main() {
  const options = parseOptions();
  // Other work on this box skews every figure, the baseline included; the header shows how busy it was.
  const loadAverage = loadavg()[0]!.toFixed(2);
  // `--only` with studio entries alone needs no demo app (nor its first seeding): its first-load check is skipped.
  const demo = options.selected.length > 0;
  process.stderr.write('starting the bare Fastify baseline and the app (bench/.data; the first run seeds it)…\n');
  const [baselineServer, app] = await Promise.all([startBaseline(), demo ? startApp() : undefined]);

  const baselineRow = await measure(baselineServer.url, baselineEntry, options);
  const baseline = baselineRow.measurement?.requestsPerSecond;
  if (!baseline || baselineRow.problem) throw new Error(`baseline failed: ${baselineRow.problem}`);
  const rows = [baselineRow];
  const pages = options.selected.filter((entry) => entry.name.startsWith('ssr-'));
  const trivialPage = pages.length ? await measureTrivialPage(options, baseline) : undefined;
  if (trivialPage) rows.push(trivialPage);
  const firstLoad = app && (await measureDemo(app.url, options, baseline, rows));
  // The studio case's PostgreSQL keeps its data in the demo app's folder: one of them runs at a time.
  await app?.stop();
  if (options.studio.size) rows.push(...(await measureStudio(options, baselineServer.url, baselineRow)));

  console.log(
    `\nVelvet bench: ${options.load.connections} connections, ${options.load.seconds} s per entry, ` +
      `Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadAverage} at start (${loadavg()[0]!.toFixed(2)} at the end); ` +
      `ratio = req/s ÷ ${baselineEntry.name} at the same connections\n`,
  );
  if (options.studio.size)
    console.log(
      `studio rows: p99 judged against < ${STUDIO_P99_TARGET_MS} ms at ${STUDIO_JUDGED_CONNECTIONS.join(' and ')} connections ` +
        `(one creator's private page); at ${options.load.connections} connections throughput only\n`,
    );
  console.log(table(rows));
  const trivialRate = trivialPage?.measurement?.requestsPerSecond;
  if (trivialRate)
    for (const row of rows.filter((row) => pages.some((page) => page.name === row.name) && row.measurement)) {
      const share = row.measurement!.requestsPerSecond / trivialRate;
      console.log(
        `${row.name} ÷ ${trivialPageEntry.name}: ${share.toFixed(2)} (issue 23's target ≥ ${TRIVIAL_PAGE_TARGET.toFixed(2)}: ${share >= TRIVIAL_PAGE_TARGET ? 'met' : 'not met'})`,
      );
    }
  const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  if (firstLoad)
    console.log(
      `\nfirst-load JavaScript of /: ${kilobytes(firstLoad.totalGzipBytes)} gzip (${kilobytes(firstLoad.totalBytes)} raw) in ` +
        `${firstLoad.scripts.length} files; budget ${kilobytes(FIRST_LOAD_JS_BUDGET_BYTES)} gzip, ratio ${(firstLoad.totalGzipBytes / FIRST_LOAD_JS_BUDGET_BYTES).toFixed(2)}`,
    );
  mkdirSync(resolve(resultsFile, '..'), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: availableParallelism(), loadAverage, ...options.load, rows, firstLoad }, null, 2)}\n`,
  );
  console.log(`\nresults: ${resultsFile}`);

  const failed = rows.filter((row) => row.problem);
  for (const row of failed) console.error(`FAILED ${row.name} (${row.method} ${row.path}): ${row.problem}`);
  const overBudget = firstLoad !== undefined && !firstLoad.withinBudget;
  if (overBudget) console.error(`FAILED first-load JavaScript is over its ${kilobytes(FIRST_LOAD_JS_BUDGET_BYTES)} budget`);
  if (failed.length || overBudget) {
    console.error(`app log: ${appLogFile}`);
    process.exitCode = 1;
  }
}

await runBench(main, stopAll, interruption);

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EmbeddedDatabase } from '../../server/src/db/embedded.ts';
import { benchDataDir, databaseUrl, datasetDatabase, startBenchPostgres, withClient } from './data/bench-database.ts';
import type { Entry } from './entries.ts';
import { check, load, type Measurement } from './load.ts';
import { runBench } from './run-bench.ts';
import { startBaseline, stopAll } from './servers.ts';

/**
 * Feed benchmarks (`npm run bench:feed`): GET /api/post/ as the home, tag and profile feeds, against the
 * datasets of `npm run bench:data` (10k and 1M posts by default). Each dataset gets its own app process on
 * the bench's embedded PostgreSQL; the bare Fastify baseline runs in the same run, so ratios compare.
 * Requests carry an anonymous visitor token in the `anonymous` cookie, as every browser does after its first
 * call, so the home mix runs its per-visitor seen lookup, and Chrome's Accept-Encoding, so answers are
 * compressed as browsers get them. Every list request asks for its own snapshot `t` (Entry.uncached), so the figures say what the
 * lists cost the database. Two more rows per dataset show the tag and profile lists as visitors are served
 * them, from the 60 s response cache (a visitor's home mix is their own and never cached). A second baseline
 * row, `fastify-page`, is bare Fastify answering a pre-encoded body of a feed page's size, so the cost of
 * moving that much data is visible beside `fastify-hello`'s 17 bytes (an upper bound: the feed answers travel
 * compressed, at about a tenth of that). Per dataset, `fastify-db-*` rows are bare Fastify answering the two
 * tag lists and the profile list through the app's own repository (the same two queries, none of the app's
 * plugins): the app's rows divided by these say what the app adds to the database's work.
 */
const usage = `Usage: node bench/src/feed-bench.ts [--datasets 10000,1000000] [--duration <s>] [--connections <n>] [--quick]`;
const root = resolve(import.meta.dirname, '../..');
const resultsFile = resolve(root, 'bench/.results/feed.json');
const appLog = resolve(benchDataDir, 'feed-app.log');
const P99_GROWTH_TARGET = 1.5;
const RATIO_TARGET = 0.5;
const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const interruption = new AbortController();
let app: ChildProcess | undefined;

function options() {
  const { values } = parseArgs({
    options: {
      datasets: { type: 'string', default: '10000,1000000' },
      duration: { type: 'string' },
      connections: { type: 'string', default: '50' },
      quick: { type: 'boolean', default: false },
    },
  });
  const datasets = values.datasets.split(',').map(Number);
  const seconds = Number(values.duration ?? (values.quick ? 3 : 10));
  const connections = Number(values.connections);
  if (datasets.some((size) => !Number.isInteger(size) || size < 1) || !(seconds > 0) || !(connections > 0)) {
    console.error(usage);
    process.exit(2);
  }
  return { datasets, load: { seconds, connections }, warmUp: { seconds: values.quick ? 1 : 3, connections } };
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** The built app on one dataset's database, API and pages as `npm start` serves them, without the worker. */
async function startApp(url: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(root, 'server/src/main.ts'), 'app'], {
    cwd: root,
    stdio: ['ignore', openSync(appLog, 'a'), openSync(appLog, 'a')],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: benchDataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // A page load without cookies mints a visitor token: every one of them, as for distinct visitors.
      VISITOR_TOKENS_PER_ADDRESS: '100000000',
    },
  });
  app = child;
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with code ${child.exitCode}; see ${appLog}`);
    if (
      await fetch(`${base}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return base;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`app not ready after 60 s; see ${appLog}`);
}

async function stopApp() {
  const child = app;
  app = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Ids the entries ask for: a hot tag (about 2% of posts), a mid one (0.15%) and one creator. */
async function targets(url: string) {
  return withClient(url, async (client) => {
    const tag = async (name: string) =>
      (await client.query<{ id: string }>('SELECT id FROM tags WHERE tag = $1', [name])).rows[0]?.id;
    const user = (await client.query<{ id: string }>("SELECT id FROM users WHERE username = 'bench_u7'")).rows[0]?.id;
    return { hotTag: await tag('bt2'), midTag: await tag('bt100'), user };
  });
}

async function visitorToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/anonymous-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface Row {
  readonly dataset: string;
  readonly name: string;
  readonly path: string;
  readonly measurement: Measurement;
  readonly ratio: number;
}

async function measure(base: string, entry: Entry, opts: ReturnType<typeof options>): Promise<Measurement> {
  const problem = await check(base, entry, interruption.signal);
  if (problem) throw new Error(`${entry.name}: check failed: ${problem}`);
  process.stderr.write(`${entry.name}: warm-up ${opts.warmUp.seconds} s, load ${opts.load.seconds} s\n`);
  await load(base, entry, opts.warmUp, interruption.signal);
  const measurement = await load(base, entry, opts.load, interruption.signal);
  if (measurement.errors || measurement.non2xx)
    throw new Error(`${entry.name}: ${measurement.errors} errors, ${measurement.non2xx} non-2xx`);
  return measurement;
}

function table(rows: readonly Row[]): string {
  const head = ['dataset', 'name', 'req/s', 'p50 ms', 'p99 ms', 'ratio'];
  const body = rows.map((row) => [
    row.dataset,
    row.name,
    Math.round(row.measurement.requestsPerSecond).toLocaleString('en'),
    String(row.measurement.p50Ms),
    String(row.measurement.p99Ms),
    row.ratio.toFixed(3),
  ]);
  const widths = head.map((_, column) => Math.max(...[head, ...body].map((cells) => (cells[column] as string).length)));
  return [head, ...body]
    .map((cells) =>
      cells
        .map((cell, column) => (column > 1 ? cell.padStart(widths[column] as number) : cell.padEnd(widths[column] as number)))
        .join('  '),
    )
    .join('\n');
}

async function main() {
  const opts = options();
  const loadAverage = loadavg()[0]?.toFixed(2);
  mkdirSync(benchDataDir, { recursive: true });
  const baseline = await startBaseline();
  const database: EmbeddedDatabase = await startBenchPostgres();
  const rows: Row[] = [];
  try {
    const hello = await measure(
      baseline.url,
      { name: 'fastify-hello', method: 'GET', path: '/', expect: { bodyIncludes: 'hello' } },
      opts,
    );
    rows.push({ dataset: '-', name: 'fastify-hello', path: '/', measurement: hello, ratio: 1 });
    const page = await measure(
      baseline.url,
      { name: 'fastify-page', method: 'GET', path: '/page', expect: { bodyIncludes: '"statusCode":2' } },
      opts,
    );
    rows.push({
      dataset: '-',
      name: 'fastify-page',
      path: '/page',
      measurement: page,
      ratio: page.requestsPerSecond / hello.requestsPerSecond,
    });
    for (const size of opts.datasets) {
      const name = datasetDatabase(size);
      const url = databaseUrl(database, name);
      const ids = await targets(url).catch(() => undefined);
      if (!ids?.hotTag || !ids.midTag || !ids.user)
        throw new Error(`${name} is missing: run npm run bench:data -- --posts ${size}`);
      const sameWork = await startBaseline(url);
      try {
        for (const [entryName, filter] of [
          ['fastify-db-tag-hot', `tagId=${ids.hotTag}`],
          ['fastify-db-tag-mid', `tagId=${ids.midTag}`],
          ['fastify-db-profile', `userId=${ids.user}`],
        ] as const) {
          const path = `/posts?${filter}`;
          const entry = {
            name: entryName,
            method: 'GET',
            path,
            uncached: true,
            expect: { bodyIncludes: '"statusCode":2' },
          } as const;
          const measurement = await measure(sameWork.url, entry, opts);
          rows.push({
            dataset: name,
            name: entryName,
            path,
            measurement,
            ratio: measurement.requestsPerSecond / hello.requestsPerSecond,
          });
        }
      } finally {
        await sameWork.stop();
      }
      const base = await startApp(url);
      try {
        const headers = {
          // In the cookie, as browsers send it: any Authorization header keeps a request out of the cache.
          cookie: `anonymous=${await visitorToken(base)}`,
          language: 'en-US',
          'accept-encoding': CHROME_ACCEPT_ENCODING,
        };
        const expect = { bodyIncludes: '"statusCode":2' };
        const list = { method: 'GET', headers, expect, uncached: true } as const;
        const entries: Entry[] = [
          { name: 'feed-home', path: '/api/post/?limit=20', ...list },
          { name: 'feed-tag-hot', path: `/api/post/?tagId=${ids.hotTag}&limit=20`, ...list },
          { name: 'feed-tag-mid', path: `/api/post/?tagId=${ids.midTag}&limit=20`, ...list },
          { name: 'feed-profile', path: `/api/post/?userId=${ids.user}&limit=20`, ...list },
          { name: 'feed-tag-hot-cached', path: `/api/post/?tagId=${ids.hotTag}&limit=20`, ...list, uncached: false },
          { name: 'feed-profile-cached', path: `/api/post/?userId=${ids.user}&limit=20`, ...list, uncached: false },
        ];
        for (const entry of entries) {
          const measurement = await measure(base, entry, opts);
          rows.push({
            dataset: name,
            name: entry.name,
            path: entry.path,
            measurement,
            ratio: measurement.requestsPerSecond / hello.requestsPerSecond,
          });
        }
      } finally {
        await stopApp();
      }
    }
  } finally {
    await database.stop();
  }

  console.log(
    `\nVelvet feed bench: ${opts.load.connections} connections, ${opts.load.seconds} s per entry, Node ${process.version}, ` +
      `${availableParallelism()} CPUs, load average ${loadAverage} at start; ratio = req/s ÷ fastify-hello\n`,
  );
  console.log(table(rows));
  const [small, large] = [datasetDatabase(opts.datasets[0] as number), datasetDatabase(opts.datasets.at(-1) as number)];
  const growth = rows
    .filter((row) => row.dataset === large && small !== large && row.name.startsWith('feed-') && !row.name.endsWith('-cached'))
    .map((row) => {
      const before = rows.find((other) => other.dataset === small && other.name === row.name);
      return { name: row.name, p99Growth: before ? row.measurement.p99Ms / Math.max(before.measurement.p99Ms, 1) : Number.NaN };
    });
  if (growth.length) {
    console.log(`\np99 growth ${small} → ${large} (target ≤ ${P99_GROWTH_TARGET}×), ratio target ≥ ${RATIO_TARGET}:`);
    for (const { name, p99Growth } of growth) console.log(`  ${name.padEnd(14)} ${p99Growth.toFixed(2)}×`);
  }
  const overhead = opts.datasets.map(datasetDatabase).flatMap((dataset) =>
    (['tag-hot', 'tag-mid', 'profile'] as const).map((list) => {
      const app = rows.find((row) => row.dataset === dataset && row.name === `feed-${list}`);
      const bare = rows.find((row) => row.dataset === dataset && row.name === `fastify-db-${list}`);
      return {
        dataset,
        list,
        ratio: app && bare ? app.measurement.requestsPerSecond / bare.measurement.requestsPerSecond : Number.NaN,
      };
    }),
  );
  console.log('\nthe app ÷ bare Fastify running the same page queries (fastify-db-*), uncached:');
  for (const { dataset, list, ratio } of overhead) console.log(`  ${dataset.padEnd(16)} ${list.padEnd(8)} ${ratio.toFixed(2)}`);
  mkdirSync(resolve(resultsFile, '..'), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: availableParallelism(), loadAverage, ...opts.load, rows, growth, overhead }, null, 2)}\n`,
  );
  console.log(`\nresults: ${resultsFile}`);
}

await runBench(
  main,
  async () => {
    await stopApp();
    await stopAll();
  },
  interruption,
);

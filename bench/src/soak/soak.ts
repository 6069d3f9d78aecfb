import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runFfmpeg } from '../../../server/src/media/ffmpeg.ts';
import { startBenchPostgres } from '../data/bench-database.ts';
import { load } from '../load.ts';
import { dataDir, type Server, startApp, startBaseline, stopAll } from '../servers.ts';
import { EndpointRecorder, endpointTable, percentile, treeRssMb } from './endpoint-figures.ts';
import { type MixDatabase, prepareMixDatabase } from './mix-database.ts';
import {
  type Credentials,
  demoAccounts,
  type NamedStep,
  nextStep,
  type Outcome,
  prepareWorld,
  renewSessions,
  type Sample,
  upload,
  type World,
} from './workload.ts';

/**
 * `npm run soak` and `npm run bench:mix`: the built app under the mixed workload (workload.ts) for a long
 * time at half the rate it can serve. First a bare Fastify hello is measured at as many connections as there
 * are simulated users, in the same run, as the baseline. Then the app's capacity: every simulated user sends
 * its next step as soon as the last one is answered. Then steps go out at half that rate, open loop, with one
 * line per interval (steps, errors, p50/p99, the resident memory of the app and the processes it started,
 * PostgreSQL's connection count), and at the end each endpoint's req/s, p50/p99 and error rate.
 * The run fails on any error or when memory grows by 50 MB or more from the first interval to the last.
 *
 * `--posts 0` (the soak) runs on the demo content; `--posts 1000000` (bench:mix) on a scratch copy of that
 * feed dataset (mix-database.ts), with two HTTP processes, as a production node would.
 */
const usage =
  'Usage: npm run soak -- [--minutes 30] [--interval 60] [--capacity-seconds 60] [--users 16] [--posts 0|1000000] [--http-processes 1]';
const UPLOAD_EVERY_MS = 120_000;
/** Well inside the access tokens' lifetime. */
const RENEW_SESSIONS_MS = 5 * 60_000;
/** Open loop, but not unbounded: a stalled server must show as errors and latency, not as a pile of sockets. */
const MAX_IN_FLIGHT = 256;
const BASELINE_SECONDS = 10;
/** Issue 23: the mixed load holds its memory flat. */
const RSS_GROWTH_LIMIT_MB = 50;

interface Interval {
  minute: number;
  steps: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  rssMb: number;
  pgConnections: number;
}

interface Target {
  readonly server: Server;
  readonly adminUrl: string;
  readonly accounts: readonly Credentials[];
  readonly sample?: Sample;
  stop(): Promise<void>;
}

async function timed(world: World, step: NamedStep) {
  const started = performance.now();
  const outcome = await step.run(world);
  return { name: step.name, outcome, ms: performance.now() - started };
}

/** Closed loop with `users` simulated users for `seconds`: steps per second the app sustains. */
async function measureCapacity(world: World, users: number, seconds: number, endpoints: EndpointRecorder): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let steps = 0;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (Date.now() < until) {
        const { name, outcome, ms } = await timed(world, nextStep());
        endpoints.record(name, ms, outcome.ok);
        steps++;
      }
    }),
  );
  return steps / seconds;
}

async function makeClip(): Promise<Buffer> {
  const work = mkdtempSync(join(tmpdir(), 'velvet-soak-'));
  try {
    await runFfmpeg([
      '-y', '-f', 'lavfi', '-i', 'testsrc2=s=540x960:r=30:d=3', '-f', 'lavfi', '-i', 'sine=d=3',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
      '-movflags', '+faststart', join(work, 'clip.mp4'),
    ]); // biome-ignore format: one ffmpeg command reads best as it would be typed
    return readFileSync(join(work, 'clip.mp4'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const NO_UPLOAD_QUOTA = { UPLOAD_BYTES_PER_DAY: String(1024 ** 4) };

async function startTarget(posts: number, users: number, httpProcesses: number): Promise<Target> {
  if (posts === 0) {
    process.stderr.write('starting the app (bench/.data; the first start seeds the demo content)…\n');
    const server = await startApp({ ...NO_UPLOAD_QUOTA, HTTP_PROCESSES: String(httpProcesses) });
    const password = readFileSync(join(dataDir, 'pg', 'velvet-password'), 'utf8').trim();
    const adminUrl = `postgres://postgres:${password}@127.0.0.1:54470/postgres`;
    return { server, adminUrl, accounts: demoAccounts(users), stop: () => server.stop() };
  }
  const database = await startBenchPostgres();
  let mix: MixDatabase | undefined;
  try {
    mix = await prepareMixDatabase(database, posts, users);
    process.stderr.write(`starting the app on ${posts.toLocaleString('en')} posts…\n`);
    const server = await startApp({
      ...NO_UPLOAD_QUOTA,
      DATABASE_URL: mix.url,
      SEED_DEMO: 'false',
      HTTP_PROCESSES: String(httpProcesses),
    });
    const scratch = mix;
    return {
      server,
      adminUrl: database.url,
      accounts: scratch.accounts,
      sample: scratch.sample,
      stop: async () => {
        await server.stop();
        await scratch.drop();
        await database.stop();
      },
    };
  } catch (error) {
    await mix?.drop().catch(() => undefined);
    await database.stop();
    throw error;
  }
}

/** The bare Fastify hello at `connections`, the same run's yardstick. */
async function measureBaseline(connections: number): Promise<number> {
  const baseline = await startBaseline();
  try {
    const hello = { name: 'fastify-hello', method: 'GET', path: '/', expect: { bodyIncludes: 'hello' } } as const;
    const measured = await load(baseline.url, hello, { connections, seconds: BASELINE_SECONDS }, new AbortController().signal);
    return measured.requestsPerSecond;
  } finally {
    await baseline.stop();
  }
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '30' },
      interval: { type: 'string', default: '60' },
      'capacity-seconds': { type: 'string', default: '60' },
      users: { type: 'string', default: '16' },
      posts: { type: 'string', default: '0' },
      'http-processes': { type: 'string', default: '1' },
    },
  });
  const options = {
    minutes: Number(values.minutes),
    intervalSeconds: Number(values.interval),
    capacitySeconds: Number(values['capacity-seconds']),
    users: Number(values.users),
    posts: Number(values.posts),
    httpProcesses: Number(values['http-processes']),
  };
  const positive = [options.minutes, options.intervalSeconds, options.capacitySeconds, options.users, options.httpProcesses];
  if (!positive.every((n) => Number.isFinite(n) && n > 0) || !Number.isInteger(options.posts) || options.posts < 0) {
    console.error(usage);
    process.exit(2);
  }
  return options;
}

async function main() {
  const options = parseOptions();
  const { minutes, intervalSeconds, capacitySeconds, users } = options;
  const loadAtStart = loadavg().map((n) => n.toFixed(2));
  const resultsFile = resolve(import.meta.dirname, `../../.results/${options.posts === 0 ? 'soak' : 'mix'}.json`);
  const clip = await makeClip();
  process.stderr.write(`measuring the baseline: bare Fastify hello, ${users} connections, ${BASELINE_SECONDS} s…\n`);
  const hello = await measureBaseline(users);
  const target = await startTarget(options.posts, users, options.httpProcesses);
  const pid = target.server.pid as number;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  const pgConnections = async () =>
    Number(
      (await admin.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'"))
        .rows[0]?.n,
    );
  try {
    const world = await prepareWorld(target.server.url, target.accounts, clip, target.sample);
    process.stderr.write(`measuring capacity: ${users} users, no think time, ${capacitySeconds} s…\n`);
    const atCapacity = new EndpointRecorder();
    const capacity = await measureCapacity(world, users, capacitySeconds, atCapacity);
    const rate = capacity / 2;
    const dataset = options.posts === 0 ? 'demo content' : `${options.posts.toLocaleString('en')} posts`;
    console.log(
      `\nVelvet ${options.posts === 0 ? 'soak' : 'mix'}: ${dataset}, ${options.httpProcesses} HTTP process(es), Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadAtStart.join(' ')} at start`,
    );
    console.log(
      `baseline: fastify-hello ${Math.round(hello).toLocaleString('en')} req/s at ${users} connections; capacity ${capacity.toFixed(1)} steps/s (ratio ${(capacity / hello).toFixed(3)})`,
    );
    console.log(
      `\nat capacity (closed loop, ${users} users, ${capacitySeconds} s):\n${endpointTable(atCapacity.figures(capacitySeconds))}`,
    );
    console.log(`\nsoaking at ${rate.toFixed(1)} steps/s for ${minutes} min\n`);
    console.log('minute  steps  errors  p50 ms  p99 ms  rss MB  pg conns  load');

    const intervals: Interval[] = [];
    const problems = new Map<string, number>();
    const endpoints = new EndpointRecorder();
    let latencies: number[] = [];
    let steps = 0;
    let errors = 0;
    let inFlight = 0;
    const record = ({ name, outcome, ms }: { name: string; outcome: Outcome; ms: number }) => {
      latencies.push(ms);
      endpoints.record(name, ms, outcome.ok);
      steps++;
      if (!outcome.ok) {
        errors++;
        const problem = outcome.problem ?? 'unknown';
        problems.set(problem, (problems.get(problem) ?? 0) + 1);
      }
    };
    const fire = (step: NamedStep) => {
      if (inFlight >= MAX_IN_FLIGHT) {
        record({ name: step.name, outcome: { ok: false, problem: `more than ${MAX_IN_FLIGHT} steps waiting` }, ms: 0 });
        return;
      }
      inFlight++;
      void timed(world, step)
        .then(record)
        .finally(() => inFlight--);
    };
    const started = Date.now();
    const end = started + minutes * 60_000;
    let owed = 0;
    let lastTick = Date.now();
    const ticker = setInterval(() => {
      const now = Date.now();
      owed += ((now - lastTick) / 1000) * rate;
      lastTick = now;
      for (; owed >= 1; owed--) fire(nextStep());
    }, 20);
    const uploader = setInterval(() => fire(upload), UPLOAD_EVERY_MS);
    const renewer = setInterval(
      () =>
        void renewSessions(world).catch((error: Error) =>
          record({ name: 'login', outcome: { ok: false, problem: `login: ${error.message}` }, ms: 0 }),
        ),
      RENEW_SESSIONS_MS,
    );
    fire(upload);
    let minute = 0;
    while (Date.now() < end) {
      await new Promise((done) => setTimeout(done, Math.min(intervalSeconds * 1000, end - Date.now())));
      minute += intervalSeconds / 60;
      const sorted = latencies.sort((a, b) => a - b);
      const row: Interval = {
        minute: Number(minute.toFixed(1)),
        steps,
        errors,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        rssMb: Math.round(treeRssMb(pid)),
        pgConnections: await pgConnections(),
      };
      intervals.push(row);
      console.log(
        `${String(row.minute).padStart(6)} ${String(row.steps).padStart(6)} ${String(row.errors).padStart(7)} ${String(row.p50Ms).padStart(7)} ${String(row.p99Ms).padStart(7)} ${String(row.rssMb).padStart(7)} ${String(row.pgConnections).padStart(9)}  ${loadavg()[0]?.toFixed(2)}`,
      );
      latencies = [];
      steps = 0;
      errors = 0;
    }
    clearInterval(ticker);
    clearInterval(uploader);
    clearInterval(renewer);
    while (inFlight > 0) await new Promise((done) => setTimeout(done, 100));
    const seconds = (Date.now() - started) / 1000;

    const totalErrors = intervals.reduce((sum, row) => sum + row.errors, 0) + errors;
    const totalSteps = intervals.reduce((sum, row) => sum + row.steps, 0) + steps;
    const range = (pick: (row: Interval) => number) => {
      const list = intervals.map(pick);
      return `${Math.min(...list)}..${Math.max(...list)}`;
    };
    const rssGrowthMb = (intervals.at(-1)?.rssMb ?? 0) - (intervals[0]?.rssMb ?? 0);
    const flat = rssGrowthMb < RSS_GROWTH_LIMIT_MB;
    const byEndpoint = endpoints.figures(seconds);
    console.log(`\nper endpoint over the soak (${minutes} min):\n${endpointTable(byEndpoint)}`);
    console.log(`\nsteps ${totalSteps}, errors ${totalErrors} (${totalErrors === 0 ? 'OK: 0 errors' : 'FAIL'})`);
    console.log(
      `rss MB ${range((row) => row.rssMb)}, growth ${rssGrowthMb} MB first to last interval (${flat ? 'OK' : 'FAIL'}: < ${RSS_GROWTH_LIMIT_MB}); pg connections ${range((row) => row.pgConnections)}, p99 ms ${range((row) => row.p99Ms)}`,
    );
    for (const [problem, count] of problems) console.log(`  ${count}× ${problem}`);
    mkdirSync(resolve(resultsFile, '..'), { recursive: true });
    const summary = { ...options, hello, capacity, rate, loadAtStart, totalSteps, totalErrors, rssGrowthMb };
    const figures = { atCapacity: atCapacity.figures(capacitySeconds), soak: byEndpoint };
    const details = { problems: Object.fromEntries(problems), intervals, endpoints: figures };
    writeFileSync(resultsFile, JSON.stringify({ ...summary, ...details }, null, 2));
    process.exitCode = totalErrors === 0 && flat ? 0 : 1;
  } finally {
    await admin.end();
    await target.stop();
  }
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
await main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { runFfmpeg } from '../../../server/src/media/ffmpeg.ts';
import { dataDir, startApp, stopAll } from '../servers.ts';
import { nextStep, type Outcome, prepareWorld, renewSessions, upload, type World } from './workload.ts';

/**
 * `npm run soak`: the built app under the mixed workload (workload.ts) for a long time at half the rate it
 * can serve. First it measures that capacity (every simulated user sends its next step as soon as the last
 * one is answered), then it sends steps at half that rate, open loop, and prints one line per interval:
 * steps, errors, p50/p99, the app's RSS and PostgreSQL's connection count. The run fails on any error.
 */
const usage = 'Usage: npm run soak -- [--minutes 30] [--interval 60] [--capacity-seconds 60] [--users 16]';
const resultsFile = resolve(import.meta.dirname, '../../.results/soak.json');
const UPLOAD_EVERY_MS = 120_000;
/** Well inside the access tokens' lifetime. */
const RENEW_SESSIONS_MS = 5 * 60_000;
/** Open loop, but not unbounded: a stalled server must show as errors and latency, not as a pile of sockets. */
const MAX_IN_FLIGHT = 256;

interface Interval {
  minute: number;
  steps: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  rssMb: number;
  pgConnections: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function timed(world: World, step: (world: World) => Promise<Outcome>) {
  const started = performance.now();
  const outcome = await step(world);
  return { outcome, ms: performance.now() - started };
}

/** Closed loop with `users` simulated users for `seconds`: steps per second the app sustains. */
async function measureCapacity(world: World, users: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let steps = 0;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (Date.now() < until) {
        await timed(world, nextStep());
        steps++;
      }
    }),
  );
  return steps / seconds;
}

async function main() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '30' },
      interval: { type: 'string', default: '60' },
      'capacity-seconds': { type: 'string', default: '60' },
      users: { type: 'string', default: '16' },
    },
  });
  const minutes = Number(values.minutes);
  const intervalSeconds = Number(values.interval);
  const capacitySeconds = Number(values['capacity-seconds']);
  const users = Number(values.users);
  if (![minutes, intervalSeconds, capacitySeconds, users].every((n) => Number.isFinite(n) && n > 0)) {
    console.error(usage);
    process.exit(2);
  }
  const loadAtStart = loadavg().map((n) => n.toFixed(2));
  const work = mkdtempSync(join(tmpdir(), 'velvet-soak-'));
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', 'testsrc2=s=540x960:r=30:d=3', '-f', 'lavfi', '-i', 'sine=d=3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    '-movflags', '+faststart', join(work, 'clip.mp4'),
  ]); // biome-ignore format: one ffmpeg command reads best as it would be typed
  const clip = readFileSync(join(work, 'clip.mp4'));
  rmSync(work, { recursive: true, force: true });
  process.stderr.write('starting the app (bench/.data; the first start seeds the demo content)…\n');
  const server = await startApp({ UPLOAD_BYTES_PER_DAY: String(1024 ** 4) });
  const pid = server.pid as number;
  const password = readFileSync(join(dataDir, 'pg', 'velvet-password'), 'utf8').trim();
  const admin = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:54470/postgres` });
  await admin.connect();
  const pgConnections = async () =>
    Number(
      (await admin.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'"))
        .rows[0]?.n,
    );
  try {
    const world = await prepareWorld(server.url, users, clip);
    process.stderr.write(`measuring capacity: ${users} users, no think time, ${capacitySeconds} s…\n`);
    const capacity = await measureCapacity(world, users, capacitySeconds);
    const rate = capacity / 2;
    console.log(
      `\nVelvet soak: Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadAtStart.join(' ')} at start`,
    );
    console.log(`capacity ${capacity.toFixed(1)} steps/s; soaking at ${rate.toFixed(1)} steps/s for ${minutes} min\n`);
    console.log('minute  steps  errors  p50 ms  p99 ms  rss MB  pg conns  load');

    const intervals: Interval[] = [];
    const problems = new Map<string, number>();
    let latencies: number[] = [];
    let steps = 0;
    let errors = 0;
    let inFlight = 0;
    const record = ({ outcome, ms }: { outcome: Outcome; ms: number }) => {
      latencies.push(ms);
      steps++;
      if (!outcome.ok) {
        errors++;
        const problem = outcome.problem ?? 'unknown';
        problems.set(problem, (problems.get(problem) ?? 0) + 1);
      }
    };
    const fire = (step: (world: World) => Promise<Outcome>) => {
      if (inFlight >= MAX_IN_FLIGHT) {
        record({ outcome: { ok: false, problem: `more than ${MAX_IN_FLIGHT} steps waiting` }, ms: 0 });
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
          record({ outcome: { ok: false, problem: `login: ${error.message}` }, ms: 0 }),
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
        rssMb: Math.round(rssMb(pid)),
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

    const totalErrors = intervals.reduce((sum, row) => sum + row.errors, 0) + errors;
    const totalSteps = intervals.reduce((sum, row) => sum + row.steps, 0) + steps;
    const range = (pick: (row: Interval) => number) => {
      const list = intervals.map(pick);
      return `${Math.min(...list)}..${Math.max(...list)}`;
    };
    console.log(`\nsteps ${totalSteps}, errors ${totalErrors} (${totalErrors === 0 ? 'OK: 0 errors' : 'FAIL'})`);
    console.log(
      `rss MB ${range((row) => row.rssMb)}, pg connections ${range((row) => row.pgConnections)}, p99 ms ${range((row) => row.p99Ms)}`,
    );
    for (const [problem, count] of problems) console.log(`  ${count}× ${problem}`);
    mkdirSync(resolve(resultsFile, '..'), { recursive: true });
    writeFileSync(
      resultsFile,
      JSON.stringify(
        { capacity, rate, minutes, loadAtStart, totalSteps, totalErrors, problems: Object.fromEntries(problems), intervals },
        null,
        2,
      ),
    );
    process.exitCode = totalErrors === 0 ? 0 : 1;
  } finally {
    await admin.end();
    await server.stop();
  }
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
await main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});

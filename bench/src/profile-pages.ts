import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Profile, summarise } from './cpu-profile.ts';
import { startBenchPostgres } from './data/bench-database.ts';
import { measureFirstLoadJs } from './first-load-js.ts';
import { load } from './load.ts';
import { runBench } from './run-bench.ts';
import { startApp, stopAll } from './servers.ts';
import { CHROME_ACCEPT_ENCODING, prepareStudioDataset, studioLogin } from './studio-bench.ts';

/**
 * Where a server-rendered page's time goes (issue 23): the built app runs on the studio dataset (1M posts,
 * 10M events) under `node --cpu-prof`, autocannon loads `/` as a visitor and `/studio` as the studio
 * creator, and the profile written at shutdown is summarised as the frames with the most self time and
 * the most total time (a frame's own time plus its callees', each stack counted once). The raw
 * `.cpuprofile` stays in bench/.results/profile/ for a flame graph (Chrome DevTools, speedscope).
 * Page weights (HTML bytes before compression) and the home page's first-load JavaScript are printed first.
 *
 *   npm run build && node bench/src/profile-pages.ts [--duration 10] [--connections 4] [--pages /,/studio]
 *
 * (`/studio…` pages load as the creator, others as a visitor.)
 */
const profileDir = resolve(import.meta.dirname, '../.results/profile');
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time the process has used (user + system), in ms: what a page costs, whatever else the machine runs. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
const interruption = new AbortController();

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '4' },
      pages: { type: 'string', default: '/,/studio' },
    },
  });
  const pages = values.pages.split(',');
  const seconds = Number(values.duration);
  const connections = Number(values.connections);
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  let loadFromMs = 0;
  const database = await startBenchPostgres();
  try {
    const url = await prepareStudioDataset(database);
    const spawned = Date.now();
    const app = await startApp(
      { DATABASE_URL: url, SEED_DEMO: 'false', NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` },
      'app',
    );
    // As the bench's studio entries ask: with the creator's cookies and Chrome's Accept-Encoding.
    const creator = { cookie: (await studioLogin(app.url)).cookie, 'accept-encoding': CHROME_ACCEPT_ENCODING };
    const visitor = { cookie: 'have18=1' };
    for (const [path, headers] of [
      ['/', visitor],
      ['/unsupported', visitor],
      ['/studio', creator],
    ] as const) {
      const html = await (await fetch(`${app.url}${path}`, { headers: { cookie: headers.cookie } })).text();
      console.log(`page weight ${path}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML before compression`);
    }
    const firstLoad = await measureFirstLoadJs(app.url);
    console.log(
      `first-load JavaScript of /: ${(firstLoad.totalGzipBytes / 1024).toFixed(1)} KB gzip in ${firstLoad.scripts.length} files`,
    );
    console.log(`load average ${loadavg()[0]!.toFixed(2)}; ${connections} connections, ${seconds} s per page`);
    loadFromMs = Date.now() - spawned;
    for (const path of pages) {
      const headers = path.startsWith('/studio') ? creator : visitor;
      const entry = { name: path, method: 'GET', path, headers } as const;
      await load(app.url, entry, { seconds: 2, connections }, interruption.signal);
      const cpuBefore = cpuMs(app.pid!);
      const m = await load(app.url, entry, { seconds, connections }, interruption.signal);
      const cpuPerPage = (cpuMs(app.pid!) - cpuBefore) / m.requests;
      console.log(
        `${path}: ${Math.round(m.requestsPerSecond)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ` +
          `${cpuPerPage.toFixed(1)} ms of the app's CPU a page (under the profiler)`,
      );
    }
    await app.stop();
  } finally {
    await database.stop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}`);
  const profile = JSON.parse(readFileSync(resolve(profileDir, file), 'utf8')) as Profile;
  const summary = summarise(profile, { fromMs: loadFromMs });
  console.log(
    `\n${summary.samples} samples under load (from ${(loadFromMs / 1000).toFixed(1)} s), ${resolve(profileDir, file)}\n\nself time by owner:\n${summary.owners.join('\n')}`,
  );
  console.log(`\nself time:\n${summary.self.join('\n')}`);
  console.log(`\ntotal time:\n${summary.total.join('\n')}`);
  console.log(`\ntotal time, the web app's own frames:\n${summary.app.join('\n')}`);
}

await runBench(main, stopAll, interruption);

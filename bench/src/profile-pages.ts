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
import { prepareStudioDataset, studioLogin } from './studio-bench.ts';

/**
 * Where a server-rendered page's time goes (issue 23): the built app runs on the studio dataset (1M posts,
 * 10M events) under `node --cpu-prof`, autocannon loads `/` as a visitor and `/studio` as the studio
 * creator, and the profile written at shutdown is summarised as the frames with the most self time and
 * the most total time (a frame's own time plus its callees', each stack counted once). The raw
 * `.cpuprofile` stays in bench/.results/profile/ for a flame graph (Chrome DevTools, speedscope).
 * Page weights (HTML bytes before compression) and the home page's first-load JavaScript are printed first.
 *
 *   npm run build && node bench/src/profile-pages.ts [--duration 10] [--connections 4]
 */
const profileDir = resolve(import.meta.dirname, '../.results/profile');
const interruption = new AbortController();

async function main() {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '4' } },
  });
  const seconds = Number(values.duration);
  const connections = Number(values.connections);
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const database = await startBenchPostgres();
  try {
    const url = await prepareStudioDataset(database);
    const app = await startApp(
      { DATABASE_URL: url, SEED_DEMO: 'false', NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` },
      'app',
    );
    const token = await studioLogin(app.url);
    const creator = { cookie: `authorization=${token}; have18=1` };
    const visitor = { cookie: 'have18=1' };
    for (const [path, headers] of [
      ['/', visitor],
      ['/unsupported', visitor],
      ['/studio', creator],
    ] as const) {
      const html = await (await fetch(`${app.url}${path}`, { headers })).text();
      console.log(`page weight ${path}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML before compression`);
    }
    const firstLoad = await measureFirstLoadJs(app.url);
    console.log(
      `first-load JavaScript of /: ${(firstLoad.totalGzipBytes / 1024).toFixed(1)} KB gzip in ${firstLoad.scripts.length} files`,
    );
    console.log(`load average ${loadavg()[0]!.toFixed(2)}; ${connections} connections, ${seconds} s per page`);
    for (const [path, headers] of [
      ['/', visitor],
      ['/studio', creator],
    ] as const) {
      const entry = { name: path, method: 'GET', path, headers } as const;
      await load(app.url, entry, { seconds: 2, connections }, interruption.signal);
      const m = await load(app.url, entry, { seconds, connections }, interruption.signal);
      console.log(`${path}: ${Math.round(m.requestsPerSecond)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms`);
    }
    await app.stop();
  } finally {
    await database.stop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}`);
  const summary = summarise(JSON.parse(readFileSync(resolve(profileDir, file), 'utf8')) as Profile);
  console.log(`\n${summary.samples} samples, ${resolve(profileDir, file)}\n\nself time by owner:\n${summary.owners.join('\n')}`);
  console.log(`\nself time:\n${summary.self.join('\n')}`);
  console.log(`\ntotal time:\n${summary.total.join('\n')}`);
  console.log(`\ntotal time, the web app's own frames:\n${summary.app.join('\n')}`);
}

await runBench(main, stopAll, interruption);

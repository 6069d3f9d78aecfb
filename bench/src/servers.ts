import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface Server {
  readonly url: string;
  /** The server process, for its RSS (/proc/<pid>/status). */
  readonly pid?: number;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');
export const dataDir = resolve(root, 'bench/.data');
/** The app's output: LOG_LEVEL=warn, so it holds warnings and errors only. */
export const appLogFile = resolve(dataDir, 'app.log');
// The first start on an empty bench/.data seeds the demo content (media through ffmpeg): minutes, not seconds.
const READY_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 15_000;
const children = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops every server started here, including one still starting. Safe to call more than once. */
export async function stopAll() {
  await Promise.all([...children].map(stop));
}

const rrBaselineRoot = resolve(root, 'bench/rr-baseline');
const rrBaselineBuild = resolve(root, 'bench/.results/rr-baseline');

/**
 * The trivial React Router page (bench/rr-baseline), built afresh with the app's React Router and Vite,
 * then served by rr-baseline-server.ts.
 */
export async function startRrBaseline(): Promise<Server> {
  rmSync(rrBaselineBuild, { recursive: true, force: true });
  const builder = spawn(process.execPath, [resolve(root, 'node_modules/@react-router/dev/bin.cjs'), 'build', rrBaselineRoot], {
    cwd: rrBaselineRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const [code] = (await once(builder, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the trivial React Router page did not build (exit ${code})`);
  const child = track(
    fork(resolve(import.meta.dirname, 'rr-baseline-server.ts'), [rrBaselineBuild], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
  const { address } = await new Promise<{ address: string }>((ready, fail) => {
    child.once('message', ready);
    child.once('exit', (exitCode) => fail(new Error(`trivial React Router page server exited with code ${exitCode}`)));
  });
  return { url: address, pid: child.pid, stop: () => stop(child) };
}

/** Bare Fastify (baseline-server.ts); with a database, it also answers list pages through the app's repository. */
export async function startBaseline(databaseUrl?: string): Promise<Server> {
  const child = track(
    fork(resolve(import.meta.dirname, 'baseline-server.ts'), databaseUrl ? [databaseUrl] : [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const { address } = await new Promise<{ address: string }>((ready, fail) => {
    child.once('message', ready);
    child.once('exit', (code) => fail(new Error(`baseline server exited with code ${code}`)));
  });
  return { url: address, stop: () => stop(child) };
}

/**
 * The built app with its embedded PostgreSQL under bench/.data, seeded with the demo content (`env` may
 * point it at another database instead); `app` mode runs it without the worker.
 */
export async function startApp(
  env: Readonly<Record<string, string>> = {},
  mode: 'app' | 'app-with-worker' = 'app-with-worker',
): Promise<Server> {
  mkdirSync(dataDir, { recursive: true });
  const log = openSync(appLogFile, 'w');
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [resolve(root, 'server/src/main.ts'), mode], {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        // Its own port, not the shell's EMBEDDED_PG_PORT, so a dev server running beside it is untouched.
        EMBEDDED_PG_PORT: '54470',
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The default 600/min per IP would turn all but the first 600 API requests into 429s.
        RATE_LIMIT_PER_MINUTE: '100000000',
        // Likewise the 25 logins per 5 minutes per IP, so the login entry measures argon2, not 429s.
        LOGIN_RATE_LIMIT: '100000000',
        // And the visitor tokens a page load without cookies mints, so every such page does the same work.
        VISITOR_TOKENS_PER_ADDRESS: '100000000',
        ...env,
      },
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${url}/readyz`, child);
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\n--- ${appLogFile} (end) ---\n${tail(appLogFile)}`);
  }
  return { url, pid: child.pid, stop: () => stop(child) };
}

async function waitReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`app not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM lets the app stop its embedded PostgreSQL; SIGKILL only if that hangs. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

function tail(file: string, lines = 30): string {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

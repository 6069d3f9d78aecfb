import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerEnvironment } from './runner-environment.ts';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A temporary folder, removed by the returned function. */
export function temporaryDirectory(prefix = 'velvet-test-'): { readonly path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  // When tests run as root, an embedded PostgreSQL inside runs as its own user and must enter the folder.
  chmodSync(path, 0o755);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A port nobody listens on right now (the OS picks it, so parallel files do not collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface NodeProcess {
  readonly child: ChildProcess;
  /** Everything the process wrote so far, for assertion messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>;
}

/**
 * Runs a .ts file of this repository with the Node that runs the tests, from the repository root.
 * `stdin: 'pipe'` gives the process a pipe it can watch to notice that its parent has gone.
 */
export function spawnNode(args: readonly string[], env: Record<string, string>, options: { stdin?: 'pipe' } = {}): NodeProcess {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    // Velvet processes a test starts publish their fixtures' posts at once, as testConfig does: one started
    // with review on would also write its threshold over the one the test's own app uses.
    env: { ...runnerEnvironment.shell, PREPUBLICATION_REVIEW_POSTS: '0', ...env },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { child, output: () => output, exited };
}

export interface AppNode {
  readonly proc: NodeProcess;
  readonly port: number;
  /** `http://127.0.0.1:{port}` */
  readonly base: string;
  /** Stops the process and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * `main.ts app` (HTTP, no worker) as deployed, on a free loopback port with a data folder of its own, on
 * the test's database. `env` adds or overrides settings. Does not wait: pair it with waitForHttp.
 */
export async function spawnAppNode(databaseUrl: string, env: Record<string, string> = {}): Promise<AppNode> {
  const dataDir = temporaryDirectory();
  const port = await freePort();
  const proc = spawnNode(['server/src/main.ts', 'app'], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir.path,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  });
  return {
    proc,
    port,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopProcess(proc);
      dataDir.remove();
    },
  };
}

/** Resolves with what `promise` resolves to, or rejects after `ms` with `message`. */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} (after ${ms} ms)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the first match of `pattern` in the process's output. */
export function waitForOutput(proc: NodeProcess, pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
  const found = new Promise<RegExpMatchArray>((resolve, reject) => {
    const look = () => {
      const match = proc.output().match(pattern);
      if (match) resolve(match);
      return match;
    };
    if (look()) return;
    proc.child.stdout?.on('data', look);
    proc.child.stderr?.on('data', look);
    void proc.exited.then((code) => reject(new Error(`process exited (${code}) before printing ${pattern}:\n${proc.output()}`)));
  });
  return within(found, ms, `no ${pattern} in the output:\n${proc.output()}`);
}

/** Polls `url` until it answers 200 or the process ends. */
export async function waitForHttp(url: string, server: NodeProcess, ms: number): Promise<void> {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !ended) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 ${ended ? 'before the process exited' : `within ${ms} ms`}:\n${server.output()}`);
}

/**
 * Processes that serve pages need the web build. The test runner builds after the unit tests, so a
 * fresh clone has none yet: build it here once, only when missing.
 */
export async function ensureWebBuild(): Promise<void> {
  if (existsSync(`${repoRoot}web/build/server/index.js`)) return;
  const build = spawn('npx', ['react-router', 'build'], { cwd: `${repoRoot}web`, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  build.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  build.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
  if (code !== 0) throw new Error(`the web build failed (exit ${code}):\n${output}`);
}

/** Ends a process that may still run, politely first so an embedded PostgreSQL it started stops too. */
export async function stopProcess(proc: NodeProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  await within(proc.exited, 10_000, 'process ignored SIGTERM').catch(() => proc.child.kill('SIGKILL'));
}

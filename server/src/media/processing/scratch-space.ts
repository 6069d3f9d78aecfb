import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../storage.ts';

export interface ScratchFolder {
  readonly path: string;
  remove(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Working folders of processing jobs, one per job run, under `root`. Each folder's name starts with the
 * owning process id, so a process can remove what a killed worker left behind without touching the
 * folders of workers still running on the same machine.
 */
export class ScratchSpace {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  async create(label: string): Promise<ScratchFolder> {
    await mkdir(this.#root, { recursive: true });
    const path = await mkdtemp(join(this.#root, `p${process.pid}-${label}-`));
    return { path, remove: () => rm(path, { recursive: true, force: true }) };
  }

  /** Removes folders whose process is gone (a worker killed mid-job); answers how many. */
  async sweepOrphans(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.#root);
    } catch {
      return 0;
    }
    const orphans = names.filter((name) => {
      const pid = Number(/^p(\d+)-/.exec(name)?.[1]);
      return Number.isInteger(pid) && pid > 0 && !isAlive(pid);
    });
    await Promise.all(orphans.map((name) => rm(join(this.#root, name), { recursive: true, force: true })));
    return orphans.length;
  }
}

/** Copies a stored object to a local file (tools need a seekable file; the storage may be S3). False when it is missing. */
export async function fetchToFile(storage: Storage, key: string, path: string): Promise<boolean> {
  const stream = await storage.get(key);
  if (!stream) return false;
  await pipeline(stream, createWriteStream(path));
  return true;
}

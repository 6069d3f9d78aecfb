import { randomBytes } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage, StoredObject } from './storage.ts';
import { assertValidStorageKey, assertValidStoragePrefix, contentTypeOfKey } from './storage-keys.ts';

/** Unfinished writes live here; valid keys cannot start with a dot, so nothing in it is ever served. */
const INCOMING_DIR = '.incoming';

/** Media on the local disk under one root folder (`DATA_DIR/media` by default). */
export class LocalStorage implements Storage {
  readonly #root: string;

  constructor(root: string) {
    this.#root = resolve(root);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<StoredObject> {
    return this.#writeAtomically(key, (temporary) =>
      pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(temporary, { flags: 'wx' })),
    );
  }

  async putFile(key: string, path: string): Promise<StoredObject> {
    return this.#writeAtomically(key, (temporary) => copyFile(path, temporary));
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const path = this.#pathOf(key);
    try {
      // Opening first turns a missing file into undefined here rather than an error event mid-response.
      const handle = await open(path, 'r');
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return undefined;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const path = this.#pathOf(key);
    try {
      const stats = await stat(path);
      return stats.isFile() ? describe(key, stats) : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    assertValidStoragePrefix(prefix);
    const folder = this.#pathOf(prefix.slice(0, -1));
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(this.#root, join(entry.parentPath, entry.name)).split(sep).join('/'));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidStoragePrefix(prefix);
    // The trailing separator makes a file stored under the folder's own name (not under the prefix) an ENOTDIR.
    await rm(`${this.#pathOf(prefix.slice(0, -1))}${sep}`, { recursive: true, force: true }).catch((error) => {
      if (!isMissing(error)) throw error;
    });
  }

  /** Writes into a temporary file beside the root, then renames it over the key: rename is atomic on one filesystem. */
  async #writeAtomically(key: string, write: (temporary: string) => Promise<unknown>): Promise<StoredObject> {
    const path = this.#pathOf(key);
    const incoming = join(this.#root, INCOMING_DIR);
    const temporary = join(incoming, `${randomBytes(12).toString('hex')}.part`);
    await mkdir(incoming, { recursive: true });
    try {
      await write(temporary);
      await mkdir(dirname(path), { recursive: true });
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return describe(key, await stat(path));
  }

  #pathOf(key: string): string {
    assertValidStorageKey(key);
    const path = resolve(this.#root, key);
    // The key pattern already rules out traversal; this second check keeps it true if the pattern ever changes.
    if (!path.startsWith(this.#root + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return path;
  }
}

function describe(key: string, stats: Stats): StoredObject {
  return {
    key,
    size: stats.size,
    contentType: contentTypeOfKey(key),
    etag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`,
    modifiedAt: stats.mtime,
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../storage.ts';

/**
 * Runs `work` on a local copy of a stored object (ffmpeg needs a seekable file; the storage may be S3), in a
 * scratch folder of its own that is removed afterwards. Resolves undefined when the object does not exist.
 */
export async function withLocalCopy<T>(
  storage: Storage,
  key: string,
  scratchDir: string,
  work: (path: string) => Promise<T>,
): Promise<T | undefined> {
  const stream = await storage.get(key);
  if (!stream) return undefined;
  await mkdir(scratchDir, { recursive: true });
  const folder = await mkdtemp(join(scratchDir, 'copy-'));
  try {
    const path = join(folder, 'original');
    await pipeline(stream, createWriteStream(path, { flags: 'wx' }));
    return await work(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Storage } from '../../media/storage.ts';
import type { PerformersRepository } from './performers.repository.ts';

/** The SHA-256 of a stream's bytes, in hex. */
export async function sha256Hex(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256OfFile = (path: string): Promise<string> => sha256Hex(createReadStream(path));

/**
 * The SHA-256 of each of a post's media originals, as a consent records them: stored at upload, computed
 * once from the stored original for files uploaded before digests were kept. A file whose original is
 * gone has no digest to give and is left out.
 */
export async function postMediaDigests(repository: PerformersRepository, storage: Storage, postId: number): Promise<string[]> {
  const digests: string[] = [];
  for (const media of await repository.mediaOf(postId)) {
    if (media.sha256) {
      digests.push(media.sha256);
      continue;
    }
    const original = media.originalKey ? await storage.get(media.originalKey) : undefined;
    if (!original) continue;
    const digest = await sha256Hex(original);
    await repository.setMediaDigest(media.id, digest);
    digests.push(digest);
  }
  return digests;
}

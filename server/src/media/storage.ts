import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** What a stored object looks like from outside, whatever the driver keeps it in. */
export interface StoredObject {
  readonly key: string;
  readonly size: number;
  readonly contentType: string;
  readonly etag: string;
  readonly modifiedAt: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Where media bytes live. Keys are slash-separated paths such as `media/<name>/poster-jpg.jpg`; objects are
 * written once and never change (but for the `/thumber/` stills a new cover replaces, media/cover/README.md),
 * until a takedown removes a media name's folder whole (media/README.md "Takedowns").
 */
export interface Storage {
  /** Stores the bytes under key; readers see the old object or the whole new one, never a part. */
  put(key: string, body: Readable | Uint8Array): Promise<StoredObject>;
  /** Stores a file from the local disk (e.g. an ffmpeg output) under key. */
  putFile(key: string, path: string): Promise<StoredObject>;
  /** A stream of the object's bytes (or of one range of them); undefined when the key does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Keys of every object under a folder such as `media/<name>/` (ending in a slash), in no set order. */
  list(prefix: string): Promise<string[]>;
  /** Removes every object under a folder such as `media/<name>/`; an empty or missing folder is not an error. */
  deletePrefix(prefix: string): Promise<void>;
}

/** Builds the configured storage: the local disk, or an S3 bucket (STORAGE_DRIVER=s3). */
export function createStorage(config: Config['storage']): Storage {
  if (config.driver === 'local') return new LocalStorage(config.dir);
  return new S3Storage(config);
}

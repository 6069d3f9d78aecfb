import { pipeline, Readable } from 'node:stream';
import type { Storage, StoredObject } from '../../media/storage.ts';
import type { Keyring } from './keyring.ts';
import { SealedError } from './sealed-error.ts';
import { MAX_HEADER_BYTES, readHeader, seal, unseal } from './sealed-format.ts';
import { createRewrapStream, createSealStream, createUnsealStream } from './sealed-stream.ts';

/**
 * Every sealed object lives under this prefix. No public route maps to it: `/media/*` serves only keys
 * under `media/` and `/thumber/*` only under `thumber/` (media/media.routes.ts).
 */
export const SEALED_PREFIX = 'sealed/';

export interface RewrapReport {
  readonly checked: number;
  readonly rewrapped: number;
  /** Objects that are not sealed blobs or whose key is not in the keyring: left as they are, listed by key. */
  readonly failed: readonly string[];
}

/** Sealed objects in the app's storage: written sealed, read back verified. */
export class SealedStore {
  private readonly storage: Storage;
  private readonly keyring: Keyring;

  constructor(storage: Storage, keyring: Keyring) {
    this.storage = storage;
    this.keyring = keyring;
  }

  async put(key: string, content: Readable | Uint8Array): Promise<StoredObject> {
    assertSealedKey(key);
    if (!(content instanceof Readable)) return this.storage.put(key, seal(this.keyring, content));
    const sealing = createSealStream(this.keyring);
    // An error in the source destroys the sealing stream too, so the write fails instead of storing a part.
    pipeline(content, sealing, () => {});
    return this.storage.put(key, sealing);
  }

  /** The whole content, verified before it is returned; undefined for a missing key. */
  async read(key: string): Promise<Buffer | undefined> {
    assertSealedKey(key);
    const stream = await this.storage.get(key);
    if (!stream) return undefined;
    return unseal(this.keyring, Buffer.concat(await stream.toArray()));
  }

  /** The content as a stream; an error at its end means the blob was altered (see createUnsealStream). */
  async open(key: string): Promise<Readable | undefined> {
    assertSealedKey(key);
    const stream = await this.storage.get(key);
    if (!stream) return undefined;
    const unsealing = createUnsealStream(this.keyring);
    pipeline(stream, unsealing, () => {});
    return unsealing;
  }

  async delete(key: string): Promise<void> {
    assertSealedKey(key);
    await this.storage.delete(key);
  }

  /** Re-wraps every object under prefix whose data key is wrapped by a master key other than the current one. */
  async rewrapAll(prefix = SEALED_PREFIX): Promise<RewrapReport> {
    assertSealedKey(prefix);
    const keys = await this.storage.list(prefix);
    let rewrapped = 0;
    const failed: string[] = [];
    for (const key of keys) {
      try {
        if (await this.#rewrap(key)) rewrapped += 1;
      } catch (error) {
        if (!(error instanceof SealedError)) throw error;
        failed.push(key);
      }
    }
    return { checked: keys.length, rewrapped, failed };
  }

  async #rewrap(key: string): Promise<boolean> {
    const head = await this.storage.get(key, { start: 0, end: MAX_HEADER_BYTES - 1 });
    const header = head && readHeader(Buffer.concat(await head.toArray()));
    if (!header) throw new SealedError('truncated', 'the sealed blob is cut short');
    if (header.keyId === this.keyring.currentKeyId) return false;
    if (!this.keyring.has(header.keyId)) throw new SealedError('unknown_key', `no master key ${header.keyId}`);
    const source = await this.storage.get(key);
    if (!source) return false;
    const rewrapping = createRewrapStream(this.keyring);
    pipeline(source, rewrapping, () => {});
    await this.storage.put(key, rewrapping);
    return true;
  }
}

function assertSealedKey(key: string): void {
  if (!key.startsWith(SEALED_PREFIX)) throw new Error(`sealed objects live under ${SEALED_PREFIX}, not ${key}`);
}

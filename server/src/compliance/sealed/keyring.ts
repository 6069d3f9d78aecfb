import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SealedError } from './sealed-error.ts';

/** One master key as configuration holds it: an id written into every blob it wraps, and 32 bytes in base64. */
export interface MasterKeySetting {
  readonly id: string;
  readonly key: string;
}

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const WRAP_IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;
/** iv + wrapped data key + tag, as they sit in a blob's header. */
export const WRAPPED_KEY_BYTES = WRAP_IV_BYTES + DATA_KEY_BYTES + TAG_BYTES;

/**
 * The master keys (COMPLIANCE_KEYS): the first wraps the data keys of new blobs, every key unwraps. Master
 * keys never touch content, so rotating one re-wraps 32-byte data keys and leaves the content as it is.
 */
export class Keyring {
  readonly #keys: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(settings: readonly MasterKeySetting[]) {
    if (settings.length === 0) throw new Error('a keyring needs at least one master key');
    this.#keys = new Map();
    for (const { id, key } of settings) {
      const bytes = Buffer.from(key, 'base64');
      if (!KEY_ID_PATTERN.test(id) || bytes.length !== DATA_KEY_BYTES) throw new Error(`master key ${id} is malformed`);
      this.#keys.set(id, bytes);
    }
    this.currentKeyId = settings[0]!.id;
  }

  has(keyId: string): boolean {
    return this.#keys.has(keyId);
  }

  /** A fresh data key wrapped under the current master key; `associated` binds the wrap to the blob's header. */
  newDataKey(associated: Buffer): { dataKey: Buffer; wrapped: Buffer } {
    const dataKey = randomBytes(DATA_KEY_BYTES);
    return { dataKey, wrapped: this.wrap(dataKey, associated) };
  }

  wrap(dataKey: Buffer, associated: Buffer): Buffer {
    const iv = randomBytes(WRAP_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#master(this.currentKeyId), iv);
    cipher.setAAD(associated);
    const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]);
  }

  unwrap(keyId: string, wrapped: Buffer, associated: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.#master(keyId), wrapped.subarray(0, WRAP_IV_BYTES));
    decipher.setAAD(associated);
    decipher.setAuthTag(wrapped.subarray(WRAP_IV_BYTES + DATA_KEY_BYTES));
    try {
      return Buffer.concat([decipher.update(wrapped.subarray(WRAP_IV_BYTES, WRAP_IV_BYTES + DATA_KEY_BYTES)), decipher.final()]);
    } catch {
      throw new SealedError('tampered', 'the wrapped data key does not verify');
    }
  }

  #master(keyId: string): Buffer {
    const key = this.#keys.get(keyId);
    if (!key) throw new SealedError('unknown_key', `no master key ${JSON.stringify(keyId)} in COMPLIANCE_KEYS`);
    return key;
  }
}

/** Parses COMPLIANCE_KEYS (`id:base64,id:base64`); the error message names what is wrong, never a key. */
export function parseMasterKeys(value: string): MasterKeySetting[] {
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      const id = colon < 0 ? '' : entry.slice(0, colon);
      const key = colon < 0 ? '' : entry.slice(colon + 1);
      if (!KEY_ID_PATTERN.test(id)) throw new Error('each entry must be `keyId:base64` with a key id of letters, digits, _ or -');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || Buffer.from(key, 'base64').length !== DATA_KEY_BYTES) {
        throw new Error(`key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`);
      }
      return { id, key };
    });
  if (value.trim() && keys.length === 0) throw new Error('needs at least one `keyId:base64` entry');
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new Error('key ids must be unique');
  return keys;
}

/** A new master key setting, as the first start writes it into DATA_DIR/secrets.json. */
export function generateMasterKey(): string {
  return `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}:${randomBytes(DATA_KEY_BYTES).toString('base64')}`;
}

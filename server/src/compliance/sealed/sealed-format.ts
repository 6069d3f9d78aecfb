import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type Keyring, WRAPPED_KEY_BYTES } from './keyring.ts';
import { SealedError } from './sealed-error.ts';

/**
 * A sealed blob describes itself, so storage needs no columns beside it:
 *
 *   magic "VSLD" | version 1 | key id length n | key id (n bytes) | wrapped data key (60) | content iv (12)
 *   | AES-256-GCM ciphertext | content tag (16)
 *
 * The wrapped data key is bound to the magic, version and key id; the content to the magic and version
 * only, so a re-wrap under another master key rewrites the header and leaves the content bytes as they are.
 */
const MAGIC = Buffer.from('VSLD', 'ascii');
const VERSION = 1;
const CONTENT_IV_BYTES = 12;
export const TAG_BYTES = 16;
const FIXED_BYTES = MAGIC.length + 2;
/** The longest header: reading this many bytes of any blob always yields its whole header. */
export const MAX_HEADER_BYTES = FIXED_BYTES + 64 + WRAPPED_KEY_BYTES + CONTENT_IV_BYTES;

export interface SealedHeader {
  readonly keyId: string;
  readonly wrappedKey: Buffer;
  readonly contentIv: Buffer;
  /** The header's own bytes: magic through content iv. */
  readonly bytes: Buffer;
}

function wrapAssociatedData(keyId: string): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([VERSION]), Buffer.from(keyId, 'ascii')]);
}

function contentAssociatedData(): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([VERSION])]);
}

function encodeHeader(keyId: string, wrappedKey: Buffer, contentIv: Buffer): Buffer {
  const id = Buffer.from(keyId, 'ascii');
  return Buffer.concat([MAGIC, Buffer.from([VERSION, id.length]), id, wrappedKey, contentIv]);
}

/**
 * The header at the start of `bytes`; undefined while more bytes are needed to tell. Throws SealedError when
 * the bytes cannot be a sealed blob of a version this code reads.
 */
export function readHeader(bytes: Buffer): SealedHeader | undefined {
  const known = Math.min(bytes.length, MAGIC.length);
  if (!bytes.subarray(0, known).equals(MAGIC.subarray(0, known))) throw new SealedError('not_sealed', 'not a sealed blob');
  if (bytes.length < FIXED_BYTES) return undefined;
  if (bytes[MAGIC.length] !== VERSION) throw new SealedError('unsupported_version', `sealed blob version ${bytes[MAGIC.length]}`);
  const idLength = bytes[MAGIC.length + 1]!;
  if (idLength === 0 || idLength > 64) throw new SealedError('not_sealed', 'the key id length is out of range');
  const length = FIXED_BYTES + idLength + WRAPPED_KEY_BYTES + CONTENT_IV_BYTES;
  if (bytes.length < length) return undefined;
  const keyId = bytes.subarray(FIXED_BYTES, FIXED_BYTES + idLength).toString('ascii');
  const wrappedStart = FIXED_BYTES + idLength;
  return {
    keyId,
    wrappedKey: bytes.subarray(wrappedStart, wrappedStart + WRAPPED_KEY_BYTES),
    contentIv: bytes.subarray(wrappedStart + WRAPPED_KEY_BYTES, length),
    bytes: bytes.subarray(0, length),
  };
}

/** Starts a new blob: its header and the cipher for its content (the caller appends `getAuthTag()` at the end). */
export function beginSeal(keyring: Keyring) {
  const keyId = keyring.currentKeyId;
  const { dataKey, wrapped } = keyring.newDataKey(wrapAssociatedData(keyId));
  const contentIv = randomBytes(CONTENT_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', dataKey, contentIv);
  cipher.setAAD(contentAssociatedData());
  return { header: encodeHeader(keyId, wrapped, contentIv), cipher };
}

/** The decipher for a blob's content; the caller must set the tag and call `final()` before trusting a byte. */
export function beginUnseal(keyring: Keyring, header: SealedHeader) {
  const dataKey = keyring.unwrap(header.keyId, header.wrappedKey, wrapAssociatedData(header.keyId));
  const decipher = createDecipheriv('aes-256-gcm', dataKey, header.contentIv);
  decipher.setAAD(contentAssociatedData());
  return decipher;
}

/** The same header with its data key wrapped under the current master key instead. */
export function rewrapHeader(keyring: Keyring, header: SealedHeader): Buffer {
  const dataKey = keyring.unwrap(header.keyId, header.wrappedKey, wrapAssociatedData(header.keyId));
  const keyId = keyring.currentKeyId;
  return encodeHeader(keyId, keyring.wrap(dataKey, wrapAssociatedData(keyId)), header.contentIv);
}

function completeHeader(blob: Buffer): SealedHeader {
  const header = readHeader(blob);
  if (!header || blob.length < header.bytes.length + TAG_BYTES)
    throw new SealedError('truncated', 'the sealed blob is cut short');
  return header;
}

export function seal(keyring: Keyring, content: Uint8Array): Buffer {
  const { header, cipher } = beginSeal(keyring);
  return Buffer.concat([header, cipher.update(content), cipher.final(), cipher.getAuthTag()]);
}

/** The content of a blob, verified whole; SealedError when it was altered or its key is not in the keyring. */
export function unseal(keyring: Keyring, blob: Buffer): Buffer {
  const header = completeHeader(blob);
  const decipher = beginUnseal(keyring, header);
  decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(blob.subarray(header.bytes.length, blob.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedError('tampered', 'the sealed content does not verify');
  }
}

/** The blob with its data key wrapped under the current master key; the content bytes are copied unchanged. */
export function rewrap(keyring: Keyring, blob: Buffer): Buffer {
  const header = completeHeader(blob);
  if (header.keyId === keyring.currentKeyId) return blob;
  return Buffer.concat([rewrapHeader(keyring, header), blob.subarray(header.bytes.length)]);
}

export function sealedKeyId(blob: Buffer): string {
  return completeHeader(blob).keyId;
}

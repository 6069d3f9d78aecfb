export class InvalidStorageKeyError extends Error {}

// Segments may not start with a dot, so `.` and `..` (and the local driver's temporary folder) are unreachable.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key.slice(0, 80))}`);
}

/** A folder prefix (`media/<name>/`): a valid key followed by one slash, so a prefix never matches a sibling name. */
export function assertValidStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isValidStorageKey(prefix.slice(0, -1))) {
    throw new InvalidStorageKeyError(`Invalid storage prefix ${JSON.stringify(prefix.slice(0, 80))}`);
  }
}

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt; charset=utf-8',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** Content type of a key from its extension: every writer names its renditions, so the extension is trusted. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[extension] ?? 'application/octet-stream';
}

import { randomBytes } from 'node:crypto';

/** A media file's public name: 120 random bits, base64url, so media URLs cannot be enumerated. */
export const mediaName = (): string => randomBytes(15).toString('base64url');

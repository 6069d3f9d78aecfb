import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

const NONCE_BYTES = 16;
/** Nonces drawn from one system call: 256 requests' worth. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
/** Stands for the request's nonce while helmet writes the headers once; never sent. */
const NONCE_MARK = 'velvet-nonce-mark';

/**
 * A fresh Content-Security-Policy nonce: 16 random bytes, base64. They come from a pool filled by one
 * `randomBytes` call per 256 nonces: one call per request (a getrandom system call each) was 6% of a cached
 * API answer's CPU. Every nonce is still 16 bytes from the system's CSPRNG, used once.
 */
export function nonceSource(): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + NONCE_BYTES > pool.length) {
      pool = randomBytes(NONCE_POOL_BYTES);
      offset = 0;
    }
    offset += NONCE_BYTES;
    return pool.toString('base64', offset - NONCE_BYTES, offset);
  };
}

/** A `script-src` entry standing for the request's nonce (helmet's dynamic directive value). */
export type NonceDirective = () => string;

export type SecureHeaders = (response: ServerResponse, nonce: string) => void;

/**
 * helmet's headers, worked out once. Run per request, helmet's middleware built the policy string and went
 * through a dozen header functions for every answer: a tenth of a cached API answer's CPU. They depend on
 * nothing of the request but the script nonce, so helmet writes them once into a recorder with a mark in the
 * nonce's place, and each answer gets that list with its own nonce put in. `nonce` directives take
 * `NonceDirective` values: helmet calls them with the recorder, which yields the mark.
 */
export function secureHeaders(options: (nonce: NonceDirective) => Readonly<HelmetOptions>): SecureHeaders {
  const recorded: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number) {
      recorded.push([name, String(value)]);
    },
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader() {},
  };
  const mark: NonceDirective = () => `'nonce-${NONCE_MARK}'`;
  helmet(options(mark))({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  const headers = recorded.map(([name, value]) => [name, value.split(NONCE_MARK)] as const);
  return (response, nonce) => {
    for (const [name, parts] of headers) response.setHeader(name, parts.length === 1 ? parts[0]! : parts.join(nonce));
  };
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Marks the API calls a page's loaders make in-process (web/web.plugin.ts). The page request that runs
 * them has already been counted against its client's rate limit, so these are not counted again; the
 * mark is a secret of this process, so no request from outside can claim it.
 */
const HEADER = 'x-velvet-in-process';
const secret = randomBytes(32);

export const inProcessCallHeaders: Readonly<Record<string, string>> = { [HEADER]: secret.toString('base64url') };

export function isInProcessCall(request: Pick<FastifyRequest, 'headers'>): boolean {
  const value = request.headers[HEADER];
  if (typeof value !== 'string') return false;
  const given = Buffer.from(value, 'base64url');
  return given.length === secret.length && timingSafeEqual(given, secret);
}

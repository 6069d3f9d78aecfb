import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is looking, for counters, seen posts and tag preferences: a logged-in user by id, an anonymous
 * visitor by the visitor id in their anonymous token (`u:` and `v:` keys in post_views, share_events and
 * tag_preferences). `key` is undefined for a caller without any token: nothing is remembered for them.
 */
export interface Viewer {
  readonly userId: number | undefined;
  readonly key: string | undefined;
}

export function viewerOf(request: FastifyRequest): Viewer {
  const { userId, visitorId } = request.session;
  if (userId !== undefined) return { userId, key: `u:${userId}` };
  return { userId: undefined, key: visitorId ? `v:${visitorId}` : undefined };
}

/**
 * For counting only: a caller without a token still counts once per window, keyed by a digest of their
 * address (the address itself is not stored).
 */
export function countingKeyOf(request: FastifyRequest): string {
  const viewer = viewerOf(request);
  return viewer.key ?? `ip:${createHash('sha256').update(request.ip).digest('hex').slice(0, 24)}`;
}

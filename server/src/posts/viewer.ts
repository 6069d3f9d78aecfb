import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
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

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** The counting key of a caller without a token, over HTTP and the websocket alike: a digest of the address, never the address. */
export function addressKey(ip: string): string {
  return `ip:${digest(ip)}`;
}

/**
 * The address range a client counts in, for the caps on counted views and shares per range: IPv4 by /24
 * and IPv6 by /64 (what one household, office or provider customer typically holds). A digest, like addressKey.
 */
export function networkKey(ip: string): string {
  const address = normalizeIP(ip);
  const range = address.includes(':') ? `${address}/64` : `${address.split('.').slice(0, 3).join('.')}.0/24`;
  return `net:${digest(range)}`;
}

/** Who counts a view or a share: the viewer's key and their address range. */
export interface CountingViewer {
  readonly key: string;
  readonly network: string;
}

/** For counting only: a caller without a token still counts once per window, keyed by a digest of their address. */
export function countingViewerOf(request: FastifyRequest): CountingViewer {
  // A client that already hung up has no address any more (see http/security.ts rateLimitKey).
  const ip = request.ip === undefined ? 'peer-gone' : request.ip;
  return { key: viewerOf(request).key ?? addressKey(ip), network: networkKey(ip) };
}
